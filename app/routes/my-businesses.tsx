import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/session.server";
import { OwnedBusinessCard } from "~/features/owners/components/owned-business-card";
import { ownerDashboard } from "~/features/owners/owner.server";
import { submissionStatusWords } from "~/features/owners/submission-status";
import { memberSubmissions, submissionPath } from "~/features/owners/submissions.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/my-businesses";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [businesses, added] = await Promise.all([ownerDashboard(user.id), memberSubmissions(user.id)]);
  return {
    // What they added and where it stands; a published one is also among their businesses above.
    added: added.map((a) => ({
      id: a.id,
      href: submissionPath(a.id),
      name: String(a.sent.name),
      status: submissionStatusWords[a.status],
      sentAt: formatLondonDateTime(a.createdAt),
    })),
    businesses: businesses.map((b) => ({
      ...b,
      proposalSentAt: b.proposalSentAt ? formatLondonDateTime(b.proposalSentAt) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "My businesses | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyBusinesses({ loaderData: { businesses, added } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My businesses" />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,64rem)] gap-6 px-4 py-6 sm:py-10">
        {businesses.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No businesses yet</h2>
            <p className="max-w-prose text-slate-700">
              Find your business in the Halal Directory and choose "Claim this business" on its page, or add it if it is
              not there. Once we know it is yours, it appears here.
            </p>
            <div className="mt-2 flex flex-wrap justify-center gap-3">
              <Link to="/halal-network-space" className={buttonVariants()}>
                Find your business
              </Link>
              <Link to="/halal-network-space/add" className={buttonVariants({ variant: "outline" })}>
                Add your business
              </Link>
            </div>
          </Card>
        ) : (
          businesses.map((business) => <OwnedBusinessCard key={business.id} business={business} />)
        )}
        {added.length ? (
          <Card className="p-6">
            <h2 className="text-xl font-semibold">Businesses you added</h2>
            <ul className="mt-3 grid gap-2">
              {added.map((a) => (
                <li key={a.id}>
                  <Link to={a.href} className="font-semibold text-brand-800 underline">
                    {a.name}
                  </Link>{" "}
                  <span className="text-slate-700">
                    · {a.status} · added {a.sentAt}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
        {businesses.length ? (
          <p className="text-sm text-slate-700">
            Another business of yours missing from the directory?{" "}
            <Link to="/halal-network-space/add" className="font-semibold text-brand-800 underline">
              Add it free
            </Link>
          </p>
        ) : null}
      </section>
    </>
  );
}

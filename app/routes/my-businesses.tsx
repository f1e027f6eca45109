import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/session.server";
import { OwnedBusinessCard } from "~/features/owners/components/owned-business-card";
import { ownerDashboard } from "~/features/owners/owner.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/my-businesses";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const businesses = await ownerDashboard(user.id);
  return {
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

export default function MyBusinesses({ loaderData: { businesses } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My businesses" />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,64rem)] gap-6 px-4 py-6 sm:py-10">
        {businesses.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No businesses yet</h2>
            <p className="max-w-prose text-slate-700">
              Find your business in the Halal Directory and choose "Claim this business" on its page. Once we know it is
              yours, it appears here.
            </p>
            <Link to="/halal-network-space" className={buttonVariants({ className: "mt-2" })}>
              Find your business
            </Link>
          </Card>
        ) : (
          businesses.map((business) => <OwnedBusinessCard key={business.id} business={business} />)
        )}
      </section>
    </>
  );
}

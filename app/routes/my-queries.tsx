import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { getSessionUser } from "~/features/account/session.server";
import { listEnquiriesOf } from "~/features/enquiries/enquiries.server";
import { enquiryKindLabels, enquiryStatusLabels } from "~/features/enquiries/enquiry-kinds";
import { formatLondonDate } from "~/lib/dates";
import type { Route } from "./+types/my-queries";

// The spec: this page checks no session and never redirects. A member sees
// what they sent while signed in; anyone else, the spec's placeholder.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return { signedIn: false as const, queries: [] };
  const queries = await listEnquiriesOf(user.id);
  return {
    signedIn: true as const,
    queries: queries.map((q) => ({
      id: q.id,
      kind: enquiryKindLabels[q.kind],
      subject: q.subject,
      status: q.status,
      statusLabel: enquiryStatusLabels[q.status],
      date: formatLondonDate(q.createdAt),
      dateTime: q.createdAt.toISOString(),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "My Queries | HBS" }, { name: "robots", content: "noindex" }];

const statusVariant = { new: "default", in_progress: "accent", closed: "outline" } as const;

export default function MyQueries({ loaderData: { signedIn, queries } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My Queries" />
      <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {queries.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700 shadow-sm">
            <p>Your submitted queries will appear here.</p>
            {signedIn ? (
              <>
                <p className="mt-2 text-sm">
                  Register interest in a business for sale, list yours or send us a message, and follow it here.
                </p>
                <div className="mt-6 flex flex-wrap justify-center gap-3">
                  <Link to="/buy" className={buttonVariants()}>
                    Browse Businesses
                  </Link>
                  <Link to="/contact" className={buttonVariants({ variant: "outline" })}>
                    Contact us
                  </Link>
                </div>
              </>
            ) : (
              <>
                <p className="mt-2 text-sm">Sign in before you send a form, and you will find it here.</p>
                <Link to="/auth?redirectTo=/my-queries" className={buttonVariants({ className: "mt-6" })}>
                  Sign in
                </Link>
              </>
            )}
          </div>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your enquiries and submissions, newest first</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Kind
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    About
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {queries.map((query) => (
                  <tr key={query.id}>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <time dateTime={query.dateTime}>{query.date}</time>
                    </td>
                    <td className="px-4 py-3">{query.kind}</td>
                    <td className="px-4 py-3 font-medium text-slate-900">{query.subject}</td>
                    <td className="px-4 py-3">
                      <Badge variant={statusVariant[query.status]}>{query.statusLabel}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

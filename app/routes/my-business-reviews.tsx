import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Pagination } from "~/components/ui/pagination";
import { requireOwnedBusiness } from "~/features/owners/owner.server";
import { Stars } from "~/features/reviews/components/stars";
import { REVIEW_POLICY_PATH } from "~/features/reviews/review-rules";
import { listReviews, replyPath } from "~/features/reviews/reviews.server";
import { formatLondonDate } from "~/lib/dates";
import { pageParam } from "~/lib/list-query.server";
import type { Route } from "./+types/my-business-reviews";

/** The published reviews of the owner's business, newest first, each with its reply or a way to write one. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { business } = await requireOwnedBusiness(request, params.id);
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const rows = await listReviews(business.id, "newest", page);
  return {
    business: { id: business.id, name: business.name, slug: business.slug, reviewCount: business.reviewCount },
    page,
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      body: r.body,
      author: r.author,
      date: formatLondonDate(r.createdAt),
      reply: r.reply,
      path: replyPath(business.id, r.id),
    })),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Reviews of ${loaded?.business.name ?? "your business"} | HBS` },
  { name: "robots", content: "noindex" },
];

export default function MyBusinessReviews({ loaderData: { business, page, reviews } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader
        title={`Reviews of ${business.name}`}
        description="Reply publicly, once, to each review; the reviews stay as their authors wrote them."
      />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,56rem)] gap-6 px-4 py-6 sm:py-10">
        <p>
          <Link to="/my-businesses" className="font-semibold text-brand-800 hover:underline">
            ← My businesses
          </Link>
        </p>
        <p className="text-sm text-slate-700">
          If a review breaks{" "}
          <Link to={REVIEW_POLICY_PATH} className="font-medium text-brand-800 underline">
            our review policy
          </Link>{" "}
          (for example, it is not about a real visit), report it from{" "}
          <Link to={`/halal-network-space/${business.slug}#reviews`} className="font-medium text-brand-800 underline">
            your page
          </Link>
          ; it stays up while our team looks at it.
        </p>
        {reviews.length === 0 ? (
          <p className="text-slate-700">
            Nobody has reviewed {business.name} yet. Ask your customers to review it from{" "}
            <Link to={`/halal-network-space/${business.slug}#reviews`} className="font-medium text-brand-800 underline">
              your page
            </Link>{" "}
            after their visit.
          </p>
        ) : (
          <ol className="grid gap-4">
            {reviews.map((r) => (
              <li key={r.id}>
                <article
                  aria-labelledby={`review-${r.id}`}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={r.rating} />
                    <h2 id={`review-${r.id}`} className="font-semibold">
                      {r.author}
                    </h2>
                    <p className="text-sm text-slate-700">{r.date}</p>
                  </header>
                  <p className="mt-2 break-words whitespace-pre-line text-slate-800">{r.body}</p>
                  {r.reply ? (
                    <div className="mt-3 rounded-lg border-l-4 border-brand-700 bg-slate-50 p-3">
                      <h3 className="text-sm font-semibold">Your reply</h3>
                      <p className="mt-1 break-words whitespace-pre-line text-slate-800">{r.reply}</p>
                    </div>
                  ) : null}
                  <p className="mt-3">
                    <Link
                      to={r.path}
                      aria-describedby={`review-${r.id}`}
                      className="font-medium text-brand-800 underline underline-offset-4"
                    >
                      {r.reply ? "Edit your reply" : "Reply"}
                    </Link>
                  </p>
                </article>
              </li>
            ))}
          </ol>
        )}
        <Pagination page={page} total={business.reviewCount} label="Pages of reviews" />
      </section>
    </>
  );
}

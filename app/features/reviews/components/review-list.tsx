import { Link, useSearchParams } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { buttonVariants } from "~/components/ui/button";
import { withParams } from "~/lib/list-query";
import { srcSetOf } from "~/lib/images";
import { cn } from "~/lib/utils";
import { REVIEW_POLICY_PATH, REVIEW_SORTS, type ReviewSort } from "../review-rules";
import { RatingSummary, Stars } from "./stars";

export interface ShownReview {
  id: number;
  rating: number;
  body: string;
  author: string;
  date: string;
  visited: string | null;
  edited: boolean;
  /** The business owner's public reply. */
  reply: { body: string; date: string; edited: boolean } | null;
  /** Where the owner writes or edits it: set only for the business's owner. */
  replyPath: string | null;
  /** Up to four (decision 0093). */
  photos: { id: number; url: string }[];
}

const sortLabels: Record<ReviewSort, string> = { newest: "Newest", highest: "Highest rated", lowest: "Lowest rated" };

/** The member's own review's state, or what they must do to write one. */
export type MyReviewState =
  | { kind: "signed-out" }
  | { kind: "unverified" }
  | { kind: "banned" }
  | { kind: "none" }
  | { kind: "mine"; status: "published" | "held" | "removed"; removalReason: string | null };

function MyReview({ slug, state }: { slug: string; state: MyReviewState }) {
  const write = `/halal-network-space/${slug}/review`;
  const box = "rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800";
  switch (state.kind) {
    case "signed-out":
      return (
        <p className={box}>
          <Link
            to={`/auth?${new URLSearchParams({ redirectTo: write })}`}
            className="font-medium text-brand-800 underline"
          >
            Sign in to write a review
          </Link>
          . Reviews come from members with a verified e-mail address.
        </p>
      );
    case "unverified":
      return <p className={box}>Verify your e-mail address (see the e-mail we sent you) to write a review.</p>;
    case "banned":
      return <p className={box}>You can no longer write reviews on HBS: one of yours was removed as fake.</p>;
    case "none":
      return (
        <Link to={write} className={buttonVariants({ variant: "default" })}>
          Write a review
        </Link>
      );
    case "mine":
      return (
        <div className={box}>
          <p>
            {state.status === "published"
              ? "Your review is published."
              : state.status === "held"
                ? "Your review is waiting for a check by our team before it appears."
                : `Our team removed your review${state.removalReason ? `: ${state.removalReason}` : "."}`}{" "}
            {state.status !== "removed" ? (
              <Link to={write} className="font-medium text-brand-800 underline">
                Edit or delete your review
              </Link>
            ) : null}
          </p>
        </div>
      );
  }
}

/** A business's reviews: the average, the member's own, the order, one page of reviews and the policy. */
export function ReviewList({
  slug,
  average,
  count,
  sort,
  page,
  reviews,
  mine,
}: {
  slug: string;
  average: number | null;
  count: number;
  sort: ReviewSort;
  page: number;
  reviews: ShownReview[];
  mine: MyReviewState;
}) {
  const [params] = useSearchParams();
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 border-t border-slate-200 pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold tracking-tight">
          Reviews
        </h2>
        <RatingSummary average={average} count={count} />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        Reviews are written by HBS members about their own visits. We publish negative reviews as well as positive ones,
        and businesses cannot remove them.{" "}
        <Link to={REVIEW_POLICY_PATH} className="font-medium text-brand-800 underline">
          Our review policy
        </Link>
      </p>
      <div className="mt-4">
        <MyReview slug={slug} state={mine} />
      </div>
      {count > 0 ? (
        <nav aria-label="Order of reviews" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Show:</span>
          {REVIEW_SORTS.map((option) => (
            <Link
              key={option}
              to={`${withParams(params, { sort: option === "newest" ? undefined : option, page: undefined })}#reviews`}
              aria-current={option === sort ? "true" : undefined}
              preventScrollReset
              className={cn(
                "rounded-full border px-3 py-1",
                option === sort
                  ? "border-brand-800 bg-brand-800 text-white"
                  : "border-slate-300 text-slate-800 hover:bg-slate-100",
              )}
            >
              {sortLabels[option]}
            </Link>
          ))}
        </nav>
      ) : null}
      <ol className="mt-6 grid gap-4">
        {reviews.map((r) => (
          <li key={r.id}>
            <article
              aria-labelledby={`review-${r.id}`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Stars rating={r.rating} />
                <h3 id={`review-${r.id}`} className="font-semibold">
                  {r.author}
                </h3>
                <p className="text-sm text-slate-700">
                  {r.date}
                  {r.edited ? " · edited" : null}
                  {r.visited ? ` · visited ${r.visited}` : null}
                </p>
              </header>
              {/* Text only: React escapes it, and line breaks are kept with CSS, never as HTML. */}
              <p className="mt-2 break-words whitespace-pre-line text-slate-800">{r.body}</p>
              {r.photos.length > 0 ? (
                <ul aria-label={`Photos from ${r.author}`} className="mt-3 flex flex-wrap gap-2">
                  {r.photos.map((photo, i) => (
                    <li key={photo.id} className="grid justify-items-start gap-1">
                      <a href={photo.url} target="_blank" rel="noopener noreferrer">
                        <img
                          src={photo.url}
                          srcSet={srcSetOf(photo.url)}
                          sizes="112px"
                          alt={`Photo ${i + 1} from ${r.author}'s review (opens in a new tab)`}
                          width={112}
                          height={112}
                          loading="lazy"
                          decoding="async"
                          className="size-28 rounded-md object-cover"
                        />
                      </a>
                      <Link
                        to={`/halal-network-space/${slug}/reviews/${r.id}/report?photo=${photo.id}`}
                        className="text-xs text-slate-700 underline underline-offset-2 hover:text-brand-800"
                      >
                        Report photo {i + 1}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {r.reply ? (
                <section
                  aria-label={`Reply from the owner to ${r.author}`}
                  className="mt-3 rounded-lg border-l-4 border-brand-700 bg-slate-50 p-3"
                >
                  <h4 className="text-sm font-semibold">Reply from the owner</h4>
                  <p className="text-sm text-slate-700">
                    {r.reply.date}
                    {r.reply.edited ? " · edited" : null}
                  </p>
                  <p className="mt-1 break-words whitespace-pre-line text-slate-800">{r.reply.body}</p>
                </section>
              ) : null}
              <p className="mt-2 flex flex-wrap justify-end gap-x-4 text-sm">
                {r.replyPath ? (
                  <Link to={r.replyPath} className="font-medium text-brand-800 underline underline-offset-4">
                    {r.reply ? "Edit your reply" : "Reply as the owner"}
                  </Link>
                ) : null}
                <Link
                  to={`/halal-network-space/${slug}/reviews/${r.id}/report`}
                  className="text-slate-700 underline underline-offset-4 hover:text-brand-800"
                >
                  Report this review
                </Link>
              </p>
            </article>
          </li>
        ))}
      </ol>
      {count === 0 ? <p className="mt-4 text-slate-700">Nobody has reviewed this business yet.</p> : null}
      <Pagination page={page} total={count} label="Pages of reviews" />
    </section>
  );
}

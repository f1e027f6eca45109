// What a business's page shows of its reviews, and its JSON-LD: the average
// and count kept on the business's row, one page of published reviews in the
// visitor's chosen order, and the signed-in member's own review.
import { getSessionUser, type SessionUser } from "~/features/account/session.server";
import { formatLondonDate } from "~/lib/dates";
import { pageParam } from "~/lib/list-query.server";
import type { MyReviewState, ShownReview } from "./components/review-list";
import { photosOfReviews } from "./photos.server";
import { averageRating } from "./rating";
import { reviewSort } from "./review-rules";
import { listReviews, myReview, replyPath, reviewsBanned } from "./reviews.server";

const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

async function myState(user: SessionUser | null, businessId: number): Promise<MyReviewState> {
  if (!user) return { kind: "signed-out" };
  const [mine, banned] = await Promise.all([myReview(user.id, businessId), reviewsBanned(user.id)]);
  if (mine) return { kind: "mine", status: mine.status, removalReason: mine.removalReason };
  if (banned) return { kind: "banned" };
  if (!user.emailVerified) return { kind: "unverified" };
  return { kind: "none" };
}

export async function businessReviews(
  request: Request,
  business: { id: number; reviewCount: number; ratingTotal: number; ownerId: string | null },
) {
  const params = new URL(request.url).searchParams;
  const sort = reviewSort(params.get("sort"));
  const page = pageParam.parse(params.get("page") ?? undefined);
  const user = await getSessionUser(request);
  const [rows, mine] = await Promise.all([listReviews(business.id, sort, page), myState(user, business.id)]);
  // The page's reviews' photos, in one query by review_photo_review_idx (decision 0093).
  const photos = await photosOfReviews(rows.map((r) => r.id));
  // The owner sees where to reply under each review; the reply itself is checked again on the owner's page.
  const owner = user !== null && user.id === business.ownerId;
  const average = averageRating(business.ratingTotal, business.reviewCount);
  const reviews: ShownReview[] = rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    body: r.body,
    author: r.author,
    date: formatLondonDate(r.createdAt),
    visited: r.visitedOn ? monthYear.format(new Date(`${r.visitedOn}T12:00:00Z`)) : null,
    edited: r.editedAt !== null,
    reply:
      r.reply === null
        ? null
        : { body: r.reply, date: formatLondonDate(r.repliedAt!), edited: r.replyEditedAt !== null },
    replyPath: owner ? replyPath(business.id, r.id) : null,
    photos: photos.get(r.id)!.map(({ id, url }) => ({ id, url })),
  }));
  const jsonLd =
    average === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: average,
            reviewCount: business.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          review: rows.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            datePublished: r.createdAt.toISOString().slice(0, 10),
            reviewBody: r.body,
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        };
  return {
    list: { average, count: business.reviewCount, sort, page, reviews, mine },
    jsonLd,
  };
}

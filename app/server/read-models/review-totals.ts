// directory_business.review_count and rating_total: how many of a business's
// reviews are published and shown (not hidden while their writer is
// suspended, decision 0078), and their stars added up.
//
// Why: the directory's cards, a business's page (with its structured data)
// and the owner's dashboard show the average and the count without
// aggregating its reviews (decision 0035).
//
// The one read model kept by the application rather than by triggers:
// applyToAggregate (app/features/reviews/reviews.server.ts) adds the
// difference a review's change makes, in the transaction that changes it,
// when a member saves or deletes a review and when staff publish or remove
// one. A new path that changes a review's status or stars must call it.
import type { ReadModel } from "./read-model";

export const reviewTotals: ReadModel = {
  name: "directory_business.review_count, rating_total",
  functions: [],
  triggers: [],
  rebuild: [
    `LOCK TABLE "review" IN SHARE MODE`,
    `UPDATE "directory_business" b SET "review_count" = t."review_count", "rating_total" = t."rating_total"
  FROM (
    SELECT x."id", count(r."id")::int AS "review_count", coalesce(sum(r."rating"), 0)::int AS "rating_total"
      FROM "directory_business" x LEFT JOIN "review" r ON r."business_id" = x."id" AND r."status" = 'published' AND NOT r."hidden_by_suspension"
      GROUP BY x."id"
  ) t
  WHERE t."id" = b."id" AND (b."review_count", b."rating_total") IS DISTINCT FROM (t."review_count", t."rating_total")`,
  ],
  contents: `SELECT "id", "review_count", "rating_total" FROM "directory_business" ORDER BY "id"`,
};

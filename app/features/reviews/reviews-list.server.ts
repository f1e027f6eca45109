// Staff's list of reviews (decision 0035): by default what waits for a
// decision, as the queue always was (held reviews and reviews with an open
// report), longest waiting first; its filter reaches the decided ones and
// every other review.
import { and, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { defineAdminList, orderBy } from "~/features/admin/lists/admin-list.server";
import type { ListParams } from "~/features/admin/lists/list-params";
import { db } from "~/server/db.server";
import { directoryBusiness, review, reviewReport, user } from "~/server/schema";
import { containsPattern } from "~/server/text-search.server";
import { HOLD_REASONS, type HoldReason } from "./review-rules";

export const reviewStatusWords = { published: "Published", held: "Held for a check", removed: "Removed" } as const;

const reviewSorts = {
  written: review.createdAt,
  decided: review.decidedAt,
  rating: review.rating,
  business: directoryBusiness.name,
};
type ReviewSort = keyof typeof reviewSorts;
type ReviewFilter = "state";

/** The reviews with a report still open. */
const reported = () =>
  db().select({ id: reviewReport.reviewId }).from(reviewReport).where(eq(reviewReport.status, "open"));

/** The reviews in a state of the filter; "" is what waits for staff. */
function inState(state: string) {
  const held = eq(review.status, "held");
  if (state === "held") return held;
  if (state === "reported") return inArray(review.id, reported());
  if (state === "decided") return isNotNull(review.decidedAt);
  if (state === "all") return undefined;
  return or(held, inArray(review.id, reported()));
}

/**
 * The reviews found by what staff typed and in the state chosen. A search
 * looks for the business and the reviewer apart, so neither this nor the
 * count joins them: a join of every review to find a few is what made a
 * search slow.
 */
function reviewConditions({ q, filters }: ListParams<ReviewSort, ReviewFilter>) {
  const pattern = containsPattern(q);
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          inArray(
            review.businessId,
            db()
              .select({ id: directoryBusiness.id })
              .from(directoryBusiness)
              // As the directory's own list finds a name, by its trigram index.
              .where(sql`lower(${directoryBusiness.name}) like ${containsPattern(q.toLowerCase())}`),
          ),
          inArray(
            review.userId,
            db()
              .select({ id: user.id })
              .from(user)
              .where(or(ilike(user.email, pattern), ilike(user.fullName, pattern))),
          ),
          ilike(review.body, pattern),
          // The review's id, as its page's address and the audit log show it.
          /^#?\d{1,9}$/.test(q) ? eq(review.id, Number(q.replace("#", ""))) : undefined,
        )
      : undefined,
    inState(filters.state),
  ];
  return and(...conditions);
}

/**
 * Each reported review's open reports. Joined, not counted row by row: the
 * rows an offset skips are made too, and a subquery for each would make a
 * long export's later batches ever slower.
 */
const openReportsByReview = () =>
  db()
    .select({ reviewId: reviewReport.reviewId, n: count().as("n") })
    .from(reviewReport)
    .where(eq(reviewReport.status, "open"))
    .groupBy(reviewReport.reviewId)
    .as("open_reports");

const holdWords = (reasons: string[]) => reasons.map((r) => HOLD_REASONS[r as HoldReason] ?? r).join("; ");

/** Reviews found by business, reviewer, their words or id; what waits for staff unless another state is asked for. */
export const reviewsList = defineAdminList({
  name: "reviews",
  spec: {
    sorts: Object.keys(reviewSorts) as ReviewSort[],
    defaultSort: "written",
    defaultDirection: "asc",
    // "" (the default) is what waits: held reviews and reviews with open reports.
    filters: { state: ["held", "reported", "decided", "all"] },
  },
  rows: async (params, limit, offset) => {
    const reports = openReportsByReview();
    const rows = await db()
      .select({
        id: review.id,
        businessName: directoryBusiness.name,
        reviewerId: user.id,
        reviewerEmail: user.email,
        reviewerName: user.fullName,
        rating: review.rating,
        body: review.body,
        status: review.status,
        holdReasons: review.holdReasons,
        removalReason: review.removalReason,
        openReports: reports.n,
        createdAt: review.createdAt,
        decidedAt: review.decidedAt,
      })
      .from(review)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
      .innerJoin(user, eq(user.id, review.userId))
      .leftJoin(reports, eq(reports.reviewId, review.id))
      .where(reviewConditions(params))
      .orderBy(...orderBy(reviewSorts, params, review.id))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => ({ ...row, openReports: Number(row.openReports ?? 0) }));
  },
  count: async (params) => (await db().select({ n: count() }).from(review).where(reviewConditions(params)))[0]!.n,
  csv: [
    ["Id", (r) => r.id],
    ["Business", (r) => r.businessName],
    ["Reviewer e-mail", (r) => r.reviewerEmail],
    ["Reviewer name", (r) => r.reviewerName],
    ["Rating", (r) => r.rating],
    ["State", (r) => reviewStatusWords[r.status]],
    ["Open reports", (r) => r.openReports],
    ["Written", (r) => r.createdAt],
    ["Decided", (r) => r.decidedAt],
    ["Why held", (r) => holdWords(r.holdReasons)],
    ["Removal reason", (r) => r.removalReason],
    ["Review", (r) => r.body],
  ],
});

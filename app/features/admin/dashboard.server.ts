// The dashboard is staff's inbox: each kind of work that waits for them, with
// how many and how long the oldest has waited; this week's figures beside the
// week before's; and what went wrong and needs a look first.
import { and, count, desc, eq, gte, isNull, lt, min, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db } from "~/server/db.server";
import { FAILING_EMAIL_ATTEMPTS } from "~/server/outbox.server";
import {
  businessClaim,
  businessListing,
  businessSubmission,
  enquiry,
  halalProposal,
  listingRevision,
  outbox,
  payment,
  review,
  reviewReport,
  stripeEvent,
  subscription,
  threadReport,
  user,
} from "~/server/schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A payment event still failing after this many tries has stopped being a blip. */
export const STUCK_EVENT_ATTEMPTS = 10;
/** Of each kind of trouble, the dashboard names this many; its queue has the rest. */
const TROUBLE_SHOWN = 5;

/** "2026-11-21": a day as the UK sees it. */
const londonDay = (date: Date) => date.toLocaleDateString("en-CA", { timeZone: "Europe/London" });

/** How many rows of `table` match `where`, and when the oldest of them arrived. */
async function waiting(table: PgTable, since: AnyColumn, where: SQL | undefined) {
  const [row] = await db()
    .select({ n: count(), oldest: min(since) })
    .from(table)
    .where(where);
  return { count: row!.n, oldestAt: row!.oldest ? new Date(row!.oldest as Date | string) : null };
}

/** Each kind of work waiting for staff, in the order staff take it. */
export async function waitingWork() {
  const failingEmails = and(isNull(outbox.sentAt), gte(outbox.attempts, FAILING_EMAIL_ATTEMPTS));
  const kinds = [
    ["listings", waiting(businessListing, businessListing.updatedAt, eq(businessListing.status, "pending"))],
    ["revisions", waiting(listingRevision, listingRevision.createdAt, eq(listingRevision.status, "pending"))],
    ["enquiries", waiting(enquiry, enquiry.createdAt, eq(enquiry.status, "new"))],
    ["heldReviews", waiting(review, review.createdAt, eq(review.status, "held"))],
    ["reportedReviews", waiting(reviewReport, reviewReport.createdAt, eq(reviewReport.status, "open"))],
    ["claims", waiting(businessClaim, businessClaim.updatedAt, eq(businessClaim.status, "pending"))],
    [
      "addedBusinesses",
      waiting(businessSubmission, businessSubmission.createdAt, eq(businessSubmission.status, "pending")),
    ],
    ["halalProposals", waiting(halalProposal, halalProposal.createdAt, eq(halalProposal.status, "pending"))],
    ["reportedThreads", waiting(threadReport, threadReport.createdAt, eq(threadReport.status, "open"))],
    ["failingEmails", waiting(outbox, outbox.createdAt, failingEmails)],
  ] as const;
  const answers = await Promise.all(kinds.map(([, query]) => query));
  return Object.fromEntries(kinds.map(([kind], i) => [kind, answers[i]!])) as Record<
    (typeof kinds)[number][0],
    Awaited<ReturnType<typeof waiting>>
  >;
}

/**
 * A figure for this week and the week before: `measure` (the rows, or a sum of
 * one of their columns) over the rows of `table` whose `at` falls in each.
 */
async function twoWeeks(
  table: PgTable,
  at: AnyColumn,
  now: Date,
  { measure = sql`1`, where }: { measure?: SQL | AnyColumn; where?: SQL } = {},
) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const fortnightAgo = new Date(now.getTime() - 14 * DAY_MS);
  const total = (week: SQL) => sql<number>`coalesce(sum(${measure}) filter (where ${week}), 0)`.mapWith(Number);
  const [row] = await db()
    .select({ thisWeek: total(sql`${at} >= ${weekAgo}`), weekBefore: total(sql`${at} < ${weekAgo}`) })
    .from(table)
    .where(and(gte(at, fortnightAgo), lt(at, now), where));
  return row!;
}

/** Money of one kind Stripe reported this week and the week before, in pence. */
const moneyTwoWeeks = (kind: "payment" | "refund", now: Date) =>
  twoWeeks(payment, payment.occurredAt, now, { measure: payment.amountPence, where: eq(payment.kind, kind) });

/** This week's figures beside the week before's (the seven days up to now, and the seven before them). */
export async function weekFigures(now = new Date()) {
  const [enquiries, listings, members, reviews, taken, refunded] = await Promise.all([
    twoWeeks(enquiry, enquiry.createdAt, now),
    twoWeeks(businessListing, businessListing.createdAt, now),
    twoWeeks(user, user.createdAt, now),
    twoWeeks(review, review.createdAt, now),
    moneyTwoWeeks("payment", now),
    moneyTwoWeeks("refund", now),
  ]);
  return { enquiries, listings, members, reviews, taken, refunded };
}

/** What went wrong and needs a look first: the newest few of each kind. */
export async function troubles() {
  const [shortPayments, stuckEvents, failingEmails] = await Promise.all([
    // A payment Stripe took for less than the plan's price: a coupon staff did not give, or a part payment.
    db()
      .select({
        subscriptionId: subscription.id,
        packageName: subscription.packageName,
        email: user.email,
        amountPence: payment.amountPence,
        pricePence: subscription.pricePence,
        occurredAt: payment.occurredAt,
      })
      .from(payment)
      .innerJoin(subscription, eq(subscription.id, payment.subscriptionId))
      .innerJoin(user, eq(user.id, subscription.userId))
      .where(and(eq(payment.kind, "payment"), lt(payment.amountPence, subscription.pricePence)))
      .orderBy(desc(payment.occurredAt))
      .limit(TROUBLE_SHOWN),
    db()
      .select({
        id: stripeEvent.id,
        type: stripeEvent.type,
        attempts: stripeEvent.attempts,
        lastError: stripeEvent.lastError,
        receivedAt: stripeEvent.receivedAt,
      })
      .from(stripeEvent)
      .where(and(isNull(stripeEvent.processedAt), gte(stripeEvent.attempts, STUCK_EVENT_ATTEMPTS)))
      .orderBy(desc(stripeEvent.receivedAt))
      .limit(TROUBLE_SHOWN),
    db()
      .select({
        id: outbox.id,
        payload: outbox.payload,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(and(isNull(outbox.sentAt), gte(outbox.attempts, FAILING_EMAIL_ATTEMPTS)))
      .orderBy(desc(outbox.createdAt))
      .limit(TROUBLE_SHOWN),
  ]);
  return {
    shortPayments,
    stuckEvents,
    failingEmails: failingEmails.map(({ payload, ...row }) => ({
      ...row,
      to: String(payload.to ?? ""),
      subject: String(payload.subject ?? ""),
    })),
  };
}

export async function activeSubscriptionCount() {
  return db().$count(subscription, eq(subscription.status, "active"));
}

/** Enquiries on each of the last 30 UK days, the days without any as 0. */
export async function enquiriesByDay(now = new Date()) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const day = sql<string>`to_char(${enquiry.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`;
  const perDay = await db().select({ day, n: count() }).from(enquiry).where(gte(enquiry.createdAt, since)).groupBy(day);
  const byDay = new Map(perDay.map((r) => [r.day, r.n]));
  return Array.from({ length: 30 }, (_, i) => {
    const date = londonDay(new Date(now.getTime() - (29 - i) * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
}

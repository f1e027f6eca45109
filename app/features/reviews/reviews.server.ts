// Members' reviews of directory businesses (decision 0035): the checks that
// hold a review for staff, the published list with its averages, and the
// reviewer's own review. A review's author is always the signed-in member,
// taken from the session: nobody writes or deletes another member's review.
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { memberName } from "~/features/messages/message-rules";
import { PAGE_SIZE } from "~/lib/list-query";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { directoryBusiness, review, reviewReport, user } from "~/server/schema";
import { sessionSecret } from "~/server/secret.server";
import { reviewArrivedMail, reviewHeldMail, reviewPublishedMail } from "./emails.server";
import type { HoldReason, ReviewInput, ReviewSort } from "./review-rules";
import { isAddressAt, websiteDomain } from "~/features/owners/claim-domain";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reviews written or edited by one member, and from one network. */
export const REVIEW_RATE_LIMITS = {
  member: { limit: 10, windowMs: 60 * 60 * 1000 },
  network: { limit: 30, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;
/** Reports from one network: anyone may report, signed out too. */
export const REPORT_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 60 * 60 * 1000 };

type Status = (typeof review.$inferSelect)["status"];

/** A review anyone may read: published, and not hidden while its author is suspended (decision 0078). */
export const shownReview = and(eq(review.status, "published"), eq(review.hiddenBySuspension, false))!;

/**
 * The text with case, accents' composition, punctuation and spacing taken
 * out, hashed: two reviews with the same words in the same order have the same
 * fingerprint. Normalised equality, not a similarity score: it never holds a
 * genuine review for resembling another, and an index answers it at any size.
 */
export function fingerprintOf(body: string) {
  const words = body
    .normalize("NFKC")
    .toLocaleLowerCase("en-GB")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return crypto.createHash("sha256").update(words).digest("base64url");
}

// A scheme, "www.", or a name ending in a common top-level domain.
const LINK =
  /(?:[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|co\.uk|org\.uk|uk|net|org|io|info|biz|shop|store|online|site|xyz|me|ly|app|link)\b)/i;

export const containsLink = (body: string) => LINK.test(body);

/**
 * The network a request came from, as a keyed hash (never the address):
 * an IPv4 address, or an IPv6 address's /64, which is one household or office.
 */
export function networkHashOf(ip: string) {
  const network = ip.includes(":") ? expandIpv6(ip).slice(0, 4).join(":") : ip;
  return crypto.createHmac("sha256", sessionSecret()).update(`review network\n${network}`).digest("base64url");
}

function expandIpv6(ip: string) {
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
}

/**
 * Whether the reviewer owns or works for the business, as far as we know it
 * today: their verified e-mail address is at the business's website domain,
 * or they own it — staff recorded them as owner, or their claim was approved
 * (decision 0036); both set `owner_id`. One function, so every check that
 * needs "connected" asks the same question.
 */
export async function reviewerConnectedToBusiness(database: Database, userId: string, businessId: number) {
  const [row] = await database
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      website: directoryBusiness.website,
      ownerId: directoryBusiness.ownerId,
    })
    .from(directoryBusiness)
    .innerJoin(user, eq(user.id, userId))
    .where(eq(directoryBusiness.id, businessId));
  if (!row) return false;
  if (row.ownerId === userId) return true;
  // The same rule as a claim by code (decision 0036): an address at the website's own host.
  const domain = websiteDomain(row.website);
  return row.emailVerified && domain !== null && isAddressAt(row.email, domain);
}

interface Candidate {
  reviewId: number | null;
  userId: string;
  accountCreatedAt: Date;
  businessId: number;
  body: string;
  fingerprint: string;
  networkHash: string;
}

/** Every reason to doubt a review, each checked whatever the stars: none means it is published at once. */
export async function holdReasonsFor(tx: Database, c: Candidate, now = new Date()): Promise<HoldReason[]> {
  const others = c.reviewId === null ? undefined : ne(review.id, c.reviewId);
  // One after another: a transaction's queries share one connection.
  const [sameNetwork] = await tx
    .select({ id: review.id })
    .from(review)
    .where(
      and(
        eq(review.businessId, c.businessId),
        eq(review.networkHash, c.networkHash),
        gte(review.createdAt, new Date(now.getTime() - DAY_MS)),
        ne(review.userId, c.userId),
        others,
      ),
    )
    .limit(1);
  const [repeated] = await tx
    .select({ id: review.id })
    .from(review)
    .where(and(eq(review.fingerprint, c.fingerprint), ne(review.userId, c.userId), others))
    .limit(1);
  const connected = await reviewerConnectedToBusiness(tx, c.userId, c.businessId);
  const reasons: HoldReason[] = [];
  if (now.getTime() - c.accountCreatedAt.getTime() < DAY_MS) reasons.push("new_account");
  if (sameNetwork) reasons.push("same_network");
  if (repeated) reasons.push("repeated_text");
  if (containsLink(c.body)) reasons.push("contains_link");
  if (connected) reasons.push("connected");
  return reasons;
}

/**
 * Keeps the business's count and star total of shown reviews right when
 * one review changes from `before` to `after` (null: absent). An increment,
 * in the transaction that changed the review, with the review's row locked:
 * two reviews saved at once both count.
 */
export async function applyToAggregate(
  tx: Database,
  businessId: number,
  before: { status: Status; rating: number; hiddenBySuspension: boolean } | null,
  after: { status: Status; rating: number; hiddenBySuspension: boolean } | null,
) {
  const weight = (r: typeof before) =>
    r?.status === "published" && !r.hiddenBySuspension ? { n: 1, stars: r.rating } : { n: 0, stars: 0 };
  const [was, is] = [weight(before), weight(after)];
  if (was.n === is.n && was.stars === is.stars) return;
  await tx
    .update(directoryBusiness)
    .set({
      reviewCount: sql`${directoryBusiness.reviewCount} + ${is.n - was.n}`,
      ratingTotal: sql`${directoryBusiness.ratingTotal} + ${is.stars - was.stars}`,
    })
    .where(eq(directoryBusiness.id, businessId));
}

/** The link to a business's reviews, for e-mails. */
export const reviewsUrl = (slug: string) => new URL(`/halal-network-space/${slug}#reviews`, env().SITE_URL).toString();

/** Where a business's owner replies to one review of it. */
export const replyPath = (businessId: number, reviewId: number) => `/my-businesses/${businessId}/reviews/${reviewId}`;

const reviewer = alias(user, "reviewer");

/**
 * Tells the business's owner, if it has one, that a review of it is now on
 * its page (decision 0038). Called in the transaction that published it, so
 * the e-mail goes if and only if the review did. An owner's own review (held
 * as "connected", then published by staff) is not news to them.
 */
export async function tellOwnerOfReview(tx: Database, reviewId: number) {
  const [row] = await tx
    .select({
      ownerEmail: user.email,
      ownerName: user.fullName,
      ownerId: user.id,
      reviewerId: review.userId,
      reviewerName: reviewer.fullName,
      businessId: directoryBusiness.id,
      business: directoryBusiness.name,
      rating: review.rating,
      body: review.body,
    })
    .from(review)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
    .innerJoin(user, eq(user.id, directoryBusiness.ownerId))
    .innerJoin(reviewer, eq(reviewer.id, review.userId))
    .where(eq(review.id, reviewId));
  if (!row || row.ownerId === row.reviewerId) return;
  await enqueueMail(
    tx,
    reviewArrivedMail(
      { email: row.ownerEmail, name: memberName(row.ownerName) },
      { name: row.business, replyUrl: new URL(replyPath(row.businessId, reviewId), env().SITE_URL).toString() },
      { rating: row.rating, author: memberName(row.reviewerName), body: row.body },
    ),
  );
}

export type SaveOutcome =
  { status: "published" | "held" } | { status: "not-found" | "unverified" | "banned" | "removed" | "rate-limited" };

interface Reviewer {
  id: string;
}

/**
 * Writes the member's review of a business, or replaces their earlier one
 * (one per member and business). The checks run on every save, an edit
 * included; the reviewer is e-mailed when the review is published or held, in
 * the same transaction.
 */
export async function saveReview(
  member: Reviewer,
  businessId: number,
  input: ReviewInput,
  ip: string,
  now = new Date(),
): Promise<SaveOutcome> {
  const [author] = await db()
    .select({
      email: user.email,
      fullName: user.fullName,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      bannedAt: user.reviewsBannedAt,
    })
    .from(user)
    .where(eq(user.id, member.id));
  if (!author) return { status: "not-found" };
  if (!author.emailVerified) return { status: "unverified" };
  if (author.bannedAt) return { status: "banned" };
  const [business] = await db()
    .select({ id: directoryBusiness.id, name: directoryBusiness.name, slug: directoryBusiness.slug })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.published, true)));
  if (!business) return { status: "not-found" };
  for (const [key, rule] of [
    [`review:${member.id}`, REVIEW_RATE_LIMITS.member],
    [`review-network:${ip}`, REVIEW_RATE_LIMITS.network],
  ] as const) {
    if (!(await hitRateLimit(db(), key, rule, now)).allowed) return { status: "rate-limited" };
  }

  const fingerprint = fingerprintOf(input.body);
  const networkHash = networkHashOf(ip);
  const status = await db().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(review)
      .where(and(eq(review.businessId, business.id), eq(review.userId, member.id)))
      .for("update");
    // Staff's removal stands: the member cannot write over it.
    if (existing?.status === "removed") return "removed" as const;
    const reasons = await holdReasonsFor(
      tx,
      {
        reviewId: existing?.id ?? null,
        userId: member.id,
        accountCreatedAt: author.createdAt,
        businessId: business.id,
        body: input.body,
        fingerprint,
        networkHash,
      },
      now,
    );
    const status: Status = reasons.length ? "held" : "published";
    const fields = {
      rating: input.rating,
      body: input.body,
      visitedOn: input.visited ? `${input.visited}-01` : null,
      status,
      holdReasons: reasons,
      fingerprint,
      networkHash,
      removalReason: null,
      decidedAt: null,
    };
    let reviewId: number;
    if (existing) {
      await tx
        .update(review)
        .set({ ...fields, editedAt: now })
        .where(eq(review.id, existing.id));
      reviewId = existing.id;
    } else {
      const [inserted] = await tx
        .insert(review)
        .values({ ...fields, businessId: business.id, userId: member.id, createdAt: now, updatedAt: now })
        .returning({ id: review.id });
      reviewId = inserted!.id;
    }
    await applyToAggregate(tx, business.id, existing ?? null, {
      status,
      rating: input.rating,
      hiddenBySuspension: existing?.hiddenBySuspension ?? false,
    });
    if (status === "published" && existing?.status !== "published") await tellOwnerOfReview(tx, reviewId);
    // A new review is always acknowledged; an edit only when it is now hidden, waiting for staff.
    const to = { email: author.email, name: memberName(author.fullName) };
    const about = { name: business.name, url: reviewsUrl(business.slug) };
    if (status === "held") await enqueueMail(tx, reviewHeldMail(to, about));
    else if (!existing) await enqueueMail(tx, reviewPublishedMail(to, about));
    return status;
  });
  wakeOutbox();
  return { status };
}

/** Deletes the member's own review of a business; false when they have none. */
export async function deleteReview(memberId: string, businessId: number) {
  return db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(review)
      .where(and(eq(review.businessId, businessId), eq(review.userId, memberId)))
      .returning({ status: review.status, rating: review.rating, hiddenBySuspension: review.hiddenBySuspension });
    if (!gone) return false;
    await applyToAggregate(tx, businessId, gone, null);
    return true;
  });
}

/** The member's own review of a business, whatever its state, for the form and the page. */
export async function myReview(memberId: string, businessId: number) {
  const [row] = await db()
    .select({
      id: review.id,
      rating: review.rating,
      body: review.body,
      visitedOn: review.visitedOn,
      status: review.status,
      removalReason: review.removalReason,
    })
    .from(review)
    .where(and(eq(review.businessId, businessId), eq(review.userId, memberId)));
  return row ?? null;
}

const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(review.createdAt), desc(review.id)],
  highest: [desc(review.rating), desc(review.createdAt), desc(review.id)],
  lowest: [asc(review.rating), desc(review.createdAt), desc(review.id)],
};

/** One page of a business's published reviews, in the chosen order, with each reviewer's name (never e-mail). */
export async function listReviews(businessId: number, sort: ReviewSort, page: number) {
  const rows = await db()
    .select({
      id: review.id,
      rating: review.rating,
      body: review.body,
      visitedOn: review.visitedOn,
      createdAt: review.createdAt,
      editedAt: review.editedAt,
      fullName: user.fullName,
      reply: review.replyBody,
      replyHidden: review.replyHiddenBySuspension,
      repliedAt: review.repliedAt,
      replyEditedAt: review.replyEditedAt,
    })
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(and(eq(review.businessId, businessId), shownReview))
    .orderBy(...ORDERS[sort])
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  // A reply whose author is suspended is left off until they are restored (decision 0078).
  return rows.map(({ fullName, reply, replyHidden, ...row }) => ({
    ...row,
    reply: replyHidden ? null : reply,
    author: memberName(fullName),
  }));
}

/** The published review a report is about, with its business; null for anything else. */
export async function reportableReview(reviewId: number) {
  const [row] = await db()
    .select({
      id: review.id,
      rating: review.rating,
      body: review.body,
      businessName: directoryBusiness.name,
      slug: directoryBusiness.slug,
    })
    .from(review)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
    .where(and(eq(review.id, reviewId), shownReview, eq(directoryBusiness.published, true)));
  return row ?? null;
}

/**
 * Anyone's report of a published review. The review stays up until staff
 * decide: a report alone never hides it, so a business cannot make a genuine
 * bad review vanish by reporting it.
 */
export async function reportReview(
  reviewId: number,
  reporterId: string | null,
  reason: string,
  ip: string,
  /** One of the review's photos (decision 0093), checked to be the review's by the caller. */
  photoId: number | null = null,
): Promise<"reported" | "not-found" | "rate-limited"> {
  if (!(await reportableReview(reviewId))) return "not-found";
  if (!(await hitRateLimit(db(), `review-report:${ip}`, REPORT_RATE_LIMIT)).allowed) return "rate-limited";
  await db().insert(reviewReport).values({ reviewId, reporterId, reason, photoId });
  return "reported";
}

/** Whether staff removed one of the member's reviews as fake: no more reviews from them. */
export async function reviewsBanned(memberId: string) {
  const [row] = await db().select({ at: user.reviewsBannedAt }).from(user).where(eq(user.id, memberId));
  return Boolean(row?.at);
}

/**
 * Takes a member's reviews and owner's replies off every public page while
 * their account is suspended, or puts them back (decision 0078), in the
 * suspension's transaction. The reviews keep their status; the businesses'
 * counts and star totals lose (or regain) the published ones in the same
 * statement, which locks the reviews it changes, so a staff decision on one of
 * them waits and then counts it as it now is. Returns how many changed.
 */
export async function hideReviewsOf(tx: Database, userId: string, hidden: boolean) {
  const op = sql.raw(hidden ? "-" : "+");
  // The businesses' update is run though nothing reads it: PostgreSQL runs every data-modifying WITH.
  // node-postgres and PGlite both answer with { rows }.
  const reviews = (await tx.execute(sql`with changed as (
      update ${review} set hidden_by_suspension = ${hidden}
      where ${review.userId} = ${userId} and ${review.hiddenBySuspension} = ${!hidden}
      returning ${review.businessId} as business_id, ${review.status} as status, ${review.rating} as rating
    ), counted as (
      select business_id, count(*)::int as n, sum(rating)::int as stars
      from changed where status = 'published' group by business_id
    ), adjusted as (
      update ${directoryBusiness} set review_count = review_count ${op} counted.n,
        rating_total = rating_total ${op} counted.stars
      from counted where ${directoryBusiness.id} = counted.business_id
    )
    select count(*)::int as n from changed`)) as unknown as { rows: { n: number }[] };
  // Apart: one statement may not change the same row twice (a member's reply to their own review).
  const replies = await tx
    .update(review)
    .set({ replyHiddenBySuspension: hidden, updatedAt: sql`${review.updatedAt}` })
    .where(and(eq(review.replyBy, userId), eq(review.replyHiddenBySuspension, !hidden)))
    .returning({ id: review.id });
  return { reviews: reviews.rows[0]?.n ?? 0, replies: replies.length };
}

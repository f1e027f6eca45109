// A business owner's public reply to a review (decision 0038): one per
// review, editable, shown under it. Every statement names the owner in its own
// WHERE (`owner_id = <member>`), so another member's business or review reads
// nothing and changes nothing. An owner can write only the reply: the
// review's own columns are never in the SET.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import { memberName } from "~/features/messages/message-rules";
import { db, type Database } from "~/server/db.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { directoryBusiness, review, user } from "~/server/schema";
import { ownerRepliedMail } from "./emails.server";
import type { ReplyInput } from "./review-rules";
import { reviewsUrl, shownReview } from "./reviews.server";

/** A review's columns with no reply: the owner's deletion and staff's removal both set these. */
export const NO_REPLY = {
  replyBody: null,
  replyBy: null,
  repliedAt: null,
  replyEditedAt: null,
  replyHiddenBySuspension: false,
} as const;

/** Replies written or edited by one owner. */
export const REPLY_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 60 * 60 * 1000 };

interface Owner {
  id: string;
  email: string;
}

/** The ids of the member's own businesses, as a subquery: the ownership test inside each statement. */
const ownedBy = (database: Database, ownerId: string) =>
  database.select({ id: directoryBusiness.id }).from(directoryBusiness).where(eq(directoryBusiness.ownerId, ownerId));

/** A shown review of the owner's business, with its reply; null for anything else. */
export async function reviewToReply(ownerId: string, businessId: number, reviewId: number) {
  const [row] = await db()
    .select({
      id: review.id,
      rating: review.rating,
      body: review.body,
      createdAt: review.createdAt,
      author: user.fullName,
      reply: review.replyBody,
    })
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(
      and(
        eq(review.id, reviewId),
        eq(review.businessId, businessId),
        shownReview,
        inArray(review.businessId, ownedBy(db(), ownerId)),
      ),
    );
  return row ? { ...row, author: memberName(row.author) } : null;
}

export type ReplyOutcome = "saved" | "unchanged" | "not-found" | "rate-limited";

/**
 * Writes or replaces the owner's reply to a shown review of their
 * business, audited with the owner as actor. The reviewer is told of the first
 * reply, in the same transaction.
 */
export async function saveReply(
  owner: Owner,
  businessId: number,
  reviewId: number,
  input: ReplyInput,
  now = new Date(),
): Promise<ReplyOutcome> {
  const current = await reviewToReply(owner.id, businessId, reviewId);
  if (!current) return "not-found";
  if (current.reply === input.reply) return "unchanged";
  if (!(await hitRateLimit(db(), `review-reply:${owner.id}`, REPLY_RATE_LIMIT, now)).allowed) return "rate-limited";
  const saved = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(review)
      .set({
        replyBody: input.reply,
        replyBy: owner.id,
        // Another owner's reply hidden by their suspension (decision 0078) is replaced by this one, shown.
        replyHiddenBySuspension: false,
        repliedAt: sql`coalesce(${review.repliedAt}, ${now.toISOString()}::timestamptz)`,
        replyEditedAt: sql`case when ${review.replyBody} is null then null else ${now.toISOString()}::timestamptz end`,
      })
      .where(
        and(
          eq(review.id, reviewId),
          eq(review.businessId, businessId),
          shownReview,
          inArray(review.businessId, ownedBy(tx, owner.id)),
        ),
      )
      .returning({ userId: review.userId, editedAt: review.replyEditedAt });
    if (!row) return false;
    await recordAudit(tx, owner, {
      action: "review.owner.reply",
      entityType: "review",
      entityId: reviewId,
      before: current.reply === null ? null : { reply: current.reply },
      after: { reply: input.reply },
    });
    if (row.editedAt === null) {
      const [reviewer] = await tx
        .select({
          email: user.email,
          fullName: user.fullName,
          business: directoryBusiness.name,
          slug: directoryBusiness.slug,
        })
        .from(user)
        .innerJoin(directoryBusiness, eq(directoryBusiness.id, businessId))
        .where(eq(user.id, row.userId));
      if (reviewer) {
        await enqueueMail(
          tx,
          ownerRepliedMail(
            { email: reviewer.email, name: memberName(reviewer.fullName) },
            { name: reviewer.business, url: reviewsUrl(reviewer.slug) },
          ),
        );
      }
    }
    return true;
  });
  wakeOutbox();
  return saved ? "saved" : "not-found";
}

/** Takes the owner's reply off a review of their business; false when there was none of theirs to remove. */
export async function deleteReply(owner: Owner, businessId: number, reviewId: number) {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select({ reply: review.replyBody })
      .from(review)
      .where(
        and(
          eq(review.id, reviewId),
          eq(review.businessId, businessId),
          isNotNull(review.replyBody),
          inArray(review.businessId, ownedBy(tx, owner.id)),
        ),
      )
      .for("update");
    if (!row) return false;
    await tx.update(review).set(NO_REPLY).where(eq(review.id, reviewId));
    await recordAudit(tx, owner, {
      action: "review.owner.reply-delete",
      entityType: "review",
      entityId: reviewId,
      before: { reply: row.reply },
    });
    return true;
  });
}

// Staff's side of reviews (decision 0035): a review with its reports, the
// decisions, and the warning on a business found buying reviews (their list
// is reviews-list.server.ts). Every decision is audited and tells the
// reviewer, in the transaction that makes it.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import { memberName } from "~/features/messages/message-rules";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { directoryBusiness, review, reviewReport, user } from "~/server/schema";
import { reviewPublishedMail, reviewRemovedMail } from "./emails.server";
import { NO_REPLY } from "./replies.server";
import { applyToAggregate, reviewsUrl, tellOwnerOfReview } from "./reviews.server";

interface Staff {
  id: string;
  email: string;
}

/** One review as staff see it: its text, why it was held, its author and every report. */
export async function staffReview(id: number) {
  const [row] = await db()
    .select({
      review,
      businessName: directoryBusiness.name,
      slug: directoryBusiness.slug,
      author: user.fullName,
      authorEmail: user.email,
      authorJoined: user.createdAt,
      authorBanned: user.reviewsBannedAt,
    })
    .from(review)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
    .innerJoin(user, eq(user.id, review.userId))
    .where(eq(review.id, id));
  if (!row) return null;
  const reports = await db()
    .select({
      id: reviewReport.id,
      reason: reviewReport.reason,
      status: reviewReport.status,
      createdAt: reviewReport.createdAt,
      photoId: reviewReport.photoId,
    })
    .from(reviewReport)
    .where(eq(reviewReport.reviewId, id))
    .orderBy(desc(reviewReport.createdAt));
  return { ...row, author: memberName(row.author), reports };
}

export type Decision = { kind: "publish" } | { kind: "remove"; reason: string; asFake: boolean };

/**
 * Staff publish a review (a held one, or a reported one they keep: its reports
 * are dismissed) or remove it with a reason the reviewer is told. "Removed as
 * fake" also stops its author posting any more reviews.
 */
export async function decideReview(staff: Staff, id: number, decision: Decision, now = new Date()) {
  const decided = await db().transaction(async (tx) => {
    const [before] = await tx.select().from(review).where(eq(review.id, id)).for("update");
    if (!before) return false;
    const [author] = await tx
      .select({ email: user.email, fullName: user.fullName })
      .from(user)
      .where(eq(user.id, before.userId));
    const [business] = await tx
      .select({ name: directoryBusiness.name, slug: directoryBusiness.slug })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.id, before.businessId));
    const after =
      decision.kind === "publish"
        ? { status: "published" as const, removalReason: null, removedAsFake: false }
        : { status: "removed" as const, removalReason: decision.reason, removedAsFake: decision.asFake };
    await tx
      .update(review)
      .set({ ...after, decidedAt: now })
      .where(eq(review.id, id));
    await applyToAggregate(tx, before.businessId, before, {
      status: after.status,
      rating: before.rating,
      hiddenBySuspension: before.hiddenBySuspension,
    });
    await tx
      .update(reviewReport)
      .set({ status: decision.kind === "publish" ? "dismissed" : "upheld", resolvedAt: now })
      .where(and(eq(reviewReport.reviewId, id), eq(reviewReport.status, "open")));
    if (decision.kind === "remove" && decision.asFake) {
      await tx.update(user).set({ reviewsBannedAt: now }).where(eq(user.id, before.userId));
    }
    await recordAudit(tx, staff, {
      action: decision.kind === "publish" ? "review.publish" : "review.remove",
      entityType: "review",
      entityId: id,
      before: { status: before.status, removalReason: before.removalReason, removedAsFake: before.removedAsFake },
      after,
    });
    const to = { email: author!.email, name: memberName(author!.fullName) };
    const about = { name: business!.name, url: reviewsUrl(business!.slug) };
    if (decision.kind === "remove" && before.status !== "removed") {
      await enqueueMail(tx, reviewRemovedMail(to, { ...about, reason: decision.reason }));
    } else if (decision.kind === "publish" && before.status !== "published") {
      await enqueueMail(tx, reviewPublishedMail(to, about));
      // Not on the business's page while its author is suspended (decision 0078): no news to its owner yet.
      if (!before.hiddenBySuspension) await tellOwnerOfReview(tx, id);
    }
    return true;
  });
  wakeOutbox();
  return decided;
}

/** Staff set (or clear, with null) the warning shown on a business found buying reviews. */
export async function setReviewWarning(staff: Staff, businessId: number, warning: string | null) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ reviewWarning: directoryBusiness.reviewWarning })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.id, businessId))
      .for("update");
    if (!before) return false;
    await tx.update(directoryBusiness).set({ reviewWarning: warning }).where(eq(directoryBusiness.id, businessId));
    await recordAudit(tx, staff, {
      action: "business.review-warning",
      entityType: "business",
      entityId: businessId,
      before,
      after: { reviewWarning: warning },
    });
    return true;
  });
}

/**
 * Staff take an owner's reply off a review (abuse, or a reviewer's personal
 * details); audited. The owner may write a new one, which staff can see here.
 */
export async function removeOwnerReply(staff: Staff, reviewId: number) {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ reply: review.replyBody })
      .from(review)
      .where(and(eq(review.id, reviewId), isNotNull(review.replyBody)))
      .for("update");
    if (!before) return false;
    await tx.update(review).set(NO_REPLY).where(eq(review.id, reviewId));
    await recordAudit(tx, staff, {
      action: "review.reply-remove",
      entityType: "review",
      entityId: reviewId,
      before,
    });
    return true;
  });
}

// Staff acting on a reported thread (decision 0079): warning the member the
// report was about, stopping them messaging anywhere on HBS (and letting them
// again), and closing the reports their action answered. Only the member a
// thread's other party reported is acted on from it; each change is audited
// in its own transaction, and suspending goes through the users' own
// changeUser, which the route calls.
import { and, eq, ne } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { recordAudit } from "~/server/audit.server";
import { maskListing, maskableColumns as listingForMask } from "~/features/marketplace/confidential.server";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { businessListing, messageThread, threadReport, user } from "~/server/schema";
import { warningMail } from "./emails.server";
import { memberName } from "./message-rules";
import type { Side } from "./threads.server";

/**
 * The member on `side` of the thread, when the other side has reported it:
 * HBS's own side, and a member nobody reported, are not acted on from here.
 */
export async function reportedMember(database: Database, threadId: number, side: Side) {
  const [thread] = await database.select().from(messageThread).where(eq(messageThread.id, threadId));
  const memberId = side === "buyer" ? thread?.buyerId : thread?.sellerId;
  const reporterId = side === "buyer" ? thread?.sellerId : thread?.buyerId;
  if (!thread || !memberId || !reporterId) return null;
  const [report] = await database
    .select({ id: threadReport.id })
    .from(threadReport)
    .where(and(eq(threadReport.threadId, threadId), eq(threadReport.reporterId, reporterId)))
    .limit(1);
  if (!report) return null;
  const [member] = await database
    .select({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      messagingBlockedAt: user.messagingBlockedAt,
    })
    .from(user)
    .where(eq(user.id, memberId));
  return member ? { ...member, listingId: thread.listingId } : null;
}

/**
 * Acting on a member answers the open reports the thread's other party made
 * about them: each is resolved, and audited as a resolution saying how.
 */
export async function resolveReportsAbout(
  tx: Database,
  admin: SessionUser,
  threadId: number,
  memberId: string,
  by: "warn" | "messaging-block" | "suspend",
) {
  const resolved = await tx
    .update(threadReport)
    .set({ status: "resolved", resolvedAt: new Date() })
    .where(
      and(eq(threadReport.threadId, threadId), eq(threadReport.status, "open"), ne(threadReport.reporterId, memberId)),
    )
    .returning({ id: threadReport.id });
  for (const { id } of resolved) {
    await recordAudit(tx, admin, {
      action: "message-report.resolve",
      entityType: "thread",
      entityId: threadId,
      after: { reportId: id, status: "resolved", by },
    });
  }
}

/** E-mails the reported member staff's warning with the standard line; false when they cannot be warned from this thread. */
export async function warnMember(admin: SessionUser, threadId: number, side: Side, words: string) {
  const warned = await db().transaction(async (tx) => {
    const member = await reportedMember(tx, threadId, side);
    if (!member) return false;
    const [listing] = await tx
      .select(listingForMask)
      .from(businessListing)
      .where(eq(businessListing.id, member.listingId));
    // Stored first, sent by the outbox; a confidential listing is named as a visitor sees it (decision 0033).
    await enqueueMail(
      tx,
      warningMail(
        { email: member.email, name: memberName(member.fullName) },
        {
          words,
          title: listing ? maskListing(listing).title : "a listing",
          termsUrl: new URL("/terms", env().SITE_URL).toString(),
        },
      ),
    );
    await recordAudit(tx, admin, {
      action: "user.warn",
      entityType: "user",
      entityId: member.id,
      after: { threadId, warning: words },
    });
    await resolveReportsAbout(tx, admin, threadId, member.id, "warn");
    return true;
  });
  if (warned) wakeOutbox();
  return warned;
}

/**
 * Stops the reported member sending messages or starting threads anywhere on
 * HBS, or lets them again. False when they cannot be acted on from this thread.
 */
export async function setMessagingBlocked(admin: SessionUser, threadId: number, side: Side, blocked: boolean) {
  return db().transaction(async (tx) => {
    const member = await reportedMember(tx, threadId, side);
    if (!member) return false;
    // Pressed twice (two tabs): nothing more to change or record.
    if (Boolean(member.messagingBlockedAt) === blocked) return true;
    const messagingBlockedAt = blocked ? new Date() : null;
    await tx.update(user).set({ messagingBlockedAt }).where(eq(user.id, member.id));
    await recordAudit(tx, admin, {
      action: blocked ? "user.messaging-block" : "user.messaging-unblock",
      entityType: "user",
      entityId: member.id,
      before: { messagingBlockedAt: member.messagingBlockedAt?.toISOString() ?? null },
      after: { messagingBlockedAt: messagingBlockedAt?.toISOString() ?? null, threadId },
    });
    if (blocked) await resolveReportsAbout(tx, admin, threadId, member.id, "messaging-block");
    return true;
  });
}

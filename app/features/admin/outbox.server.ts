// The outbox seen by staff: what is queued, what has gone, and what keeps
// failing with its error. Without SMTP configured, this is where the
// messages can be read.
import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import type { MailMessage } from "~/server/mail.server";
import { outbox } from "~/server/schema";
import { recordAudit } from "./audit.server";
import { OUTBOX_STATES, type OutboxState } from "./labels";

const where: Record<OutboxState, SQL> = {
  failing: and(isNull(outbox.sentAt), isNotNull(outbox.lastError))!,
  queued: and(isNull(outbox.sentAt), isNull(outbox.lastError))!,
  sent: isNotNull(outbox.sentAt),
};

export async function countOutbox() {
  const counts = await Promise.all(
    OUTBOX_STATES.map(async (state) => [
      state,
      (await db().select({ n: count() }).from(outbox).where(where[state]))[0]!.n,
    ]),
  );
  return Object.fromEntries(counts) as Record<OutboxState, number>;
}

export async function listOutbox(state: OutboxState) {
  const rows = await db()
    .select()
    .from(outbox)
    .where(where[state])
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(100);
  return rows.map((row) => ({ ...row, message: row.payload as unknown as MailMessage }));
}

/** Sends a failing message again now, rather than at its next scheduled try. */
export async function retryMessage(admin: SessionUser, id: number) {
  const retried = await db().transaction(async (tx) => {
    const moved = await tx
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(and(eq(outbox.id, id), isNull(outbox.sentAt)))
      .returning({ id: outbox.id });
    if (moved.length === 0) return false;
    await recordAudit(tx, admin, { action: "outbox.retry", entityType: "outbox", entityId: id });
    return true;
  });
  if (retried) wakeOutbox();
  return retried;
}

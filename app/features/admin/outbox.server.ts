// The outbox seen by staff: what is queued, what has gone, and what keeps
// failing with its error. Without SMTP configured, this is where the
// messages can be read.
import { and, count, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { outbox } from "~/server/schema";
import { containsPattern } from "~/server/text-search.server";
import { recordAudit } from "~/server/audit.server";
import { OUTBOX_STATES, outboxStateLabels, type OutboxState } from "./labels";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

const where: Record<OutboxState, SQL> = {
  failing: and(isNull(outbox.sentAt), isNotNull(outbox.lastError))!,
  queued: and(isNull(outbox.sentAt), isNull(outbox.lastError))!,
  sent: isNotNull(outbox.sentAt),
};

const outboxSorts = {
  queued: outbox.createdAt,
  attempts: outbox.attempts,
  next: outbox.nextAttemptAt,
  sent: outbox.sentAt,
};
type OutboxSort = keyof typeof outboxSorts;
type OutboxParams = ListParams<OutboxSort, "state">;

const recipient = sql<string>`${outbox.payload}->>'to'`;
const subject = sql<string>`${outbox.payload}->>'subject'`;

/** What staff typed: the recipient's address or the subject, or the message's id ("outbox-42", its Message-ID). */
function searchCondition(q: string) {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const id = /^(?:outbox-)?(\d{1,9})$/i.exec(q);
  return or(
    sql`${recipient} ilike ${pattern}`,
    sql`${subject} ilike ${pattern}`,
    id ? eq(outbox.id, Number(id[1])) : undefined,
  );
}

function outboxConditions({ q, filters }: Pick<OutboxParams, "q" | "filters">) {
  return and(searchCondition(q), filters.state ? where[filters.state as OutboxState] : undefined);
}

/** Every message queued, sent or failing, found by recipient, subject or id; its body is read on the page, never exported. */
export const outboxList = defineAdminList({
  name: "outbox",
  spec: {
    sorts: Object.keys(outboxSorts) as OutboxSort[],
    defaultSort: "queued",
    defaultDirection: "desc",
    filters: { state: OUTBOX_STATES },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: outbox.id,
        to: recipient,
        subject,
        text: sql<string>`${outbox.payload}->>'text'`,
        state: sql<OutboxState>`case when ${where.sent} then 'sent' when ${where.failing} then 'failing' else 'queued' end`,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
        nextAttemptAt: outbox.nextAttemptAt,
        sentAt: outbox.sentAt,
      })
      .from(outbox)
      .where(outboxConditions(params))
      .orderBy(...orderBy(outboxSorts, params, outbox.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(outbox).where(outboxConditions(params)))[0]!.n,
  csv: [
    ["Id", (m) => m.id],
    ["To", (m) => m.to],
    ["Subject", (m) => m.subject],
    ["State", (m) => outboxStateLabels[m.state]],
    ["Attempts", (m) => m.attempts],
    ["Last error", (m) => m.lastError],
    ["Queued", (m) => m.createdAt],
    ["Next attempt", (m) => (m.sentAt ? null : m.nextAttemptAt)],
    ["Sent", (m) => m.sentAt],
  ],
});

/** How many messages of each state the search finds, whatever state is chosen. */
export async function countOutboxByState({ q }: OutboxParams): Promise<Record<OutboxState, number>> {
  const countOf = (state: OutboxState) => sql<number>`count(*) filter (where ${where[state]})`.mapWith(Number);
  const [row] = await db()
    .select({ failing: countOf("failing"), queued: countOf("queued"), sent: countOf("sent") })
    .from(outbox)
    .where(searchCondition(q));
  return row!;
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

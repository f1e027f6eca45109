// The outbox: e-mails are rows written in the same transaction as whatever
// caused them, and a worker sends them afterwards. A visitor's submission is
// therefore stored even when e-mail is down, and sent when it returns.
//
// Sending is "claim, send, confirm": a short statement claims due rows with a
// lease (FOR UPDATE SKIP LOCKED, so several servers never claim the same row),
// the message goes out, and the row is marked sent. A server that dies after
// claiming leaves the lease to expire; the row is then sent again. That is the
// only case of a second copy, and it carries the same Message-ID.
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { reportBackgroundError } from "./error-reporting.server";
import type { MailMessage, Mailer } from "./mail.server";
import { outbox } from "./schema";

export const MAIL_KIND = "mail";
/** How long a claimed row is ours before another worker may take it (OUTBOX_LEASE_SECONDS). */
export const LEASE_MS = 5 * 60 * 1000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
/** An e-mail still unsent after this many tries keeps failing: staff's dashboard shows it, and it is reported once. */
export const FAILING_EMAIL_ATTEMPTS = 3;

type Writer = Pick<Database, "insert">;

/** Queues a message; call it inside the transaction that stores the cause. */
export async function enqueueMail(tx: Writer, message: MailMessage): Promise<void> {
  // Due from now by this process's clock, which the worker compares with: the
  // database's now() has microseconds a JavaScript date would round away.
  await tx.insert(outbox).values({ kind: MAIL_KIND, payload: { ...message }, nextAttemptAt: new Date() });
}

/** 5 s, 10 s, 20 s … doubling up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** Claims up to `limit` due rows for this worker, atomically. */
export async function claimDue(db: Database, now: Date, limit: number, leaseMs = LEASE_MS) {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Sends what is due. Returns how many were sent and how many failed. */
export async function processOutbox(db: Database, mailer: Mailer, now = new Date(), limit = 20, leaseMs = LEASE_MS) {
  // In the order they were queued (an UPDATE … RETURNING keeps no order of its own).
  const claimed = (await claimDue(db, now, limit, leaseMs)).sort((a, b) => a.id - b.id);
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      if (row.kind !== MAIL_KIND) throw new Error(`unknown outbox kind ${row.kind}`);
      await mailer.send(row.payload as unknown as MailMessage, `outbox-${row.id}`);
      await db.update(outbox).set({ sentAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      sent++;
    } catch (error) {
      failed++;
      if (row.attempts === FAILING_EMAIL_ATTEMPTS) {
        reportBackgroundError(error, "outbox", { outbox_id: String(row.id), attempts: String(row.attempts) });
      }
      await db
        .update(outbox)
        .set({
          lastError: error instanceof Error ? error.message : String(error),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return { sent, failed };
}

export interface OutboxWorker {
  /** Look for due rows now rather than at the next tick. */
  wake(): void;
  stop(): Promise<void>;
}

/** Runs processOutbox every `intervalMs` and when woken, one run at a time. */
export function startOutboxWorker(
  db: Database,
  mailer: Mailer,
  {
    intervalMs = 2_000,
    leaseMs = LEASE_MS,
    onError,
  }: { intervalMs?: number; leaseMs?: number; onError?: (error: unknown) => void } = {},
): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await processOutbox(db, mailer, new Date(), 20, leaseMs);
        } catch (error) {
          onError?.(error); // e.g. the database is restarting: try at the next tick
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      mailer.close();
    },
  };
}

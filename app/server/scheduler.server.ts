// Periodic work, run once per period however many servers run (decision 0020).
//
// Time is cut into periods: of each job's length counted from the epoch, or
// starting where the job's own `periodStart` says (07:00 London each day, for
// one). Every server ticks; the first to insert the row (job, period start) runs it, and
// the primary key makes every other server's insert a no-op. The row carries
// a lease that the running server renews while it works: a server killed
// mid-run stops renewing, and once the lease has passed another server takes
// the run over. A run that fails is retried the same way after a pause, a few
// times at most. Nothing here knows what the jobs are: app/jobs.server.ts
// lists them.
import crypto from "node:crypto";
import os from "node:os";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { addDays, londonDay, londonTimeOfDay } from "~/lib/dates";
import type { Database } from "./db.server";
import { reportBackgroundError } from "./error-reporting.server";
import { scheduledRun } from "./schema";

interface JobBase {
  /** Stable: it is the key of the job's runs in the database. */
  name: string;
  /** Does what is due at `now`; may return a few words for the log. */
  run(now: Date): Promise<unknown>;
}

export type ScheduledJob = JobBase &
  (
    | {
        /** Runs once in each period of this many milliseconds, counted from the epoch (UTC). */
        everyMs: number;
        periodStart?: never;
      }
    | {
        /** Runs once in each period; this gives the start of the one `now` is in (e.g. londonDaily(7)). */
        periodStart(now: Date): Date;
        everyMs?: never;
      }
  );

export interface SchedulerOptions {
  /** How long a claimed run is its server's before another may take it over. */
  leaseMs?: number;
  /** This server, as recorded on the runs it claims. */
  owner?: string;
  /** Tests move time with this… */
  clock?: () => Date;
  /** …and tick by hand, with false. */
  ticking?: boolean;
  onRun?: (job: string, outcome: { periodStart: Date; result?: unknown; error?: unknown }) => void;
  onError?: (error: unknown) => void;
}

export interface Scheduler {
  /** Claims and runs whatever is due now; resolves when those runs have ended. */
  tick(): Promise<void>;
  /** Stops ticking and waits for the runs under way. */
  stop(): Promise<void>;
}

/** A run that failed this many times is left as failed until its next period. */
export const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 5_000;
/** History kept for the back office and for anyone asking what ran. */
export const RUN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export const periodStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);

const periodOf = (job: ScheduledJob, now: Date) =>
  job.everyMs === undefined ? job.periodStart(now) : periodStart(now, job.everyMs);

/** Periods that start each day at `hour`:00 in London, GMT or BST alike. */
export function londonDaily(hour: number) {
  return (now: Date) => {
    const today = londonDay(now);
    const start = londonTimeOfDay(today, hour);
    return start <= now ? start : londonTimeOfDay(addDays(today, -1), hour);
  };
}

/** Periods that start each week on `isoWeekday` (1 Monday … 7 Sunday) at `hour`:00 in London. */
export function londonWeekly(isoWeekday: number, hour: number) {
  return (now: Date) => {
    const today = londonDay(now);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay() || 7;
    const day = addDays(today, -((weekday - isoWeekday + 7) % 7));
    const start = londonTimeOfDay(day, hour);
    return start <= now ? start : londonTimeOfDay(addDays(day, -7), hour);
  };
}

/** How often a server looks: often enough for the shortest fixed period, at most every 5 s. */
export function tickMs(jobs: ScheduledJob[]) {
  const shortest = Math.min(...jobs.map((job) => job.everyMs ?? Infinity));
  return Math.min(5_000, Math.max(250, Math.floor(shortest / 4)));
}

export function serverName() {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
}

/**
 * Claims the run of `job` for the period starting at `start`: a new row, or
 * one whose lease has passed (its server died, or it failed and waited its
 * pause). Returns the attempt number when this server now owns the run.
 */
export async function claimRun(db: Database, job: string, start: Date, owner: string, now: Date, leaseMs: number) {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const [claimed] = await db
    .insert(scheduledRun)
    .values({ job, periodStart: start, status: "running", owner, attempts: 1, leaseUntil, startedAt: now })
    .onConflictDoUpdate({
      target: [scheduledRun.job, scheduledRun.periodStart],
      set: { status: "running", owner, attempts: sql`${scheduledRun.attempts} + 1`, leaseUntil, startedAt: now },
      setWhere: and(
        inArray(scheduledRun.status, ["running", "retrying"]),
        lt(scheduledRun.leaseUntil, now),
        lt(scheduledRun.attempts, MAX_ATTEMPTS),
      ),
    })
    .returning({ attempts: scheduledRun.attempts });
  return claimed?.attempts;
}

export function startScheduler(db: Database, jobs: ScheduledJob[], options: SchedulerOptions = {}): Scheduler {
  const { leaseMs = 60_000, owner = serverName(), clock = () => new Date(), ticking = true, onRun, onError } = options;
  /** Per job, the period this server has seen finished: nothing to ask until the next. */
  const settled = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  const thisRun = (job: string, start: Date) =>
    and(eq(scheduledRun.job, job), eq(scheduledRun.periodStart, start), eq(scheduledRun.owner, owner));

  async function attempt(job: ScheduledJob) {
    const now = clock();
    const start = periodOf(job, now);
    if (settled.get(job.name) === start.getTime()) return;
    const attempts = await claimRun(db, job.name, start, owner, now, leaseMs);
    if (attempts === undefined) {
      // Someone else's: running, waiting to retry, or finished.
      const [row] = await db
        .select({ status: scheduledRun.status, attempts: scheduledRun.attempts })
        .from(scheduledRun)
        .where(and(eq(scheduledRun.job, job.name), eq(scheduledRun.periodStart, start)));
      if (row && (row.status === "done" || row.status === "failed" || row.attempts >= MAX_ATTEMPTS)) {
        settled.set(job.name, start.getTime());
      }
      return;
    }
    // Renew the lease while the job works, so that a long run is not taken over.
    const renew = setInterval(() => {
      const until = new Date(clock().getTime() + leaseMs);
      db.update(scheduledRun)
        .set({ leaseUntil: until })
        .where(thisRun(job.name, start))
        .catch((error: unknown) => onError?.(error));
    }, leaseMs / 3);
    try {
      const result = await job.run(now);
      await db
        .update(scheduledRun)
        .set({ status: "done", finishedAt: clock(), lastError: null })
        .where(thisRun(job.name, start));
      onRun?.(job.name, { periodStart: start, result });
    } catch (error) {
      const last = attempts >= MAX_ATTEMPTS;
      await db
        .update(scheduledRun)
        .set({
          status: last ? "failed" : "retrying",
          finishedAt: last ? clock() : null,
          // Another server may retry once the pause has passed.
          leaseUntil: new Date(clock().getTime() + FIRST_RETRY_MS * 2 ** (attempts - 1)),
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(thisRun(job.name, start));
      reportBackgroundError(error, `scheduled job ${job.name}`, {
        period_start: start.toISOString(),
        attempt: `${attempts} of ${MAX_ATTEMPTS}`,
      });
      onRun?.(job.name, { periodStart: start, error });
      if (!last) return;
    } finally {
      clearInterval(renew);
    }
    settled.set(job.name, start.getTime());
  }

  async function tick() {
    // Each job on its own: a slow one does not hold up the others.
    await Promise.all(
      jobs.map((job) => {
        if (stopped) return;
        let run = running.get(job.name);
        if (!run) {
          run = attempt(job)
            .catch((error: unknown) => onError?.(error)) // e.g. the database is restarting
            .finally(() => running.delete(job.name));
          running.set(job.name, run);
        }
        return run;
      }),
    );
  }

  let timer: NodeJS.Timeout | undefined;
  if (ticking) {
    timer = setInterval(() => void tick(), tickMs(jobs));
    timer.unref();
    void tick();
  }
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

/** Forgets runs older than RUN_RETENTION_MS. */
export async function pruneScheduledRuns(db: Database, now = new Date()) {
  await db.delete(scheduledRun).where(lt(scheduledRun.periodStart, new Date(now.getTime() - RUN_RETENTION_MS)));
}

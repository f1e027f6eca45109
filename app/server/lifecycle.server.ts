// Start and stop of everything the app holds open. Called by server.ts
// through the server build, so that the app and the server share one module
// instance of the database.
import { seedDatabase } from "../../db/seed/seed";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db.server";
import { env } from "./env.server";
import { startErrorReporting, stopErrorReporting } from "./error-reporting.server";
import { closeLiveStreams, deliverLive, LIVE_CHANNEL, openLiveStreams } from "./live.server";
import { logger } from "./logger.server";
import { schedulerRuns } from "./metrics.server";
import { mailerFromEnv } from "./mail.server";
import { startPageCache } from "./page-cache.server";
import { pageViews, VIEW_FLUSH_MS, type ViewSink } from "./page-views.server";
import { startOutboxWorker, type OutboxWorker } from "./outbox.server";
import { startScheduler, type ScheduledJob, type Scheduler } from "./scheduler.server";
import { storage } from "./storage.server";

let handle: DatabaseHandle | undefined;
let worker: OutboxWorker | undefined;
let scheduler: Scheduler | undefined;
let stopPageCache: (() => Promise<void>) | undefined;
let stopLive: (() => Promise<void>) | undefined;

/** Asks the outbox worker to send what was just queued, rather than at its next tick. */
export function wakeOutbox() {
  worker?.wake();
}

/**
 * Opens the database and starts the outbox, `jobs` (app/jobs.server.ts) and
 * the writing of page views to `views` (both through app/entry.server.tsx).
 */
export async function start(jobs: ScheduledJob[], views?: ViewSink): Promise<void> {
  if (handle) return;
  // Errors are reported from the first request on (decision 0080).
  await startErrorReporting();
  const { DATABASE_URL, DATA_DIR } = env();
  const opened = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  try {
    await opened.migrate();
    // The embedded database is the zero-setup one: it starts with the spec's
    // sample data. A PostgreSQL database is seeded on purpose (npm run db:seed).
    if (opened.kind === "pglite") {
      const seeded = await seedDatabase(opened.db, { uploads: storage().uploads });
      logger.info({ seeded }, "seed data checked");
    }
  } catch (error) {
    await opened.close();
    throw error;
  }
  handle = opened;
  setDatabase(handle);
  logger.info({ database: handle.kind }, "database ready");
  // Visitors' pages kept in production, unless a shared cache in front keeps them (PAGE_CACHE, decision 0081).
  stopPageCache = await startPageCache(handle, env());
  // Members' open pages hear of new messages from whichever server stored them (decision 0032).
  openLiveStreams();
  stopLive = await handle.listen(LIVE_CHANNEL, {
    notify: deliverLive,
    online: () => {},
    offline: () => logger.warn("lost the database's live notifications: open pages update once they are back"),
  });
  // E-mails queued by an earlier run (or by a server that died) go out now.
  worker = startOutboxWorker(handle.db, mailerFromEnv(), {
    leaseMs: env().OUTBOX_LEASE_SECONDS * 1000,
    onError: (error) => logger.warn({ err: error }, "outbox run failed; retrying at the next tick"),
  });
  // Views wait in memory and are written a batch at a time (decision 0024).
  if (views) {
    pageViews.start(views, VIEW_FLUSH_MS, (error) =>
      logger.warn({ err: error }, "could not write page views; retrying at the next tick"),
    );
  }
  // Periodic work, once per period across every server (decision 0020).
  scheduler = startScheduler(handle.db, jobs, {
    leaseMs: env().SCHEDULER_LEASE_SECONDS * 1000,
    onRun: (job, { periodStart, result, error }) => {
      schedulerRuns.inc({ job, outcome: error ? "failed" : "done" });
      // A failed run is logged and reported by the scheduler itself.
      if (!error) logger.info({ job, periodStart, result }, "scheduled run done");
    },
    onError: (error) => logger.warn({ err: error }, "scheduler could not reach the database; trying at the next tick"),
  });
}

export async function stop(): Promise<void> {
  closeLiveStreams();
  await stopLive?.();
  stopLive = undefined;
  await scheduler?.stop();
  scheduler = undefined;
  // The last views are written while the database is still open.
  await pageViews.stop().catch((error: unknown) => logger.warn({ err: error }, "page views lost at shutdown"));
  await stopPageCache?.();
  stopPageCache = undefined;
  await worker?.stop();
  worker = undefined;
  // The last reports are sent before the process ends.
  await stopErrorReporting();
  if (!handle) return;
  const closing = handle;
  handle = undefined;
  setDatabase(undefined);
  await closing.close();
  logger.info("database closed");
}

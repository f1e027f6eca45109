// Start and stop of everything the app holds open. Called by server.ts
// through the server build, so that the app and the server share one module
// instance of the database.
import os from "node:os";
import path from "node:path";
import { seedDatabase } from "../../db/seed/seed";
import { expireSubscriptions } from "~/features/admin/subscriptions.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { mailerFromEnv } from "./mail.server";
import { clearPageCache, disablePageCache, enablePageCache, PUBLIC_CONTENT_CHANNEL } from "./page-cache.server";
import { startOutboxWorker, type OutboxWorker } from "./outbox.server";
import { pruneRateLimits } from "./rate-limit.server";

let handle: DatabaseHandle | undefined;
let worker: OutboxWorker | undefined;
let pruneTimer: NodeJS.Timeout | undefined;
let stopListening: (() => Promise<void>) | undefined;

/** Counters older than a day are of no use to any rule. */
const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Asks the outbox worker to send what was just queued, rather than at its next tick. */
export function wakeOutbox() {
  worker?.wake();
}

/** A folder under DATA_DIR; with the in-memory database (tests), under the system's temporary folder. */
function dataFolder(name: string) {
  const { DATA_DIR } = env();
  const base = DATA_DIR.startsWith("memory://") ? path.join(os.tmpdir(), `hbs-memory-${process.pid}`) : DATA_DIR;
  return path.resolve(base, name);
}

/** Public images: seed images and published listings' photos, served at /uploads. */
export function uploadsDir() {
  return dataFolder("uploads");
}

/** Photos sent with listing submissions: private until staff publish the listing. */
export function submissionPhotosDir() {
  return dataFolder("submissions");
}

export async function start(): Promise<void> {
  if (handle) return;
  const { DATABASE_URL, DATA_DIR } = env();
  const opened = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  try {
    await opened.migrate();
    // The embedded database is the zero-setup one: it starts with the spec's
    // sample data. A PostgreSQL database is seeded on purpose (npm run db:seed).
    if (opened.kind === "pglite") {
      const seeded = await seedDatabase(opened.db, { uploadsDir: uploadsDir() });
      logger.info({ seeded }, "seed data checked");
    }
  } catch (error) {
    await opened.close();
    throw error;
  }
  handle = opened;
  setDatabase(handle);
  logger.info({ database: handle.kind }, "database ready");
  // Pages are kept only in production: in development the code changes under them.
  if (env().NODE_ENV === "production") {
    stopListening = await handle.listen(PUBLIC_CONTENT_CHANNEL, {
      notify: clearPageCache,
      online: enablePageCache,
      offline: () => {
        disablePageCache();
        logger.warn("lost the database's change notifications: pages are rendered afresh until they are back");
      },
    });
  }
  // E-mails queued by an earlier run (or by a server that died) go out now.
  worker = startOutboxWorker(handle.db, mailerFromEnv(), {
    leaseMs: env().OUTBOX_LEASE_SECONDS * 1000,
    onError: (error) => logger.warn({ err: error }, "outbox run failed; retrying at the next tick"),
  });
  const db = handle.db;
  const hourly = () => {
    pruneRateLimits(db, RATE_LIMIT_RETENTION_MS).catch((error) =>
      logger.warn({ err: error }, "pruning rate limits failed"),
    );
    expireSubscriptions()
      .then((expired) => expired && logger.info({ expired }, "subscriptions past their end date expired"))
      .catch((error) => logger.warn({ err: error }, "expiring subscriptions failed"));
  };
  hourly();
  pruneTimer = setInterval(hourly, 60 * 60 * 1000);
  pruneTimer.unref();
}

export async function stop(): Promise<void> {
  clearInterval(pruneTimer);
  disablePageCache();
  await stopListening?.();
  stopListening = undefined;
  await worker?.stop();
  worker = undefined;
  if (!handle) return;
  const closing = handle;
  handle = undefined;
  setDatabase(undefined);
  await closing.close();
  logger.info("database closed");
}

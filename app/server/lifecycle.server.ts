// Start and stop of everything the app holds open. Called by server.ts
// through the server build, so that the app and the server share one module
// instance of the database.
import path from "node:path";
import { seedDatabase } from "../../db/seed/seed";
import { openDatabase, setDatabase, type DatabaseHandle } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { mailerFromEnv } from "./mail.server";
import { startOutboxWorker, type OutboxWorker } from "./outbox.server";

let handle: DatabaseHandle | undefined;
let worker: OutboxWorker | undefined;

export function uploadsDir() {
  return path.resolve(env().DATA_DIR, "uploads");
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
  // E-mails queued by an earlier run (or by a server that died) go out now.
  worker = startOutboxWorker(handle.db, mailerFromEnv(), {
    onError: (error) => logger.warn({ err: error }, "outbox run failed; retrying at the next tick"),
  });
}

export async function stop(): Promise<void> {
  await worker?.stop();
  worker = undefined;
  if (!handle) return;
  const closing = handle;
  handle = undefined;
  setDatabase(undefined);
  await closing.close();
  logger.info("database closed");
}

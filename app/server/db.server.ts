// The database: PGlite (embedded PostgreSQL, data in DATA_DIR) by default,
// PostgreSQL through `pg` when DATABASE_URL is set. Same schema, same Drizzle
// queries, same migrations — see docs/decisions/0002-pglite-or-postgres.md.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { timedQuery } from "./server-timing.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations under drizzle/. */
  migrate(): Promise<void>;
  /**
   * Listens on a NOTIFY channel. `online` is called once listening (again
   * after a lost connection is back: messages sent meanwhile were missed),
   * `offline` when the connection is lost. Resolves to a function that stops.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenEvents {
  notify(payload: string | undefined): void;
  online(): void;
  offline(): void;
}

/** How long a lost listening connection waits before trying again. */
const LISTEN_RETRY_MS = 1_000;

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; "memory://" keeps it in memory. */
  dataDir: string;
  /** An embedded database's starting contents, from PGlite's dumpDataDir (the tests' template databases). */
  loadDataDir?: Blob;
}

const migrationsFolder = path.resolve(process.cwd(), "drizzle");
// Any constant will do: it only has to be the same in every HBS process.
const MIGRATION_LOCK_KEY = 4_274_201;

export class DatabaseLockedError extends Error {}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, options.loadDataDir);
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection (e.g. PostgreSQL restarting) must not
  // crash the process; the pool replaces it and the next query reports the error.
  pool.on("error", () => {});
  timePostgresQueries(pool);
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: "postgres",
    async migrate() {
      // Several app processes may start at once: only one migrates at a time.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, events) => listenPostgres(connectionString, channel, events),
    close: () => pool.end(),
  };
}

/** LISTEN needs a connection of its own, outside the pool; it is made again whenever it is lost. */
async function listenPostgres(connectionString: string, channel: string, events: ListenEvents) {
  let listening: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    // A lost connection is reported by "end"; the error itself needs no handling.
    client.on("error", () => {});
    client.on("notification", (message) => events.notify(message.payload));
    client.on("end", () => {
      if (listening !== client) return;
      listening = undefined;
      events.offline();
      again();
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      await client.end().catch(() => {});
      return again();
    }
    if (stopped) return void (await client.end());
    listening = client;
    events.online();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = listening;
    listening = undefined; // a connection closed on purpose is not "offline"
    await client?.end();
  };
}

function openPglite(dataDir: string, loadDataDir?: Blob): DatabaseHandle {
  const inMemory = dataDir.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    const options = { extensions: { pg_trgm }, loadDataDir };
    client = inMemory ? new PGlite(options) : new PGlite(path.join(dataDir, "pglite"), options);
  } catch (error) {
    release();
    throw error;
  }
  timePgliteWork(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One backend in this process: it cannot lose its connection.
    async listen(channel, events) {
      const stop = await client.listen(channel, events.notify);
      events.online();
      return stop;
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * Each query's time joins its request's Server-Timing (server-timing.server.ts):
 * the pool's own queries, waiting for a connection included, and those of a
 * transaction's connection. Calls with a callback are pg's own, inside
 * pool.query, already timed there.
 */
function timePostgresQueries(pool: pg.Pool) {
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => timedQuery(() => poolQuery(...args))) as typeof pool.query;
  pool.on("connect", (client) => {
    const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) =>
      typeof args.at(-1) === "function"
        ? clientQuery(...args)
        : timedQuery(() => clientQuery(...args))) as typeof client.query;
  });
}

/**
 * PGlite works on this thread: the time it spends on each protocol exchange,
 * without the time a query waits for the one before it, joins the request's
 * Server-Timing.
 */
function timePgliteWork(client: PGlite) {
  const execProtocolRaw = client.execProtocolRaw.bind(client);
  client.execProtocolRaw = (...args) => timedQuery(() => execProtocolRaw(...args));
}

/**
 * PGlite is one PostgreSQL backend inside this process: two processes writing
 * the same folder would corrupt it. A lock file holding our pid keeps a second
 * process out; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "pglite.lock");
  const pid = String(process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, pid, { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockFile, "utf8") === pid) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by another HBS process (pid ${owner}). ` +
            `Stop that process first, set DATA_DIR to another folder, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      fs.rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new DatabaseLockedError(`Could not lock ${lockFile}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

// ---------------------------------------------------------------------------
// The process's database. Set once at start (app/server/lifecycle.server.ts)
// or by a test; read by loaders and actions through db().
// ---------------------------------------------------------------------------

let current: DatabaseHandle | undefined;

export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

export function db(): Database {
  if (!current) throw new Error("The database is not open yet");
  return current.db;
}

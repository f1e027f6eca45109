// The database a benchmark runs on: PGlite in a folder of its own, or a
// throwaway PostgreSQL database, dropped afterwards; and what it ran on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "../app/server/db.server";
import { createThrowawayDatabase } from "../tests/helpers/throwaway-database";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabaseOptions {
  db: "pglite" | "postgres";
  /** PGlite only: "memory://", or a folder; default a new temporary folder, removed after. */
  pgliteDir?: string;
  /** PostgreSQL only: a server where a throwaway database may be created and dropped. */
  postgresUrl?: string;
}

export interface BenchDatabase {
  /** PostgreSQL: the throwaway database; PGlite: its folder. */
  databaseUrl?: string;
  dataDir?: string;
  handle: DatabaseHandle;
  /** New connections (PostgreSQL); PGlite keeps its one session. */
  reconnect(): Promise<void>;
  /** Closes it and removes every trace (throwaway database, temporary folder). */
  destroy(): Promise<void>;
}

export async function createBenchDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  if (options.db === "pglite") {
    const dir = options.pgliteDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hbs-bench-"));
    const temporary = options.pgliteDir === undefined;
    const handle = openDatabase({ dataDir: dir });
    return {
      handle,
      dataDir: dir,
      async reconnect() {},
      destroy: once(async () => {
        try {
          await handle.close();
        } finally {
          if (temporary) fs.rmSync(dir, { recursive: true, force: true });
        }
      }),
    };
  }
  const throwaway = await createThrowawayDatabase(options.postgresUrl ?? DEFAULT_POSTGRES_URL, "hbs_bench");
  const open = () => openDatabase({ databaseUrl: throwaway.url, dataDir: "memory://" });
  const bench: BenchDatabase = {
    databaseUrl: throwaway.url,
    handle: open(),
    async reconnect() {
      await bench.handle.close();
      bench.handle = open();
    },
    // Once, however often it is called (Ctrl+C and the benchmark's own
    // finally); every caller waits for the database to be gone.
    destroy: once(async () => {
      try {
        await bench.handle.close();
      } finally {
        await throwaway.drop();
      }
    }),
  };
  return bench;
}

function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= work());
}

export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PGlite: several statements at once. */
  exec?(text: string): Promise<unknown>;
}

/** The driver's client (pg.Pool or PGlite) behind a handle. */
export function clientOf(handle: DatabaseHandle): Queryable {
  return (handle.db as unknown as { $client: Queryable }).$client;
}

export async function machineInfo(handle: DatabaseHandle): Promise<Record<string, string | number>> {
  const cpus = os.cpus();
  const info: Record<string, string | number> = {
    cpuModel: cpus[0]?.model ?? "unknown",
    cpus: os.availableParallelism?.() ?? cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
  const client = clientOf(handle);
  const one = async (text: string) => String(Object.values((await client.query(text)).rows[0] ?? {})[0] ?? "");
  info.databaseVersion = await one("select version()");
  if (handle.kind === "pglite") {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"));
      info.pglite = String(pkg.version);
    } catch {
      info.pglite = "unknown";
    }
  }
  for (const setting of [
    "shared_buffers",
    "work_mem",
    "effective_cache_size",
    "jit",
    "max_parallel_workers_per_gather",
  ]) {
    info[setting] = await one(`show ${setting}`).catch(() => "n/a");
  }
  return info;
}

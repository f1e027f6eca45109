// Backups of the database, whichever it is (docs/decisions/0014-backups.md).
// PostgreSQL: pg_dump's custom format, restored by pg_restore in one
// transaction, so a failed restore leaves the database as it was. PGlite: its
// data folder as a gzipped tarball (PGlite's own dumpDataDir); a restore puts
// the folder it replaces aside rather than deleting it. PGlite holds its
// folder, so the server must be stopped for either.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { lockDataDir, type DatabaseOptions } from "./db.server";

const run = promisify(execFile);

export class BackupError extends Error {}

/** Writes a backup of the database to `file`; says which kind it wrote. */
export async function backupDatabase(options: DatabaseOptions, file: string): Promise<"postgres" | "pglite"> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (options.databaseUrl) {
    await postgresTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${file}`,
      options.databaseUrl,
    ]);
    return "postgres";
  }
  await withPglite(options.dataDir, path.join(options.dataDir, "pglite"), {}, async (client) => {
    const dump = await client.dumpDataDir("gzip");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  });
  return "pglite";
}

/** Replaces the database with the backup in `file` (made by backupDatabase for the same kind). */
export async function restoreDatabase(options: DatabaseOptions, file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  const kind = bytes.subarray(0, 5).toString("latin1") === "PGDMP" ? "postgres" : bytes[0] === 0x1f ? "pglite" : null;
  const target = options.databaseUrl ? "postgres" : "pglite";
  if (kind !== target) {
    throw new BackupError(
      kind
        ? `${file} is a ${kind === "postgres" ? "PostgreSQL" : "PGlite"} backup; restore it with ${kind === "postgres" ? "DATABASE_URL set" : "DATABASE_URL unset"}.`
        : `${file} is not an HBS backup.`,
    );
  }
  if (options.databaseUrl) {
    await postgresTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${options.databaseUrl}`,
      file,
    ]);
    return;
  }
  // Restored beside the current folder first, then swapped in: a backup that
  // fails to load leaves the database as it was.
  const folder = path.join(options.dataDir, "pglite");
  const restoring = `${folder}.restoring`;
  fs.rmSync(restoring, { recursive: true, force: true });
  try {
    await withPglite(options.dataDir, restoring, { loadDataDir: new Blob([bytes]) }, (client) =>
      client.query("select count(*) from drizzle.__drizzle_migrations"),
    );
  } catch (error) {
    fs.rmSync(restoring, { recursive: true, force: true });
    throw new BackupError(`${file} could not be restored: ${(error as Error).message}`);
  }
  const release = lockDataDir(options.dataDir);
  try {
    if (fs.existsSync(folder)) fs.renameSync(folder, `${folder}.before-restore-${Date.now()}`);
    fs.renameSync(restoring, folder);
  } finally {
    release();
  }
}

async function withPglite(
  dataDir: string,
  folder: string,
  extra: { loadDataDir?: Blob },
  work: (client: PGlite) => Promise<unknown>,
) {
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(folder, { extensions: { pg_trgm }, ...extra });
    try {
      // dumpDataDir on a PGlite still starting up never settles.
      await client.waitReady;
      await work(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Runs pg_dump or pg_restore: from PATH, or Debian's versioned folders. */
async function postgresTool(name: "pg_dump" | "pg_restore", args: string[]) {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort().reverse() : [];
  const candidates = [name, ...versions.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`)];
  for (const command of candidates) {
    try {
      await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      const stderr = (error as { stderr?: string }).stderr?.trim();
      throw new BackupError(`${name} failed: ${stderr || (error as Error).message}`);
    }
  }
  throw new BackupError(`${name} was not found: install PostgreSQL's client tools (Debian: postgresql-client).`);
}

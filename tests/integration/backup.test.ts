// npm run db:backup and db:restore, as a round trip: a database with data is
// backed up, then changed, then restored; every table's row count and a
// sample of its rows are as they were at the backup. On PGlite always, and on
// PostgreSQL when TEST_POSTGRES_URL names a server (as in CI).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { BackupError, backupDatabase, restoreDatabase } from "../../app/server/backup.server";
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from "../../app/server/db.server";
import { enquiry } from "../../app/server/schema";
import { seedDatabase } from "../../db/seed/seed";
import { createThrowawayDatabase } from "../helpers/throwaway-database";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-backup-"));
const dropAfter: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropAfter) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Both drivers answer execute() with { rows }; Drizzle's shared type does not say so. */
async function rows<T>(handle: DatabaseHandle, query: SQL) {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every table's row count and first rows, as one comparable value. */
async function snapshot(handle: DatabaseHandle) {
  const tables = await rows<{ name: string }>(
    handle,
    sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [count] = await rows<{ n: number }>(handle, sql.raw(`select count(*)::int as n from ${name}`));
    // As JSON, so that a column of a type the driver learns only later (an enum array) reads the same before and after.
    const sample = await rows(
      handle,
      sql.raw(`select to_jsonb(s) as row from (select * from ${name} order by 1 limit 3) s`),
    );
    result[name] = { count: count!.n, sample: JSON.parse(JSON.stringify(sample)) };
  }
  return result;
}

async function withDatabase<T>(options: DatabaseOptions, work: (handle: DatabaseHandle) => Promise<T>) {
  const handle = openDatabase(options);
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

async function postgresDatabase(serverUrl: string): Promise<DatabaseOptions> {
  const throwaway = await createThrowawayDatabase(serverUrl, "hbs_backup");
  dropAfter.push(throwaway.drop);
  return { databaseUrl: throwaway.url, dataDir: "memory://" };
}

const kinds: [string, () => Promise<DatabaseOptions>][] = [
  ["PGlite", async () => ({ dataDir: fs.mkdtempSync(path.join(work, "data-")) })],
];
const serverUrl = process.env.TEST_POSTGRES_URL;
if (serverUrl) kinds.push(["PostgreSQL", () => postgresDatabase(serverUrl)]);

// Each step opens the database afresh, as the commands do: a file-backed PGlite takes seconds to open.
describe.each(kinds)("on %s", { timeout: 180_000 }, (_kind, makeDatabase) => {
  it("a backup, restored over a changed database, brings back every row as it was", async () => {
    const options = await makeDatabase();
    const before = await withDatabase(options, async (handle) => {
      await handle.migrate();
      await seedDatabase(handle.db, { uploadsDir: path.join(work, "uploads") });
      return snapshot(handle);
    });
    expect(Object.keys(before).length).toBeGreaterThan(10);

    const file = path.join(work, `${crypto.randomUUID()}.backup`);
    await backupDatabase(options, file);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // After the backup: rows deleted and added.
    await withDatabase(options, async (handle) => {
      await handle.db.execute(sql`delete from business_listing`);
      await handle.db.insert(enquiry).values({ kind: "contact", subject: "Sent after the backup", fields: {} });
      expect(await snapshot(handle)).not.toEqual(before);
    });

    await restoreDatabase(options, file);
    await withDatabase(options, async (handle) => expect(await snapshot(handle)).toEqual(before));
  });

  it("refuses a file that is not a backup of this kind, and changes nothing", async () => {
    const options = await makeDatabase();
    await withDatabase(options, (handle) => handle.migrate());
    const before = await withDatabase(options, snapshot);
    const file = path.join(work, "not-a-backup.txt");
    fs.writeFileSync(file, "hello");
    await expect(restoreDatabase(options, file)).rejects.toThrow(BackupError);
    expect(await withDatabase(options, snapshot)).toEqual(before);
  });
});

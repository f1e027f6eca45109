// The copies opening periods keep of their business (decision 0045), on
// PGlite or PostgreSQL: a live directory brought up to migration 0027 fills
// them in, so "open now" with a town or halal filters finds its businesses at
// once; and a period written while staff change its business takes the change.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/server/db.server";
import { businessHours, directoryBusiness } from "../../app/server/schema";
import type * as schema from "../../app/server/schema";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../helpers/throwaway-database";

let handle: DatabaseHandle;
let throwaway: ThrowawayDatabase | undefined;
let before0027: string;

/** The migrations up to `last`, as a folder drizzle's migrator reads. */
function migrationsUpTo(last: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  for (const { tag } of entries) fs.copyFileSync(`drizzle/${tag}.sql`, path.join(folder, `${tag}.sql`));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

const migrateFrom = (migrationsFolder: string) =>
  handle.kind === "postgres"
    ? migrateNodePg(handle.db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder })
    : migratePglite(handle.db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });

beforeAll(async () => {
  const serverUrl = process.env.TEST_POSTGRES_URL;
  if (serverUrl) throwaway = await createThrowawayDatabase(serverUrl, "hbs_test");
  handle = openDatabase({ databaseUrl: throwaway?.url, dataDir: "memory://" });
  setDatabase(handle);
  before0027 = migrationsUpTo("0026_open_now_from_hours");
  await migrateFrom(before0027);
  // Written as the site wrote them before 0027: a business, and its Friday evening.
  await handle.db.execute(sql`insert into directory_business
      (slug, name, category, description, town, halal_status, halal_certifier_body, alcohol_served)
    values ('late-grill', 'Late Grill', 'food', '-', 'Bradford', 'fully_halal', 'hmc', false),
           ('day-cafe', 'Day Cafe', 'food', '-', 'Leeds', 'halal_options', null, true)`);
  await handle.db.execute(sql`insert into business_hours (business_id, weekday, opens_minute, closes_minute)
    select id, 5, 17 * 60, 23 * 60 from directory_business`);
  await handle.migrate();
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
  await throwaway?.drop();
  if (before0027) fs.rmSync(before0027, { recursive: true, force: true });
});

describe("migration 0027 on a directory with opening hours", () => {
  // Friday 6 November 2026, 20:00 in London: both are open.
  const now = new Date("2026-11-06T20:00:00Z");
  const found = async (query: string) => {
    const { items, total } = await searchBusinesses(parseDirectoryQuery(new URLSearchParams(query)), null, now);
    return { names: items.map((b) => b.name).sort(), total };
  };

  it("copies each business's town and halal facts onto the periods it already had", async () => {
    expect(await found("open=now")).toEqual({ names: ["Day Cafe", "Late Grill"], total: 2 });
    expect(await found("open=now&location=bradford")).toEqual({ names: ["Late Grill"], total: 1 });
    for (const filter of ["halal=fully", "certified=yes", "certifier=hmc", "alcohol=none"]) {
      expect(await found(`open=now&${filter}`)).toEqual({ names: ["Late Grill"], total: 1 });
    }
  });
});

describe("a period written while staff change its business", () => {
  // Two connections at once: PGlite has one.
  it.skipIf(!process.env.TEST_POSTGRES_URL)("waits for the change and takes what staff wrote", async () => {
    const [cafe] = await handle.db
      .select({ id: directoryBusiness.id })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.slug, "day-cafe"));
    let written = false;
    let writing: Promise<void> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.update(directoryBusiness).set({ town: "York" }).where(eq(directoryBusiness.id, cafe!.id));
      writing = handle.db
        .insert(businessHours)
        .values({ businessId: cafe!.id, weekday: 6, opensMinute: 10 * 60, closesMinute: 15 * 60 })
        .then(() => {
          written = true;
        });
      // Staff commit once the period waits for them, or has been written without waiting.
      for (let tries = 0; tries < 100 && !written; tries++) {
        // From a third connection: a transaction sees pg_stat_activity as it was when it first looked.
        const [waiting] = await handle.db
          .select({ n: count() })
          .from(sql`pg_stat_activity`)
          .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    await writing;
    const saturday = await handle.db
      .select({ townKey: businessHours.townKey })
      .from(businessHours)
      .where(and(eq(businessHours.businessId, cafe!.id), eq(businessHours.weekday, 6)));
    expect(saturday).toEqual([{ townKey: "york" }]);
  });
});

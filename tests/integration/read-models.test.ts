// The read models' files are the truth (docs/design/read-models.md), on PGlite
// or PostgreSQL: the functions and triggers the migrations leave are exactly
// those app/server/read-models holds, none more, none fewer, none different.
// A migration that changes one without its file, or a file changed without a
// migration, fails here.
import { sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../app/server/db.server";
import { readModels } from "../../app/server/read-models";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.destroy();
});

/** The rows a query returns, on PGlite or PostgreSQL. */
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Text as PostgreSQL gives it back, with runs of white space as one space. */
const normalised = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The database's own functions (not those of its extensions) and its triggers
 * (not those PostgreSQL makes for foreign keys), as PostgreSQL writes them back.
 */
async function definitions(db: Database) {
  const functions = await rowsOf<{ name: string; signature: string; definition: string }>(
    db,
    sql`
    select p.proname as name, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by 1, 2`,
  );
  const triggers = await rowsOf<{ name: string; table: string; definition: string }>(
    db,
    sql`
    select t.tgname as name, c.relname as table, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal
    order by 2, 1`,
  );
  return {
    functions: functions.map((f) => ({ ...f, definition: normalised(f.definition) })),
    triggers: triggers.map((t) => ({ ...t, definition: normalised(t.definition) })),
  };
}

describe("the read models' files", () => {
  it("hold exactly the functions and triggers the migrations leave", async () => {
    const migrated = await definitions(database.db);
    // Sanity: the database has them to compare (49 triggers, 10 functions when this was written).
    expect(migrated.triggers.length).toBeGreaterThan(40);
    expect(migrated.functions.length).toBeGreaterThan(5);
    let fromFiles: typeof migrated | undefined;
    // Every one dropped, the files' SQL run in their place, read back, and all rolled back.
    await database.db
      .transaction(async (tx) => {
        for (const t of migrated.triggers)
          await tx.execute(sql`drop trigger ${sql.identifier(t.name)} on ${sql.identifier(t.table)}`);
        for (const f of migrated.functions) await tx.execute(sql.raw(`drop function ${f.signature}`));
        for (const model of readModels) {
          for (const statement of [...model.functions, ...model.triggers]) await tx.execute(sql.raw(statement));
        }
        fromFiles = await definitions(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(fromFiles).toEqual(migrated);
  });
});

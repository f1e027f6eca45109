// Counts of the directory kept by triggers as rows of changes, summed when
// read: rows are only ever added, so no writer waits for another
// (decisions 0053, 0058).
import { eq, getTableName, sql, type AnyColumn } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { openWeekChange, publishedBusinessChange } from "~/server/schema";
import type { DirectoryQuery } from "./directory-query.server";

/** How many businesses are published (in `category`): a row or two summed, not an entry of an index for each. */
export async function publishedBusinesses(category?: DirectoryQuery["category"]): Promise<number> {
  const c = publishedBusinessChange;
  const [row] = await db()
    .select({ n: sql<number>`coalesce(sum(${c.businesses}), 0)::int` })
    .from(c)
    .where(category ? eq(c.category, category) : undefined);
  return row?.n ?? 0;
}

/**
 * Sums up each table of changes to a row for each of its keys (housekeeping,
 * hourly): rows added by a statement that commits meanwhile are not among
 * those deleted, and stay as they are. One at a time, across servers: two
 * deleting the same rows from a large table could deadlock.
 */
export async function compactDirectoryCounts(database: Database) {
  const w = openWeekChange;
  const p = publishedBusinessChange;
  const names = (columns: AnyColumn[]) =>
    sql.join(
      columns.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${getTableName(w)}))`);
    for (const [table, keys, amount] of [
      [w, [w.category, w.showcased, w.minute], w.businesses],
      [p, [p.category], p.businesses],
    ] satisfies [PgTable, AnyColumn[], AnyColumn][]) {
      const total = sql`sum(${sql.identifier(amount.name)})`;
      await tx.execute(sql`with gone as (delete from ${table} returning *)
        insert into ${table} (${names([...keys, amount])})
        select ${names(keys)}, ${total}::int from gone group by ${names(keys)} having ${total} <> 0`);
    }
  });
}

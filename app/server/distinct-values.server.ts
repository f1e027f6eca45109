import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./db.server";

/**
 * The distinct values of a column, in order, one index probe per value (a
 * "loose index scan"). PostgreSQL 15 has no skip scan: `select distinct`
 * reads every row's entry, 100,000 of them for the directory's 68 towns, on
 * every list page (bench/README.md). Needs an index that leads with the
 * condition's equality columns and then `column`; `where` is repeated in each probe.
 */
export async function distinctValues(db: Database, table: PgTable, column: AnyPgColumn, where: SQL): Promise<string[]> {
  const result = await db.execute(sql`with recursive found(value) as (
      (select ${column} from ${table} where ${where} order by ${column} limit 1)
      union all
      select (select ${column} from ${table} where ${where} and ${column} > found.value order by ${column} limit 1)
      from found where found.value is not null
    )
    select value from found where value is not null`);
  // node-postgres and PGlite both answer with { rows }.
  return (result as unknown as { rows: { value: string }[] }).rows.map((row) => row.value);
}

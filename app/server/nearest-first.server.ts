import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { PAGE_SIZE } from "~/lib/list-query";
import { db } from "./db.server";

/**
 * One page of rows nearest first, then by `order` (decision 0042). The page's
 * ids are chosen first, in a query that needs only the id, the coordinates
 * and `order`'s columns: an index on (…, latitude, longitude, then those)
 * answers it alone when nothing else filters. Only the page's rows are then
 * read whole, for `columns`. Reading every candidate's whole row to keep 24
 * of them cost more than the rest of the search.
 */
export function nearestFirstPage<TColumns extends Record<string, AnyPgColumn>>(
  table: PgTable,
  id: AnyPgColumn,
  columns: TColumns,
  where: SQL,
  distance: SQL<number | null>,
  order: SQL[],
  page: number,
) {
  const chosen = db()
    .select({ id, distanceKm: sql<number | null>`${distance}`.as("distance_km") })
    .from(table)
    .where(where)
    .orderBy(sql`${distance} asc nulls last`, ...order)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .as("chosen");
  return db()
    .select({ ...columns, distanceKm: chosen.distanceKm })
    .from(chosen)
    .innerJoin(table, eq(id, chosen.id))
    .orderBy(sql`${chosen.distanceKm} asc nulls last`, ...order);
}

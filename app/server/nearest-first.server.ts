import { and, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { LatLng } from "~/lib/geo";
import { db } from "./db.server";
import { distanceFrom, withinKm } from "./distance.server";

/**
 * `limit` rows nearest first from `offset`, then by `order`: a page (decision
 * 0042). Its ids are chosen first, in a query that needs only the id, the coordinates
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
  offset: number,
  limit: number,
) {
  const chosen = db()
    .select({ id, distanceKm: sql<number | null>`${distance}`.as("distance_km") })
    .from(table)
    .where(where)
    .orderBy(sql`${distance} asc nulls last`, ...order)
    .limit(limit)
    .offset(offset)
    .as("chosen");
  return db()
    .select({ ...columns, distanceKm: chosen.distanceKm })
    .from(chosen)
    .innerJoin(table, eq(id, chosen.id))
    .orderBy(sql`${chosen.distanceKm} asc nulls last`, ...order);
}

/** The circles nearestInCircles tries, in km: past the last, sorting every row costs less than another circle. */
const CIRCLES_KM = [2, 10, 50];

/**
 * `limit` rows nearest `origin` from `offset`, then by `order`, looked for in
 * wider and wider circles around it (decision 0049). When a circle holds
 * `offset + limit` rows, they are the nearest of all, since every row outside
 * it is further away; each circle is a box of the (…, latitude, longitude)
 * index, so a town's neighbours are read, not the whole country. Null when
 * the widest circle holds too few: the caller sorts every row (rows without a
 * position, which come last, are in no circle).
 */
export async function nearestInCircles<TColumns extends Record<string, AnyPgColumn>>(
  table: PgTable,
  id: AnyPgColumn,
  columns: TColumns,
  where: SQL,
  origin: LatLng,
  position: { latitude: AnyColumn; longitude: AnyColumn },
  order: SQL[],
  offset: number,
  limit: number,
) {
  const distance = distanceFrom(origin, position.latitude, position.longitude);
  for (const km of CIRCLES_KM) {
    const within = and(where, withinKm(origin, km, position.latitude, position.longitude))!;
    const rows = await nearestFirstPage(table, id, columns, within, distance, order, offset, limit);
    if (rows.length === limit) return rows;
  }
  return null;
}

import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { LatLng } from "~/lib/geo";
import { db } from "./db.server";
import { distanceFrom, inBox } from "./distance.server";

/** A column that orders rows at the same distance, and its direction. */
export type Tiebreak = [column: AnyPgColumn, direction: "asc" | "desc"];

export interface NearestFirst<TColumns extends Record<string, AnyPgColumn>> {
  table: PgTable;
  id: AnyPgColumn;
  /** What the page's rows are read whole for. */
  columns: TColumns;
  where: SQL;
  distance: SQL<number | null>;
  /** After the distance. */
  order: Tiebreak[];
  offset: number;
  limit: number;
  /**
   * Only rows this many km away or nearer, when `where` keeps those in the
   * box around them (inBox): the nearer rows come first in the sort, so the
   * rows within are its first ones, and the page's rows past the radius are
   * dropped after it (decision 0052).
   */
  within?: number;
}

/**
 * `limit` rows nearest first from `offset`, then by `order`: a page (decision
 * 0042). Its ids are chosen first, in a query that needs only the id, the coordinates
 * and `order`'s columns: an index on (…, latitude, longitude, then those)
 * answers it alone when nothing else filters. Only the page's rows are then
 * read whole, for `columns`. Reading every candidate's whole row to keep 24
 * of them cost more than the rest of the search. PostgreSQL keeps only
 * `offset + limit` rows as it sorts. Each row's distance is worked out once,
 * for the sort: a radius is applied to the page's rows (`within`), not as a
 * condition that worked it out again for every row.
 */
export function nearestFirstPage<TColumns extends Record<string, AnyPgColumn>>({
  table,
  id,
  columns,
  where,
  distance,
  order,
  offset,
  limit,
  within,
}: NearestFirst<TColumns>) {
  const chosen = db()
    .select({ id, distanceKm: sql<number | null>`${distance}`.as("distance_km") })
    .from(table)
    .where(where)
    .orderBy(sql`${distance} asc nulls last`, ...orderBy(order))
    .limit(limit)
    .offset(offset)
    .as("chosen");
  return db()
    .select({ ...columns, distanceKm: chosen.distanceKm })
    .from(chosen)
    .innerJoin(table, eq(id, chosen.id))
    .where(within === undefined ? undefined : sql`${chosen.distanceKm} <= ${within}`)
    .orderBy(sql`${chosen.distanceKm} asc nulls last`, ...orderBy(order));
}

/** `order` for an ORDER BY. */
export const orderBy = (order: Tiebreak[]) =>
  order.map(([column, direction]) => (direction === "asc" ? asc(column) : desc(column)));

/**
 * The circles nearestInCircles tries, in km: past the last, sorting every
 * row costs less than another circle. Each holds a few times the rows of the
 * one before: a page just past a town's 2 km reads 4 km of it, not 10, and a
 * circle tried in vain costs a fraction of the next (decision 0060).
 */
const CIRCLES_KM = [2, 4, 10, 50];

/**
 * A page as nearestFirstPage chooses it, looked for in wider and wider
 * circles around `origin` (decision 0049). When a circle holds `offset +
 * limit` rows, they are the nearest of all, since every row outside it is
 * further away; each circle is a box of the (…, latitude, longitude) index,
 * so a town's neighbours are read, not the whole country. Null when the
 * widest circle holds too few: the caller sorts every row (rows without a
 * position, which come last, are in no circle).
 */
export async function nearestInCircles<TColumns extends Record<string, AnyPgColumn>>(
  page: Omit<NearestFirst<TColumns>, "distance">,
  origin: LatLng,
  position: { latitude: AnyColumn; longitude: AnyColumn },
  /** Only the circles smaller than this many km. */
  below = Infinity,
) {
  const distance = distanceFrom(origin, position.latitude, position.longitude);
  for (const km of CIRCLES_KM.filter((circle) => circle < below)) {
    const where = and(page.where, inBox(origin, km, position.latitude, position.longitude))!;
    const rows = await nearestFirstPage({ ...page, where, distance, within: km });
    if (rows.length === page.limit) return rows;
  }
  return null;
}

/**
 * A page of the rows within `km` of `origin`, nearest first: looked for in
 * the circles smaller than the radius first, as nearestInCircles does, then
 * in the whole radius. A town's first pages are among its nearest few
 * hundred rows; sorting every row within 25 miles of it cost more than the
 * rest of the search (decision 0057). `where` holds no radius.
 */
export async function nearestWithin<TColumns extends Record<string, AnyPgColumn>>(
  page: Omit<NearestFirst<TColumns>, "distance" | "within">,
  origin: LatLng,
  position: { latitude: AnyColumn; longitude: AnyColumn },
  km: number,
) {
  return (
    (await nearestInCircles(page, origin, position, km)) ??
    nearestFirstPage({
      ...page,
      where: and(page.where, inBox(origin, km, position.latitude, position.longitude))!,
      distance: distanceFrom(origin, position.latitude, position.longitude),
      within: km,
    })
  );
}

/** How many rows `where` keeps, counting no further than `most`: the count stops there. */
export async function countUpTo(table: PgTable, where: SQL, most: number) {
  const rows = db()
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(most)
    .as("rows");
  const [row] = await db().select({ n: count() }).from(rows);
  return row?.n ?? 0;
}

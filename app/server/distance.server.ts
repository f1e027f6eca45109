import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { EARTH_RADIUS_KM, type LatLng } from "~/lib/geo";

/**
 * Great-circle distance in km from `origin` to a row's coordinates, in SQL
 * (haversine, the same formula as app/lib/geo.ts). NULL when the row has no
 * coordinates, so "NULLS LAST" puts unknown places at the end.
 */
export function distanceFrom(origin: LatLng, latitude: AnyColumn, longitude: AnyColumn): SQL<number | null> {
  const lat = sql`${origin.latitude}::float8`;
  const lng = sql`${origin.longitude}::float8`;
  return sql<number | null>`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
    power(sin(radians(${latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${lng}) / 2), 2)
  )))`;
}

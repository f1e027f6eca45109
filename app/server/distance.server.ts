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

/**
 * Rows in the box around the circle of `km` about `origin`: a range on
 * latitude, then longitude, which the (…, latitude, longitude) indexes
 * answer. It holds every row within `km`, and the box's corners besides.
 */
export function inBox(origin: LatLng, km: number, latitude: AnyColumn, longitude: AnyColumn): SQL {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  // A degree of longitude is shortest at the box's edge furthest from the equator.
  const widest = Math.min(89, Math.abs(origin.latitude) + dLat);
  const dLng = dLat / Math.cos((widest * Math.PI) / 180);
  return sql`(${latitude} between ${origin.latitude - dLat} and ${origin.latitude + dLat}
    and ${longitude} between ${origin.longitude - dLng} and ${origin.longitude + dLng})`;
}

/**
 * Rows within `km` of `origin`: the box (inBox), then the exact great-circle
 * distance, which drops the box's corners. Rows without coordinates never match.
 */
export function withinKm(origin: LatLng, km: number, latitude: AnyColumn, longitude: AnyColumn): SQL {
  return sql`(${inBox(origin, km, latitude, longitude)}
    and ${distanceFrom(origin, latitude, longitude)} <= ${km})`;
}

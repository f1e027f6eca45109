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
  return boxAbout(origin, { dLat, dLng: dLat / Math.cos((widest * Math.PI) / 180) }, latitude, longitude);
}

/** Rows within `dLat` and `dLng` degrees of `origin`: a range on latitude, then longitude. */
function boxAbout(
  origin: LatLng,
  { dLat, dLng }: { dLat: number; dLng: number },
  latitude: AnyColumn,
  longitude: AnyColumn,
): SQL {
  return sql`(${latitude} between ${origin.latitude - dLat} and ${origin.latitude + dLat}
    and ${longitude} between ${origin.longitude - dLng} and ${origin.longitude + dLng})`;
}

/**
 * The box within the circle of `km` about `origin`: every point in it is
 * within `km` by distanceFrom's haversine, so its rows need no distance
 * worked out. Half of the haversine's sum goes to the latitude, half to
 * the longitude, whose degree is taken at its widest in the box; the box is
 * cut by a billionth so that rounding cannot let a point past the circle.
 */
export function innerBox(origin: LatLng, km: number) {
  const radians = Math.PI / 180;
  const half = Math.sin(km / EARTH_RADIUS_KM / 2) ** 2 / 2;
  const dLat = 2 * Math.asin(Math.sqrt(half));
  const nearestEquator = Math.max(0, Math.abs(origin.latitude * radians) - dLat);
  const cosines = Math.cos(origin.latitude * radians) * Math.cos(nearestEquator);
  const dLng = 2 * Math.asin(Math.sqrt(Math.min(1, half / cosines)));
  const shrink = (1 - 1e-9) / radians;
  return { dLat: dLat * shrink, dLng: dLng * shrink };
}

/**
 * Rows within `km` of `origin`: the box (inBox), then the exact great-circle
 * distance, which drops the box's corners. The rows in the box within the
 * circle (innerBox), about two in three of a town's, are kept without it:
 * the distance cost more than reading the row from the index (decision 0057).
 * Rows without coordinates never match.
 */
export function withinKm(origin: LatLng, km: number, latitude: AnyColumn, longitude: AnyColumn): SQL {
  // An OR's arms are tested in the order written: the distance only outside the inner box.
  return sql`(${inBox(origin, km, latitude, longitude)}
    and (${boxAbout(origin, innerBox(origin, km), latitude, longitude)}
      or ${distanceFrom(origin, latitude, longitude)} <= ${km}))`;
}

// Great-circle distance (spec section 9: Earth radius 6371 km). The lists
// order by the same formula in SQL (app/server/distance.server.ts).
export const EARTH_RADIUS_KM = 6371;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

export const KM_PER_MILE = 1.609344;
export type DistanceUnit = "km" | "miles";

/**
 * "12 km away", "800 m away": for cards when a location is known; in miles
 * ("2.3 miles away", "1 mile away") for a search near a postcode or town.
 */
export function formatDistance(km: number, unit: DistanceUnit = "km"): string {
  if (unit === "miles") {
    const miles = km / KM_PER_MILE;
    const shown = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
    return `${shown} ${shown === 1 ? "mile" : "miles"} away`;
  }
  if (km < 1) return `${Math.max(100, Math.round((km * 1000) / 100) * 100)} m away`;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`;
}

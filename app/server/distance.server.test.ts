import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/geo";
import { innerBox } from "./distance.server";

describe("innerBox", () => {
  const origins = [
    { latitude: 52.4862, longitude: -1.8904 }, // Birmingham
    { latitude: 60.15, longitude: -1.15 }, // Lerwick, where a degree of longitude is short
    { latitude: 49.9, longitude: -6.3 }, // the Scilly Isles
    { latitude: 0.2, longitude: 10 }, // a box across the equator
    { latitude: -33.9, longitude: 18.4 }, // the southern hemisphere
  ];
  const radii = [0.5, 1.609344, 8.04672, 40.2336, 80.4672, 160];

  it("holds only points within the radius, out to its corners", () => {
    for (const origin of origins) {
      for (const km of radii) {
        const { dLat, dLng } = innerBox(origin, km);
        for (const [sLat, sLng] of [
          [1, 1],
          [1, -1],
          [-1, 1],
          [-1, -1],
        ]) {
          const corner = { latitude: origin.latitude + sLat! * dLat, longitude: origin.longitude + sLng! * dLng };
          expect(distanceKm(origin, corner)).toBeLessThanOrEqual(km);
        }
      }
    }
  });

  it("reaches the circle at its corner nearest the equator, so it spares as many rows as it can", () => {
    for (const origin of origins.slice(0, 3)) {
      for (const km of radii) {
        const { dLat, dLng } = innerBox(origin, km);
        const corner = { latitude: origin.latitude - dLat, longitude: origin.longitude + dLng };
        expect(distanceKm(origin, corner)).toBeGreaterThan(km * 0.999999);
        // Half the distance each way, about: a square in km, inscribed in the circle.
        expect(distanceKm(origin, { ...origin, latitude: origin.latitude + dLat })).toBeCloseTo(km / Math.SQRT2, 1);
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { distanceKm, formatDistance } from "./geo";

describe("distanceKm", () => {
  it("measures London to Manchester as about 262 km", () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const manchester = { latitude: 53.4808, longitude: -2.2426 };
    expect(distanceKm(london, manchester)).toBeCloseTo(262, 0);
  });
  it("is zero from a place to itself", () => {
    expect(distanceKm({ latitude: 51.58, longitude: -2.99 }, { latitude: 51.58, longitude: -2.99 })).toBe(0);
  });
});

describe("formatDistance", () => {
  it("uses metres under a kilometre, one decimal under ten", () => {
    expect(formatDistance(0.42)).toBe("400 m away");
    expect(formatDistance(3.14)).toBe("3.1 km away");
    expect(formatDistance(262.3)).toBe("262 km away");
  });
  it("says miles for a search near a postcode or town", () => {
    expect(formatDistance(3.7, "miles")).toBe("2.3 miles away");
    expect(formatDistance(1.609344, "miles")).toBe("1 mile away");
    expect(formatDistance(30, "miles")).toBe("19 miles away");
  });
});

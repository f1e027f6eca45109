import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { distanceKm } from "~/lib/geo";
import { gridToLatLng } from "./osgb";

describe("gridToLatLng", () => {
  it("converts the OS guide's worked example (Caister water tower) to WGS84", () => {
    // Grid 651409.903, 313177.270 is OSGB36 52°39′27.2531″N 1°43′4.5177″E, and in
    // WGS84 (through the same Helmert parameters) 52°39′28.723″N 1°42′57.787″E.
    const { latitude, longitude } = gridToLatLng(651409.903, 313177.27);
    expect(latitude).toBeCloseTo(52 + 39 / 60 + 28.723 / 3600, 5);
    expect(longitude).toBeCloseTo(1 + 42 / 60 + 57.787 / 3600, 5);
  });

  // The file's eastings and northings are rounded to 100 m. Its E20 alone has a
  // longitude 6.8 km off its grid reference: migration 0019 corrects it.
  it("puts every shipped district centre within 150 m of the latitude and longitude given with it", () => {
    const rows = parse(fs.readFileSync("db/reference/uk-outcodes.csv"), { columns: true }) as Record<string, string>[];
    const gb = rows.filter((r) => r.country !== "NIR" && r.postcode !== "E20");
    expect(gb.length).toBeGreaterThan(2700);
    for (const r of gb) {
      const converted = gridToLatLng(Number(r.eastings), Number(r.northings));
      const given = { latitude: Number(r.latitude), longitude: Number(r.longitude) };
      expect(distanceKm(converted, given), r.postcode).toBeLessThan(0.15);
    }
  });
});

// `npm run db:postcodes` (decision 0034) on fixture files in the ONS Postcode
// Directory's and OS Code-Point Open's formats, and on files it must refuse
// without changing anything.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { importPostcodes, RefusedFile } from "../../app/features/places/postcode-import.server";
import { resolvePlace } from "../../app/features/places/places.server";
import { distanceKm } from "../../app/lib/geo";
import { db } from "../../app/server/db.server";
import { directoryBusiness, postcodeLocation } from "../../app/server/schema";
import { addBusiness } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

// No sample data: the migrations alone bring the postcode districts.
migratedAppDatabase();
const fixture = (name: string) => path.join("tests/fixtures/postcodes", name);
const quiet = () => undefined;
const fullPostcodes = () => db().$count(postcodeLocation, eq(postcodeLocation.kind, "full"));

describe("db:postcodes", () => {
  it("loads an ONS Postcode Directory file, reports progress and refusals, and the postcodes then win", async () => {
    const lines: string[] = [];
    const summary = await importPostcodes(fixture("onspd-sample.csv"), { every: 2, print: (l) => lines.push(l) });
    expect(summary).toMatchObject({
      format: "ONS Postcode Directory",
      read: 6,
      added: 3,
      changed: 0,
      refused: { "no coordinates": 1, "coordinates outside the UK": 1, "not a full UK postcode": 1 },
    });
    expect(lines[0]).toBe("Postcodes: reading tests/fixtures/postcodes/onspd-sample.csv as ONS Postcode Directory.");
    expect(lines).toContainEqual(expect.stringMatching(/^Postcodes: 2 rows read \(\d+%\)$/));
    expect(lines.at(-1)).toBe(
      "Postcodes: 6 read, 3 added, 0 changed, 3 refused.\n" +
        "  refused 1: no coordinates\n  refused 1: coordinates outside the UK\n  refused 1: not a full UK postcode",
    );
    expect(await resolvePlace("np44 1pu")).toEqual({
      place: { latitude: 51.654923, longitude: -3.02218, label: "NP44 1PU", precision: "postcode", alsoNamed: [] },
    });
    // The same file again changes nothing.
    expect(await importPostcodes(fixture("onspd-sample.csv"), { print: quiet })).toMatchObject({
      added: 0,
      changed: 0,
    });
    expect(await fullPostcodes()).toBe(3);
  });

  it("moves businesses placed only at their town's or district's centre to their full postcode", async () => {
    const at = { latitude: 51.6537, longitude: -3.021 };
    const town = await addBusiness(db(), "Placed At Town", { ...at, postcode: "NP44 1PU", placedAt: "town" }, []);
    const district = await addBusiness(
      db(),
      "Placed At District",
      { ...at, postcode: "np441pu", placedAt: "district" },
      [],
    );
    // Typed by staff: theirs stays, whatever the postcode says.
    const given = await addBusiness(db(), "Placed As Given", { ...at, postcode: "NP44 1PU", placedAt: "given" }, []);
    const elsewhere = await addBusiness(
      db(),
      "Placed Elsewhere",
      { ...at, postcode: "NP20 1AA", placedAt: "town" },
      [],
    );
    const lines: string[] = [];
    expect(await importPostcodes(fixture("onspd-sample.csv"), { print: (l) => lines.push(l) })).toMatchObject({
      placed: 2,
    });
    expect(lines.at(-1)).toBe("Postcodes: 2 businesses now placed at their full postcode.");
    const placed = await db()
      .select({
        id: directoryBusiness.id,
        latitude: directoryBusiness.latitude,
        longitude: directoryBusiness.longitude,
        placedAt: directoryBusiness.placedAt,
      })
      .from(directoryBusiness);
    const of = (id: number) => placed.find((b) => b.id === id);
    const np44 = { latitude: 51.654923, longitude: -3.02218, placedAt: "postcode" };
    expect(of(town)).toMatchObject(np44);
    expect(of(district)).toMatchObject(np44);
    expect(of(given)).toMatchObject({ ...at, placedAt: "given" });
    expect(of(elsewhere)).toMatchObject({ ...at, placedAt: "town" });
  });

  it("loads OS Code-Point Open, converting its eastings and northings to latitude and longitude", async () => {
    const summary = await importPostcodes(fixture("codepoint-sample.csv"), { print: quiet });
    expect(summary).toMatchObject({
      format: "OS Code-Point Open",
      read: 3,
      added: 1,
      // NP44 1PU, now from its grid reference rather than ONSPD's latitude and longitude.
      changed: 1,
      refused: { "no coordinates": 1 },
    });
    const b1 = await resolvePlace("B1 1BB");
    if (!("place" in b1)) throw new Error("B1 1BB not loaded");
    // 160 m east and 101 m south of B1 1AA on the grid (406740, 286701), whose
    // WGS84 position the ONSPD fixture gives: about 189 m from it, within a few metres.
    const metres = distanceKm(b1.place, { latitude: 52.478196, longitude: -1.90219 }) * 1000;
    expect(metres).toBeGreaterThan(184);
    expect(metres).toBeLessThan(194);
    const np44 = await resolvePlace("NP44 1PU");
    if (!("place" in np44)) throw new Error("NP44 1PU lost");
    // Within a metre of ONSPD's figure for the same grid reference.
    expect(distanceKm(np44.place, { latitude: 51.654923, longitude: -3.02218 })).toBeLessThan(0.001);
  });

  it("refuses malformed, wrong-kind, empty and mostly unreadable files, changing nothing", async () => {
    const before = await db().select().from(postcodeLocation).where(eq(postcodeLocation.kind, "full"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-postcodes-"));
    const empty = path.join(dir, "empty.csv");
    fs.writeFileSync(empty, "");
    const unreadable = path.join(dir, "unreadable.csv");
    fs.writeFileSync(
      unreadable,
      '"pcds","lat","long"\n"SW1A 2AA",51.5,-0.12\n' +
        Array.from({ length: 20 }, (_, i) => `"NOPE${i}",51.5,-0.1`).join("\n"),
    );
    const cases: [string, RegExp][] = [
      [fixture("malformed.csv"), /is not a well-formed CSV file: .*line 3/],
      [fixture("wrong-kind.csv"), /is neither an ONS Postcode Directory file .* nor OS Code-Point Open/],
      [empty, /is empty/],
      [unreadable, /most rows could not be read \(20 not a full UK postcode\), so nothing was loaded/],
      [path.join(dir, "missing.csv"), /no such file/],
    ];
    try {
      for (const [file, message] of cases) {
        const attempt = importPostcodes(file, { print: quiet });
        await expect(attempt, file).rejects.toThrow(RefusedFile);
        await expect(importPostcodes(file, { print: quiet }), file).rejects.toThrow(message);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // The malformed file's first row (NP44 1PU at 51.6, -3.0) was staged, then rolled back.
    expect(await db().select().from(postcodeLocation).where(eq(postcodeLocation.kind, "full"))).toEqual(before);
  });
});

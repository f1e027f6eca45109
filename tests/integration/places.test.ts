// Near a postcode or town (decision 0034): resolving postcodes and towns from
// the shipped districts and loaded postcodes, and the radius search of the
// directory and /buy checked against distances computed here, independently.
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { nearFilter, readNearSearch, resolvePlace } from "../../app/features/places/places.server";
import { db } from "../../app/server/db.server";
import { businessListing, directoryBusiness, postcodeLocation } from "../../app/server/schema";
import { migratedAppDatabase } from "../helpers/test-database";

// No sample data: the migrations alone bring the postcode districts.
migratedAppDatabase();

// Haversine on a sphere of 6371 km (spec section 9), written out here rather
// than imported, so a mistake in the app's formula cannot hide itself.
function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(toRad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(toRad(b.longitude - a.longitude) / 2) ** 2;
  return (2 * 6371 * Math.asin(Math.sqrt(h))) / 1.609344;
}

/** The point `miles` from `from` on a bearing (degrees), on the same sphere. */
function pointAt(from: { latitude: number; longitude: number }, miles: number, bearing: number) {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const d = (miles * 1.609344) / 6371;
  const [lat1, lng1, b] = [toRad(from.latitude), toRad(from.longitude), toRad(bearing)];
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 =
    lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI };
}

// District B1's centroid as db/reference/uk-outcodes.csv gives it.
const B1 = { latitude: 52.47872, longitude: -1.90723 };
// Distances either side of each radius, on every side of the centre.
const RING = [0.4, 0.9, 1.1, 2.9, 3.1, 4.9, 5.1, 9.8, 10.2, 24.7, 25.3, 40];

beforeAll(async () => {
  await db()
    .insert(directoryBusiness)
    .values(
      RING.map((miles, i) => ({
        slug: `ring-${i}`,
        name: `Ring Kitchen ${i}`,
        category: "food" as const,
        description: "At a known distance from B1.",
        town: "Birmingham",
        ...pointAt(B1, miles, (i * 97) % 360),
      })),
    );
  await db()
    .insert(directoryBusiness)
    .values({
      slug: "ring-hidden",
      name: "Ring Hidden",
      category: "food",
      description: "Unpublished.",
      town: "Birmingham",
      ...B1,
      published: false,
    });
  await db()
    .insert(businessListing)
    .values(
      RING.map((miles, i) => ({
        slug: `ring-listing-${i}`,
        title: `Ring Shop ${i}`,
        category: "retail",
        town: "Birmingham",
        ...pointAt(B1, miles, (i * 53) % 360),
        askingPricePence: 100_000_00 + i,
        description: "At a known distance from B1.",
        status: "published" as const,
        publishedAt: new Date(),
      })),
    );
});

describe("postcodes and towns", () => {
  it("resolve a full postcode to its district's centre on a fresh install", async () => {
    for (const typed of ["NP44 1PU", "np441pu", "  Np44  1pu "]) {
      expect(await resolvePlace(typed)).toEqual({
        place: {
          latitude: 51.65064,
          longitude: -3.02637,
          label: "NP44 1PU",
          precision: "district",
          approximate: "NP44 (Cwmbran)",
          alsoNamed: [],
        },
      });
    }
  });

  it("resolve a district, and towns by local authority, locality and region", async () => {
    expect(await resolvePlace("b1")).toMatchObject({
      place: { ...B1, label: "B1 (Birmingham)", precision: "district" },
    });
    expect(await resolvePlace("Cwmbran")).toMatchObject({
      place: { latitude: 51.65064, longitude: -3.02637, precision: "town" },
    });
    const birmingham = await resolvePlace("birmingham");
    expect(birmingham).toMatchObject({ place: { label: "Birmingham" } });
    if ("place" in birmingham) expect(milesBetween(birmingham.place, B1)).toBeLessThan(5);
    const london = await resolvePlace("London");
    if (!("place" in london)) throw new Error("London not found");
    expect(milesBetween(london.place, { latitude: 51.5074, longitude: -0.1278 })).toBeLessThan(10);
  });

  it("resolve a shared town name to its largest place and name the others", async () => {
    const newport = await resolvePlace("Newport");
    if (!("place" in newport)) throw new Error("Newport not found");
    // Newport the Welsh city (local authority), not the Isle of Wight's.
    expect(milesBetween(newport.place, { latitude: 51.5842, longitude: -2.9977 })).toBeLessThan(5);
    expect(newport.place.label).toBe("Newport");
    expect(newport.place.alsoNamed).toEqual(
      expect.arrayContaining(["Newport (Isle of Wight)", "Newport (Essex)", "Newport (Pembrokeshire)"]),
    );
    // A locality named in one area only: "Caerleon" is in Newport.
    expect(await resolvePlace("caerleon")).toMatchObject({ place: { label: "Caerleon (Newport)", alsoNamed: [] } });
  });

  it("say clearly what they could not find or read", async () => {
    expect(await resolvePlace("ZZ99 9ZZ")).toEqual({
      message: "We could not find the postcode ZZ99 9ZZ. Check it, or try a town.",
    });
    expect(await resolvePlace("Atlantis")).toEqual({
      message: 'We could not find "Atlantis" as a UK postcode or town. Check the spelling, or try a postcode.',
    });
    for (const bad of ["<script>", "x", "'; drop table postcode_location; --", "a%00b"]) {
      expect(await resolvePlace(bad)).toEqual({
        message: "Enter a UK postcode, like NP44 1PU, or a town, like Cwmbran.",
      });
    }
    expect(await db().$count(postcodeLocation)).toBeGreaterThan(2800);
  });

  it("prefer a loaded full postcode to its district", async () => {
    await db()
      .insert(postcodeLocation)
      .values({ postcode: "NP44 1PU", kind: "full", latitude: 51.6401, longitude: -3.0192 });
    try {
      expect(await resolvePlace("NP44 1PU")).toEqual({
        place: { latitude: 51.6401, longitude: -3.0192, label: "NP44 1PU", precision: "postcode", alsoNamed: [] },
      });
    } finally {
      await db().delete(postcodeLocation).where(eq(postcodeLocation.postcode, "NP44 1PU"));
    }
  });

  it("read the near box and radius from the query string, saying what they could not use", async () => {
    expect(await readNearSearch(new URLSearchParams("radius=5"))).toBeNull();
    expect(await readNearSearch(new URLSearchParams("near=B1&radius=3"))).toMatchObject({
      text: "B1",
      radiusMiles: 3,
      place: { label: "B1 (Birmingham)" },
      notices: [],
    });
    expect(await readNearSearch(new URLSearchParams("near=B1&radius=7"))).toMatchObject({
      radiusMiles: 10,
      notices: ["The distance can be 1, 3, 5, 10 or 25 miles, so 10 miles was used."],
    });
    expect(await readNearSearch(new URLSearchParams(`near=${"B".repeat(500)}`))).toMatchObject({
      place: null,
      notices: ["That place name is too long: enter a UK postcode or a town."],
    });
    expect(await readNearSearch(new URLSearchParams("near=QQ1 1QQ"))).toMatchObject({
      place: null,
      notices: ["We could not find the postcode QQ1 1QQ. Check it, or try a town."],
    });
  });
});

describe("radius search", () => {
  async function expectedWithin(
    table: typeof directoryBusiness | typeof businessListing,
    miles: number,
  ): Promise<{ id: number; miles: number }[]> {
    const rows =
      table === directoryBusiness
        ? await db()
            .select({
              id: directoryBusiness.id,
              latitude: directoryBusiness.latitude,
              longitude: directoryBusiness.longitude,
            })
            .from(directoryBusiness)
            .where(eq(directoryBusiness.published, true))
        : await db()
            .select({
              id: businessListing.id,
              latitude: businessListing.latitude,
              longitude: businessListing.longitude,
            })
            .from(businessListing)
            .where(eq(businessListing.status, "published"));
    return rows
      .flatMap((r) =>
        r.latitude === null || r.longitude === null
          ? []
          : [{ id: r.id, miles: milesBetween(B1, { latitude: r.latitude, longitude: r.longitude }) }],
      )
      .filter((r) => r.miles <= miles)
      .sort((a, b) => a.miles - b.miles);
  }

  for (const radius of [1, 3, 5, 10, 25]) {
    it(`keeps the directory's businesses within ${radius} miles of B1, nearest first, in miles`, async () => {
      const params = new URLSearchParams(`near=B1&radius=${radius}`);
      const near = nearFilter(await readNearSearch(params));
      const result = await searchBusinesses(parseDirectoryQuery(params), null, new Date(), near);
      const expected = await expectedWithin(directoryBusiness, radius);
      expect(result.total).toBe(expected.length);
      expect(result.total).toBeGreaterThan(0);
      const page = expected.slice(0, 24);
      expect(result.items.map((b) => b.distanceKm! / 1.609344)).toEqual(page.map((r) => expect.closeTo(r.miles, 6)));
      expect(new Set(result.items.map((b) => b.id))).toEqual(new Set(page.map((r) => r.id)));
      expect(result.items.every((b) => b.distanceUnit === "miles")).toBe(true);
    });

    it(`keeps /buy's listings within ${radius} miles of B1, nearest first`, async () => {
      const params = new URLSearchParams(`near=B1&radius=${radius}`);
      const near = nearFilter(await readNearSearch(params));
      const result = await searchListings(parseListingQuery(params), null, near);
      const expected = await expectedWithin(businessListing, radius);
      expect(result.sort).toBe("nearest");
      expect(result.total).toBe(expected.length);
      expect(result.items.map((l) => l.distanceKm! / 1.609344)).toEqual(
        expected.slice(0, 24).map((r) => expect.closeTo(r.miles, 6)),
      );
    });
  }

  it("keeps a business just within the radius and drops one just past it, on every bearing", async () => {
    // The radius is tested exactly only outside the box inscribed in it (decision 0057):
    // its corners, and the circle between them, are where a mistake there would show.
    const compass = [4.99, 5.01].flatMap((miles) =>
      Array.from({ length: 72 }, (_, i) => ({
        slug: `compass-${miles}-${i}`,
        name: `Compass Bakery ${miles} ${i}`,
        category: "food" as const,
        description: "On a circle around B1.",
        town: "Birmingham",
        ...pointAt(B1, miles, i * 5),
      })),
    );
    await db().insert(directoryBusiness).values(compass);
    try {
      const params = new URLSearchParams("near=B1&radius=5&search=compass bakery");
      const result = await searchBusinesses(
        parseDirectoryQuery(params),
        null,
        new Date(),
        nearFilter(await readNearSearch(params)),
      );
      expect(result.total).toBe(72);
      const { items } = await searchBusinesses(
        { ...parseDirectoryQuery(params), page: 3 },
        null,
        new Date(),
        nearFilter(await readNearSearch(params)),
      );
      expect(items.every((b) => b.name.startsWith("Compass Bakery 4.99 "))).toBe(true);
    } finally {
      await db().delete(directoryBusiness).where(like(directoryBusiness.slug, "compass-%"));
    }
  });

  it("combines with the other filters, and an unknown place narrows nothing", async () => {
    const params = new URLSearchParams("near=B1&radius=25&search=ring kitchen");
    const near = nearFilter(await readNearSearch(params));
    const result = await searchBusinesses(parseDirectoryQuery(params), null, new Date(), near);
    expect(result.items.map((b) => b.name)).toEqual(
      RING.map((miles, i) => ({ miles, name: `Ring Kitchen ${i}` }))
        .filter((r) => r.miles <= 25)
        .map((r) => r.name),
    );
    const unknown = await readNearSearch(new URLSearchParams("near=Atlantis"));
    expect(nearFilter(unknown)).toBeNull();
  });
});

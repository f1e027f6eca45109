import { count, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "../../app/server/db.server";
import { businessListing, directoryBusiness } from "../../app/server/schema";
import { BULK_TOWNS, bulkBusiness, bulkListing, createRandom, insertBulkData } from "./bulk";
import { seedBusinesses, seedListings } from "./data";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = openDatabase({ dataDir: "memory://" });
  await handle.migrate();
  setDatabase(handle);
});

afterAll(async () => {
  setDatabase(undefined);
  await handle?.close();
});

describe("bulk data", () => {
  it("is the same for the same seed and different for another", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const a = createRandom(7);
    const b = createRandom(7);
    const c = createRandom(8);
    expect(bulkBusiness(a, 1)).toEqual(bulkBusiness(b, 1));
    expect(bulkListing(a, 1, now)).toEqual(bulkListing(b, 1, now));
    expect(bulkBusiness(c, 1)).not.toEqual(bulkBusiness(createRandom(7), 1));
  });

  it("has ~60 real towns, among them the ones the spec names", () => {
    expect(BULK_TOWNS.length).toBeGreaterThanOrEqual(60);
    const names = BULK_TOWNS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      "London",
      "Birmingham",
      "Manchester",
      "Leeds",
      "Bradford",
      "Cardiff",
      "Newport",
      "Cwmbran",
      "Glasgow",
    ]) {
      expect(names).toContain(name);
    }
    for (const t of BULK_TOWNS) {
      // Inside the UK's bounding box.
      expect(t.latitude).toBeGreaterThan(49.8);
      expect(t.latitude).toBeLessThan(60.9);
      expect(t.longitude).toBeGreaterThan(-8.2);
      expect(t.longitude).toBeLessThan(1.8);
    }
  });

  it("inserts 500 businesses and 200 listings with unique slugs and some unknown places", async () => {
    const added = await insertBulkData(handle.db, { businesses: 500, listings: 200, seed: 42, batchSize: 150 });
    expect(added).toEqual({ businesses: 500, listings: 200 });

    const [businesses] = await handle.db.select({ n: count() }).from(directoryBusiness);
    const [listings] = await handle.db.select({ n: count() }).from(businessListing);
    expect(businesses?.n).toBe(500);
    expect(listings?.n).toBe(200);

    const businessSlugs = (await handle.db.select({ slug: directoryBusiness.slug }).from(directoryBusiness)).map(
      (r) => r.slug,
    );
    const listingSlugs = (await handle.db.select({ slug: businessListing.slug }).from(businessListing)).map(
      (r) => r.slug,
    );
    expect(new Set(businessSlugs).size).toBe(500);
    expect(new Set(listingSlugs).size).toBe(200);
    // Never one of the spec's sample slugs.
    for (const sample of [...seedBusinesses, ...seedListings]) {
      expect(businessSlugs).not.toContain(sample.slug);
      expect(listingSlugs).not.toContain(sample.slug);
    }

    const [noPlace] = await handle.db
      .select({ n: count() })
      .from(directoryBusiness)
      .where(isNull(directoryBusiness.latitude));
    expect(noPlace?.n).toBeGreaterThan(0);
    expect(noPlace?.n).toBeLessThan(50);

    const rows = await handle.db.select().from(businessListing);
    const published = rows.filter((r) => r.status === "published");
    expect(published.length).toBeGreaterThan(160);
    expect(published.length).toBeLessThan(200);
    for (const row of rows) {
      expect(row.askingPricePence).toBeGreaterThanOrEqual(10_000_00);
      expect(row.askingPricePence).toBeLessThanOrEqual(900_000_00);
      expect(row.features.length).toBeGreaterThanOrEqual(3);
      if (row.status === "pending") expect(row.publishedAt).toBeNull();
      else expect(row.publishedAt).toBeInstanceOf(Date);
    }
  });

  it("adds nothing when run again with the same seed", async () => {
    const again = await insertBulkData(handle.db, { businesses: 500, listings: 200, seed: 42 });
    expect(again).toEqual({ businesses: 0, listings: 0 });
  });

  it("is found by the directory and /buy searches, filtered by town", async () => {
    const directory = await searchBusinesses(parseDirectoryQuery(new URLSearchParams("location=London")), null);
    expect(directory.total).toBeGreaterThan(0);
    expect(directory.items.length).toBeGreaterThan(0);
    for (const item of directory.items) expect(item.town).toBe("London");

    const buy = await searchListings(parseListingQuery(new URLSearchParams("location=london")), null);
    expect(buy.total).toBeGreaterThan(0);
    for (const item of buy.items) expect(item.town).toBe("London");

    // Nearest first from Birmingham: unknown places last, Birmingham's own first.
    const birmingham = { latitude: 52.4862, longitude: -1.8904 };
    const nearest = await searchListings(parseListingQuery(new URLSearchParams("sort=nearest")), birmingham);
    expect(nearest.items[0]?.distanceKm).toBeLessThan(10);
  });
});

// The key-facts filters of /buy (decision 0023), in SQL, on PGlite or
// PostgreSQL (see tests/helpers/test-database.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import { businessListing } from "../../app/server/schema";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { listingForViewer, searchListings } from "../../app/features/marketplace/listings.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
const listings = async (query: string) => {
  const result = await searchListings(parseListingQuery(new URLSearchParams(query)), null);
  return result.items.map((i) => i.slug).sort();
};

const base = { category: "food", town: "Leeds", description: "A business.", status: "published" as const };

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  const day = 24 * 3600 * 1000;
  await database.db.insert(businessListing).values([
    {
      ...base,
      slug: "grill",
      title: "Grill",
      askingPricePence: 50_000_00,
      annualRevenuePence: 200_000_00,
      netProfitPence: 40_000_00,
      tenure: "leasehold",
      leaseYearsRemaining: 15,
      accommodationIncluded: true,
      relocatable: false,
      publishedAt: new Date(Date.now() - day),
    },
    {
      ...base,
      slug: "cafe",
      title: "Café",
      askingPricePence: 120_000_00,
      annualRevenuePence: 100_000_00,
      netProfitPence: 10_000_00,
      tenure: "freehold",
      accommodationIncluded: false,
      underOfferAt: new Date(Date.now() - 2 * day),
      publishedAt: new Date(Date.now() - 2 * day),
    },
    {
      ...base,
      slug: "web-shop",
      title: "Web shop",
      category: "ecommerce",
      askingPricePence: 30_000_00,
      annualRevenuePence: 90_000_00,
      tenure: "no_premises",
      relocatable: true,
      publishedAt: new Date(Date.now() - 3 * day),
    },
    // Gave no facts at all: matches no key-facts filter, but still the price ones.
    {
      ...base,
      slug: "quiet",
      title: "Quiet",
      askingPricePence: 80_000_00,
      publishedAt: new Date(Date.now() - 4 * day),
    },
    // Not on the market: never listed, whatever it says.
    { ...base, slug: "sold", title: "Sold", askingPricePence: 50_000_00, accommodationIncluded: true, status: "sold" },
  ]);
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
});

describe("the key-facts filters of /buy", () => {
  it("filters by asking price from and to, in pounds", async () => {
    expect(await listings("min-price=40000")).toEqual(["cafe", "grill", "quiet"]);
    expect(await listings("max-price=%C2%A360%2C000")).toEqual(["grill", "web-shop"]);
    expect(await listings("min-price=40000&max-price=90000")).toEqual(["grill", "quiet"]);
  });

  it("filters by turnover, net profit and lease years at least", async () => {
    expect(await listings("min-turnover=100000")).toEqual(["cafe", "grill"]);
    expect(await listings("min-profit=20000")).toEqual(["grill"]);
    expect(await listings("min-lease-years=10")).toEqual(["grill"]);
    expect(await listings("min-lease-years=16")).toEqual([]);
  });

  it("filters by tenure, accommodation and relocatable", async () => {
    expect(await listings("tenure=freehold")).toEqual(["cafe"]);
    expect(await listings("tenure=no_premises")).toEqual(["web-shop"]);
    expect(await listings("accommodation=yes")).toEqual(["grill"]);
    expect(await listings("relocatable=yes")).toEqual(["web-shop"]);
  });

  it("includes listings under offer unless the buyer hides them", async () => {
    expect(await listings("")).toContain("cafe");
    expect(await listings("under-offer=hide")).toEqual(["grill", "quiet", "web-shop"]);
  });

  it("combines with each other and with the other filters", async () => {
    expect(await listings("category=food&min-turnover=50000&under-offer=hide")).toEqual(["grill"]);
  });

  it("ignores what it cannot use, and says why", async () => {
    const query = parseListingQuery(
      new URLSearchParams("min-price=lots&max-price=-5&min-profit=99999999999&min-lease-years=1000&tenure=castle"),
    );
    expect(query.filterErrors).toEqual({
      minPrice: "The lowest price must be an amount in pounds, like 50000",
      maxPrice: "The highest price must be an amount in pounds, like 50000",
      minProfit: "The net profit must be no more than £20,000,000",
      minLeaseYears: "Lease years must be a whole number from 0 to 999",
    });
    expect((await searchListings(query, null)).total).toBe(4);

    const reversed = parseListingQuery(new URLSearchParams("min-price=90000&max-price=10000"));
    expect(reversed.filterErrors).toEqual({ maxPrice: "The highest price must be at least the lowest price" });
    expect((await searchListings(reversed, null)).items.map((i) => i.slug)).toEqual(["cafe"]);
  });

  it("gives a listing's page its facts and the card its under-offer date", async () => {
    const cafe = await listingForViewer("cafe", null);
    expect(cafe).toMatchObject({
      kind: "found",
      listing: { tenure: "freehold", netProfitPence: 10_000_00, accommodationIncluded: false },
    });
    expect(cafe.kind === "found" && cafe.listing.underOfferAt).toBeInstanceOf(Date);
  });
});

// Search, filters, sorting, distance ordering and pagination of the two
// lists, in SQL, on PGlite or PostgreSQL (see tests/helpers/test-database.ts).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import { businessListing, directoryBusiness } from "../../app/server/schema";
import { businessTowns, searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { listingTowns, searchListings } from "../../app/features/marketplace/listings.server";
import { sitemapIndex, sitemapPart } from "../../app/features/seo/sitemap.server";
import { TOWNS } from "../../db/seed/data";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
const listings = (query: string, origin: { latitude: number; longitude: number } | null = null) =>
  searchListings(parseListingQuery(new URLSearchParams(query)), origin);
const businesses = (query: string, origin: { latitude: number; longitude: number } | null = null) =>
  searchBusinesses(parseDirectoryQuery(new URLSearchParams(query)), origin);

beforeAll(async () => {
  database = await createTestDatabase("seeded");
  setDatabase(database);
  const day = 24 * 3600 * 1000;
  // Extra listings: other categories, towns, revenues, states, no coordinates.
  await database.db.insert(businessListing).values([
    {
      slug: "halal-butcher-leeds",
      title: "Halal Butcher in Leeds",
      category: "retail",
      town: "Leeds",
      ...TOWNS.Leeds,
      askingPricePence: 120_000_00,
      annualRevenuePence: 400_000_00,
      description: "Busy butcher's shop with cold room.",
      status: "published",
      publishedAt: new Date(Date.now() - 1 * day),
    },
    {
      slug: "modest-fashion-online",
      title: "Modest Fashion Online Store",
      category: "ecommerce",
      town: "London",
      askingPricePence: 60_000_00,
      annualRevenuePence: 900_000_00,
      description: "Online shop for modest clothing.",
      status: "published",
      publishedAt: new Date(Date.now() - 40 * day),
    },
    {
      slug: "sold-bakery",
      title: "Sold Bakery in Newport",
      category: "food",
      town: "Newport",
      ...TOWNS.Newport,
      askingPricePence: 1_00,
      description: "Gone.",
      status: "sold",
      publishedAt: new Date(),
    },
    {
      slug: "pending-grocer",
      title: "Pending Grocer in Newport",
      category: "retail",
      town: "Newport",
      askingPricePence: 1_00,
      description: "Waiting for review.",
      status: "pending",
    },
  ]);
  // 30 more directory businesses in Birmingham so that the list has pages.
  await database.db.insert(directoryBusiness).values(
    Array.from({ length: 30 }, (_, i) => ({
      slug: `birmingham-sweet-centre-${i}`,
      name: `Birmingham Sweet Centre ${String(i).padStart(2, "0")}`,
      category: "food" as const,
      description: "Indian sweets and snacks.",
      town: "Birmingham",
      ...TOWNS.Birmingham,
    })),
  );
  await database.db.insert(directoryBusiness).values({
    slug: "unpublished-shop",
    name: "Hidden Dental Shop",
    category: "other",
    description: "Not public.",
    town: "Cwmbran",
    published: false,
  });
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
});

const titles = (result: { items: { title: string }[] }) => result.items.map((i) => i.title);

describe("businesses for sale", () => {
  it("lists only published listings, newest first by default", async () => {
    const result = await listings("");
    expect(result.total).toBe(5);
    expect(titles(result)[0]).toBe("Halal Butcher in Leeds");
    expect(titles(result)).not.toContain("Sold Bakery in Newport");
    expect(titles(result)).not.toContain("Pending Grocer in Newport");
  });

  it("searches title, category label, town and description, case-insensitively", async () => {
    expect(titles(await listings("search=KEBAB"))).toEqual(["Established Kebab Takeaway in Cwmbran"]);
    expect((await listings("search=newport")).total).toBe(2);
    expect(titles(await listings("search=cold%20room"))).toEqual(["Halal Butcher in Leeds"]);
    // "beverage" is only in the category's label.
    expect((await listings("search=beverage")).total).toBe(3);
    // Every word must match (in any order).
    expect(titles(await listings("search=kebab%20newport"))).toEqual([]);
    expect(titles(await listings("search=newport%20egyptian"))).toEqual(["Egyptian Café in Newport"]);
  });

  it("forgives a small typo", async () => {
    expect(titles(await listings("search=takeawy"))).toEqual(["Established Kebab Takeaway in Cwmbran"]);
    expect(titles(await listings("search=butchr"))).toEqual(["Halal Butcher in Leeds"]);
  });

  it("forgives a typo in a word a listing gained later, and not one made of two words' ends", async () => {
    const retitle = (title: string) =>
      database.db.update(businessListing).set({ title }).where(eq(businessListing.slug, "halal-butcher-leeds"));
    expect((await listings("search=zatar")).total).toBe(0);
    await retitle("Fast Repairs and Zaatar Bakery in Leeds");
    try {
      expect(titles(await listings("search=zatar"))).toEqual(["Fast Repairs and Zaatar Bakery in Leeds"]);
      // "Fast Repairs" holds the trigrams of "rest" across its two words, in neither word.
      expect(titles(await listings("search=rest"))).not.toContain("Fast Repairs and Zaatar Bakery in Leeds");
    } finally {
      await retitle("Halal Butcher in Leeds");
    }
  });

  it("treats LIKE wildcards in the search as text", async () => {
    expect((await listings("search=%25")).total).toBe(0);
    expect((await listings("search=_")).total).toBe(0);
  });

  it("filters by category and by location", async () => {
    expect((await listings("category=food")).total).toBe(3);
    expect(titles(await listings("category=ecommerce"))).toEqual(["Modest Fashion Online Store"]);
    expect((await listings("location=newport")).total).toBe(2);
    expect(titles(await listings("location=Cwmbran&category=food"))).toEqual(["Established Kebab Takeaway in Cwmbran"]);
  });

  it("sorts by price both ways and by revenue", async () => {
    const asc = (await listings("sort=price-asc")).items.map((i) => i.askingPricePence);
    expect(asc).toEqual([...asc].sort((a, b) => a! - b!));
    const desc = (await listings("sort=price-desc")).items.map((i) => i.askingPricePence);
    expect(desc).toEqual([...asc].reverse());
    expect(titles(await listings("sort=revenue")).slice(0, 2)).toEqual([
      "Modest Fashion Online Store",
      "Halal Butcher in Leeds",
    ]);
  });

  it("puts the nearest first when a position is known, unknown places last", async () => {
    const leeds = await listings("", TOWNS.Leeds);
    expect(leeds.sort).toBe("nearest");
    expect(titles(leeds)[0]).toBe("Halal Butcher in Leeds");
    expect(titles(leeds).at(-1)).toBe("Modest Fashion Online Store"); // no coordinates
    expect(leeds.items[0]?.distanceKm).toBeCloseTo(0, 3);

    const cwmbran = await listings("", TOWNS.Cwmbran);
    expect(titles(cwmbran)[0]).toBe("Established Kebab Takeaway in Cwmbran");
    // An explicit sort still wins over distance.
    expect((await listings("sort=price-asc", TOWNS.Leeds)).sort).toBe("price-asc");
    // "nearest" without a position falls back to the newest.
    expect((await listings("sort=nearest")).sort).toBe("latest");
  });

  it("never fails on a strange query string", async () => {
    const result = await listings("category=<script>&sort=drop&page=-4&location=%00&search=" + "x".repeat(500));
    // Every bad value is dropped: the plain list.
    expect(result.sort).toBe("latest");
    expect(result.total).toBe(5);
    expect((await listings("page=abc")).total).toBe(5);
  });

  it("offers the towns that have listings", async () => {
    expect(await listingTowns()).toEqual(["Cwmbran", "Leeds", "London", "Newport"]);
  });
});

describe("the directory", () => {
  it("puts featured businesses first, then by name, 24 a page", async () => {
    const first = await businesses("");
    expect(first.total).toBe(38);
    expect(first.items).toHaveLength(24);
    const featuredCount = first.items.filter((b) => b.featured).length;
    expect(featuredCount).toBe(3);
    expect(first.items.slice(0, featuredCount).every((b) => b.featured)).toBe(true);
    const second = await businesses("page=2");
    expect(second.items).toHaveLength(14);
    const ids = new Set([...first.items, ...second.items].map((b) => b.id));
    expect(ids.size).toBe(38);
  });

  it("searches by name, forgiving a typo, and never shows unpublished businesses", async () => {
    expect((await businesses("search=dental")).total).toBe(6);
    expect((await businesses("search=dentl%20newport")).items.map((b) => b.name)).toContain(
      "Newport Smile Dental Clinic",
    );
    expect((await businesses("search=hidden")).total).toBe(0);
  });

  it("forgives a typo in the name of a business added after the others, or renamed", async () => {
    expect((await businesses("search=zaitoon")).total).toBe(0);
    const added = {
      slug: "zaitoun-grill-cardiff",
      name: "Zaitoun Grill",
      category: "food" as const,
      description: "Grill.",
      town: "Cardiff",
    };
    await database.db.insert(directoryBusiness).values(added);
    try {
      expect((await businesses("search=zaitoon")).items.map((b) => b.name)).toEqual(["Zaitoun Grill"]);
      expect((await businesses("search=pistacio")).total).toBe(0);
      const rename = (name: string) =>
        database.db.update(directoryBusiness).set({ name }).where(eq(directoryBusiness.slug, added.slug));
      // An update that leaves the name alone, then one that gives it a new word.
      await database.db.update(directoryBusiness).set({ featured: true }).where(eq(directoryBusiness.slug, added.slug));
      await rename("Zaitoun Pistachio Grill");
      expect((await businesses("search=pistacio")).items.map((b) => b.name)).toEqual(["Zaitoun Pistachio Grill"]);
    } finally {
      await database.db.delete(directoryBusiness).where(eq(directoryBusiness.slug, added.slug));
    }
  });

  it("filters by category tab and location", async () => {
    expect((await businesses("category=other")).total).toBe(6);
    expect((await businesses("category=food&location=newport")).items.map((b) => b.name)).toEqual([
      "Newport Peri Peri House",
    ]);
    expect((await businesses("category=nonsense")).total).toBe(38);
  });

  it("orders by distance after featured when a position is known", async () => {
    const result = await businesses("category=other", TOWNS.Manchester);
    const names = result.items.map((b) => b.name);
    const unfeatured = result.items.filter((b) => !b.featured);
    expect(unfeatured[0]?.name).toBe("Cheetham Hill Dental Studio");
    const distances = unfeatured.map((b) => b.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(names.slice(0, 2).sort()).toEqual(["Cwmbran Family Dental Practice", "Newport Smile Dental Clinic"]);
  });

  it("offers the towns present in the data", async () => {
    expect(await businessTowns()).toEqual(["Birmingham", "Cardiff", "Cwmbran", "Manchester", "Newport"]);
  });
});

describe("the sitemap", () => {
  it("indexes its parts and lists every public page, listing and business", async () => {
    const index = await (await sitemapIndex()).text();
    expect(index).toContain("/sitemaps/pages.xml");
    expect(index).toContain("/sitemaps/listings-1.xml");
    expect(index).toContain("/sitemaps/businesses-1.xml");

    const listingsXml = await (await sitemapPart("listings-1.xml"))!.text();
    expect(listingsXml).toContain("/buy/kebab-takeaway-cwmbran</loc>");
    expect(listingsXml).not.toContain("sold-bakery");
    expect(listingsXml).not.toContain("pending-grocer");
    expect(listingsXml.match(/<url>/g)).toHaveLength(5);

    const businessesXml = await (await sitemapPart("businesses-1.xml"))!.text();
    expect(businessesXml.match(/<url>/g)).toHaveLength(38);
    expect(businessesXml).not.toContain("unpublished-shop");

    const pages = await (await sitemapPart("pages.xml"))!.text();
    expect(pages).toContain("/halal-network-space</loc>");
    expect(await sitemapPart("listings-2.xml")).toBeNull();
    expect(await sitemapPart("../etc/passwd")).toBeNull();
  });
});

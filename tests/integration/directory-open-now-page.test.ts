// "Open now" and nearest first over a directory big enough that their first
// pages test each business in turn (decision 0044), nearest first the
// featured ones sorted apart and the rest found in circles around the
// visitor (decisions 0048, 0049), on PGlite or PostgreSQL: the page and its
// count must be the ones sorting every business would give.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import { businessHours, directoryBusiness } from "../../app/server/schema";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { countOpenNow } from "../../app/features/directory/hours.server";
import type { NearFilter } from "../../app/features/places/places.server";
import { distanceKm, type LatLng } from "../../app/lib/geo";
import { PAGE_SIZE } from "../../app/lib/list-query";
import { recordingDatabase } from "../../bench/browse";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;

// Friday 6 November 2026, 12:00 in London, and 03:00 the same day.
const noon = new Date("2026-11-06T12:00:00Z");
const smallHours = new Date("2026-11-06T03:00:00Z");

interface Shop {
  name: string;
  category: "food" | "other";
  published: boolean;
  featured: boolean;
  openOnFriday: boolean;
  town: "Leeds" | "York";
  fullyHalal: boolean;
  position: LatLng | null;
}

/**
 * Around Leeds, 600 places, so that a dozen shops share each (two at one
 * postcode are equally near: their order is by name); none symmetric about
 * `leeds`, so no two places are equally near it.
 */
const place = (i: number): LatLng | null =>
  i % 40 === 3
    ? null
    : {
        latitude: 53.7 + ((((i % 600) * 7919) % 1000) / 1000) * 0.2,
        longitude: -1.7 + ((((i % 600) * 104729) % 997) / 997) * 0.3,
      };

// 8,000 shops: one in four shut on Fridays, one in ten unpublished, one in
// 61 featured (enough to fill the first pages nearest first, not the fourth),
// one in five in York, half fully halal, one in forty with no position (four
// of them featured).
const shops: Shop[] = Array.from({ length: 8000 }, (_, i) => ({
  name: `Shop ${String(i).padStart(4, "0")}`,
  category: i % 3 === 0 ? "other" : "food",
  published: i % 10 !== 7,
  featured: i % 61 === 5,
  openOnFriday: i % 4 !== 1,
  town: i % 5 === 0 ? "York" : "Leeds",
  fullyHalal: i % 2 === 0,
  position: place(i),
}));

/**
 * The page the directory should show of the open shops (or of all of them):
 * featured first, then nearest `origin` (those without a position last), then by name.
 */
function expectedPage(shown: (shop: Shop) => boolean, page: number, origin: LatLng | null = null, openOnly = true) {
  const away = (s: Shop) => (origin && s.position ? distanceKm(origin, s.position) : Infinity);
  const open = shops
    .filter((s) => s.published && (s.openOnFriday || !openOnly) && shown(s))
    .sort((a, b) => Number(b.featured) - Number(a.featured) || away(a) - away(b) || a.name.localeCompare(b.name));
  return { names: open.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((s) => s.name), total: open.length };
}

const leeds: LatLng = { latitude: 53.8, longitude: -1.55 };

/**
 * A search as the page makes it, with how its SQL found the businesses: by
 * testing them in turn for "open now" (openNowProbe's `open_week @>`), by
 * hashing every open one (openNowCondition's `id in (…)` of the hours), or
 * both; and whether it looked in circles around the visitor (withinKm's `between`).
 */
const search = async (query: string, now: Date, origin: LatLng | null = null, near: NearFilter | null = null) => {
  const statements: { query: string; params: unknown[] }[] = [];
  setDatabase({ ...database, db: recordingDatabase(database, statements) });
  try {
    const { items, total } = await searchBusinesses(parseDirectoryQuery(new URLSearchParams(query)), origin, now, near);
    // The count from the week's changes tests the few businesses with exceptions that way too (decision 0053).
    const probed = statements.some(
      (s) => s.query.includes('"open_week" @>') && !s.query.includes('"open_week_change"'),
    );
    const hashed = statements.some((s) => s.query.includes('"directory_business"."id" in (select "business_hours"'));
    const circled = statements.some((s) => s.query.includes(" between "));
    // Statements that tested businesses for "open now": the featured ones, or those in a circle.
    const tested = (which: RegExp) =>
      statements.filter((s) => s.query.includes('"open_week" @>') && which.test(s.query)).length;
    const testings = { featured: tested(/ and "directory_business"\."showcased" and /), circles: tested(/ between /) };
    // Pages chosen nearest first: one for each circle tried (nearestFirstPage's subquery).
    const chosen = statements.filter((s) => s.query.includes('"chosen"'));
    // The circles tried, in km: the last parameter of each, the distance the page's rows are kept within.
    const circlesKm = chosen.filter((s) => s.query.includes(" between ")).map((s) => s.params.at(-1));
    return {
      names: items.map((b) => b.name),
      total,
      probed,
      hashed,
      circled,
      testings,
      pagesChosen: chosen.length,
      circlesKm,
    };
  } finally {
    setDatabase(database);
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  for (let start = 0; start < shops.length; start += 500) {
    const batch = shops.slice(start, start + 500);
    const rows = await database.db
      .insert(directoryBusiness)
      .values(
        batch.map((s) => ({
          slug: s.name.toLowerCase().replace(" ", "-"),
          name: s.name,
          category: s.category,
          description: "-",
          town: s.town,
          halalStatus: s.fullyHalal ? ("fully_halal" as const) : ("halal_options" as const),
          published: s.published,
          featured: s.featured,
          latitude: s.position?.latitude,
          longitude: s.position?.longitude,
        })),
      )
      .returning({ id: directoryBusiness.id });
    const hours = batch.flatMap((s, i) =>
      [1, 2, 3, 4, 5, 6, 7]
        .filter((weekday) => weekday !== 5 || s.openOnFriday)
        .map((weekday) => ({ businessId: rows[i]!.id, weekday, opensMinute: 9 * 60, closesMinute: 17 * 60 })),
    );
    await database.db.insert(businessHours).values(hours);
  }
  // The statistics PostgreSQL plans the queries by, as autovacuum would keep them.
  await database.db.execute(sql`analyze`);
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
});

const everyShop = () => true;

describe("open now, many open", () => {
  it.each([
    // Query, the shops it shows, page, and whether the page tests each business in turn.
    ["open=now", everyShop, 1, true],
    ["open=now&page=2", everyShop, 2, true],
    ["open=now&category=food", (s: Shop) => s.category === "food", 1, true],
    ["open=now&category=other&page=3", (s: Shop) => s.category === "other", 3, false],
    ["open=now&page=40", everyShop, 40, false],
    ["open=now&location=Leeds", (s: Shop) => s.town === "Leeds", 1, true],
    ["open=now&halal=fully&page=2", (s: Shop) => s.fullyHalal, 2, true],
    ["open=now&location=York&page=2", (s: Shop) => s.town === "York", 2, false],
  ] as const)("shows the page hashing the open ones would: %s", async (query, shown, page, probed) => {
    expect(await search(query, noon)).toMatchObject({
      ...expectedPage(shown, page),
      probed,
      hashed: !probed,
      circled: false,
    });
  });

  it.each([
    // Query, the shops it shows, page, and how the page was found (decision 0049): all tested in their rows (decision 0051).
    ["open=now", everyShop, 1, "featured"],
    ["open=now&category=food", (s: Shop) => s.category === "food", 1, "featured"],
    ["open=now&page=2", everyShop, 2, "featured"],
    ["open=now&halal=fully", (s: Shop) => s.fullyHalal, 1, "featured"],
    // The last full page of Leeds's featured shops: those without a position at its end.
    ["open=now&location=Leeds&page=3", (s: Shop) => s.town === "Leeds", 3, "featured"],
    // Fewer than 24 featured shops in York are open, and a town is not looked for in circles.
    ["open=now&location=York", (s: Shop) => s.town === "York", 1, "sorted"],
    // The featured shops' last page, with other shops after them, and the page after it.
    ["open=now&page=4", everyShop, 4, "circles"],
    ["open=now&page=5", everyShop, 5, "circles"],
    ["open=now&category=other&page=3", (s: Shop) => s.category === "other", 3, "circles"],
  ] as const)(
    "nearest first, tests the featured shops in order, then the others in circles around the visitor: %s",
    async (query, shown, page, found) => {
      expect(await search(query, noon, leeds)).toMatchObject({
        ...expectedPage(shown, page, leeds),
        probed: true,
        hashed: false,
        circled: found === "circles",
      });
    },
  );

  it.each([
    // Query, the shops it shows, and how often the featured shops are tested:
    // not at all when their count is summed with the page's (decision 0060),
    // once when it is counted, narrowed past a category (decision 0050).
    ["open=now", everyShop, 0],
    ["open=now&halal=fully", (s: Shop) => s.fullyHalal, 1],
  ] as const)(
    "nearest first past the featured shops, %s: the featured shops counted, then the circles in turn (decisions 0050, 0051, 0060)",
    async (query, shown, featuredTestings) => {
      const openFeatured = shops.filter((s) => s.published && s.featured && s.openOnFriday && shown(s)).length;
      const othersWithin = (km: number) =>
        shops.filter((s) => s.published && !s.featured && shown(s) && s.position && distanceKm(leeds, s.position) <= km)
          .length;
      // A page whose open shops not featured are more than 2 km around Leeds holds, open or shut.
      const page = Math.ceil((openFeatured + othersWithin(2)) / PAGE_SIZE) + 1;
      expect(page * PAGE_SIZE - openFeatured).toBeLessThan(othersWithin(4) / 2);
      const found = await search(`${query}&page=${page}`, noon, leeds);
      expect(found).toMatchObject(expectedPage(shown, page, leeds));
      expect(found.names).toHaveLength(PAGE_SIZE);
      // The 2 km circle holds too few, and the 4 km circle holds the page.
      expect(found.testings).toEqual({ featured: featuredTestings, circles: 2 });
      expect(found.circlesKm).toEqual([2, 4]);
    },
  );

  it("counts the published businesses the page's plan is chosen by, and only the narrowed ones when filtered", async () => {
    const count = (query: string, matching: SQL) =>
      countOpenNow(noon, parseDirectoryQuery(new URLSearchParams(query)), matching);
    const published = eq(directoryBusiness.published, true);
    expect(await count("open=now", published)).toEqual({
      open: expectedPage(everyShop, 1).total,
      businesses: shops.filter((s) => s.published).length,
      featuredOpen: shops.filter((s) => s.published && s.featured && s.openOnFriday).length,
    });
    const inYork = and(published, sql`lower(${directoryBusiness.town}) = 'york'`)!;
    expect(await count("open=now&location=york", inYork)).toEqual({
      open: expectedPage((s) => s.town === "York", 1).total,
      businesses: shops.filter((s) => s.published && s.town === "York").length,
      featuredOpen: null,
    });
  });

  it("shows the last open businesses on the last page, and none past it, with the count", async () => {
    for (const [query, shown, origin] of [
      ["open=now", everyShop, null],
      ["open=now&location=York", (s: Shop) => s.town === "York", null],
      // Those without a position come last.
      ["open=now", everyShop, leeds],
    ] as const) {
      const { total } = expectedPage(shown, 1);
      const lastPage = Math.ceil(total / PAGE_SIZE);
      const last = await search(`${query}&page=${lastPage}`, noon, origin);
      expect(last.names).toEqual(expectedPage(shown, lastPage, origin).names);
      expect(last.names.length).toBeGreaterThan(0);
      expect(await search(`${query}&page=${lastPage + 1}`, noon, origin)).toMatchObject({ names: [], total });
    }
  });

  it("shows none open in the small hours", async () => {
    expect(await search("open=now", smallHours)).toMatchObject({ names: [], total: 0 });
    expect(await search("open=now&location=Leeds", smallHours)).toMatchObject({ names: [], total: 0 });
    // Nearest first reads no circle for none.
    expect(await search("open=now", smallHours, leeds)).toMatchObject({ names: [], total: 0, circled: false });
    expect(await search("open=now&page=2", smallHours, leeds)).toMatchObject({ names: [], total: 0, circled: false });
  });
});

describe("nearest first", () => {
  it.each([
    // Query, the shops it shows, page, and whether the page was found in circles around the visitor.
    ["", everyShop, 1, false],
    ["page=4", everyShop, 4, false],
    // The last featured shop, then the nearest others.
    ["page=5", everyShop, 5, true],
    ["page=6", everyShop, 6, true],
    ["page=200", everyShop, 200, true],
    ["category=other&page=3", (s: Shop) => s.category === "other", 3, true],
    ["halal=fully&page=9", (s: Shop) => s.fullyHalal, 9, true],
    // A town is sorted whole, from its own index.
    ["location=York&page=2", (s: Shop) => s.town === "York", 2, false],
  ] as const)("shows the page sorting every shop would: %s", async (query, shown, page, circled) => {
    expect(await search(query, noon, leeds)).toMatchObject({
      ...expectedPage(shown, page, leeds, false),
      probed: false,
      hashed: false,
      circled,
    });
  });

  it("shows the shops without a position last, sorting every shop when the circles hold too few", async () => {
    const { total } = expectedPage(everyShop, 1, leeds, false);
    const lastPage = Math.ceil(total / PAGE_SIZE);
    const last = await search(`page=${lastPage}`, noon, leeds);
    expect(last).toMatchObject({ ...expectedPage(everyShop, lastPage, leeds, false), circled: true });
    expect(last.names.length).toBeGreaterThan(0);
    expect(await search(`page=${lastPage + 1}`, noon, leeds)).toMatchObject({ names: [], total });
  });
});

describe("near a place, within a radius (decision 0057)", () => {
  /** The shops within `km` of Leeds, nearest first, then by name: featured or not, those without a position never. */
  const withinPage = (km: number, shown: (shop: Shop) => boolean, page: number, openOnly: boolean) => {
    const away = (s: Shop) => distanceKm(leeds, s.position!);
    const within = shops
      .filter((s) => s.published && s.position && away(s) <= km && (s.openOnFriday || !openOnly) && shown(s))
      .sort((a, b) => away(a) - away(b) || a.name.localeCompare(b.name));
    return { names: within.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((s) => s.name), total: within.length };
  };
  const withinTwoKm = withinPage(2, everyShop, 1, false).total;
  // The first page past the shops within 2 km.
  const pastTwoKm = Math.ceil(withinTwoKm / PAGE_SIZE) + 1;

  it.each([
    // Query, radius in miles, the shops it shows, page, and the pages chosen: one when the 2 km circle holds the page.
    ["", 5, everyShop, 1, 1],
    ["page=2", 5, everyShop, 2, 1],
    ["category=other", 10, (s: Shop) => s.category === "other", 1, 1],
    // Past the 2 km circle: the 4 km circle holds the page, within 10 miles and within 5.
    [`page=${pastTwoKm}`, 10, everyShop, pastTwoKm, 2],
    [`page=${pastTwoKm}`, 5, everyShop, pastTwoKm, 2],
    // No circle inside a 1-mile radius.
    ["", 1, everyShop, 1, 1],
  ] as const)(
    "shows the page sorting every shop within the radius would: %s, %s miles",
    async (query, miles, shown, page, pagesChosen) => {
      const km = miles * 1.609344;
      expect(withinTwoKm).toBeGreaterThan(2 * PAGE_SIZE);
      expect(await search(query, noon, null, { origin: leeds, km })).toMatchObject({
        ...withinPage(km, shown, page, false),
        pagesChosen,
      });
    },
  );

  it("shows the last page of a radius, and the open shops within it", async () => {
    const km = 3 * 1.609344;
    const lastPage = Math.ceil(withinPage(km, everyShop, 1, false).total / PAGE_SIZE);
    const last = await search(`page=${lastPage}`, noon, null, { origin: leeds, km });
    expect(last).toMatchObject(withinPage(km, everyShop, lastPage, false));
    expect(last.names.length).toBeGreaterThan(0);
    expect(await search("open=now&page=2", noon, null, { origin: leeds, km })).toMatchObject(
      withinPage(km, everyShop, 2, true),
    );
  });
});

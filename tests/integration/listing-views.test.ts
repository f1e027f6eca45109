// Listing views (decision 0024) as the database keeps them, on PGlite or
// PostgreSQL (see tests/helpers/test-database.ts): a batch is written once,
// a visitor counts once per listing and UK day whichever server saw them, and
// the per-day series has every day of the last 30.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import { ViewCounter, type View } from "../../app/server/page-views.server";
import { businessListing, listingView } from "../../app/server/schema";
import {
  listingViewsByDay,
  listingViewsTotal,
  pruneListingViewVisitors,
  recordViews,
} from "../../app/features/marketplace/listing-views.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let grill: number;
let cafe: number;
const browser = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  const base = {
    category: "food",
    town: "Leeds",
    description: "A business.",
    askingPricePence: 50_000_00,
    status: "published" as const,
  };
  const rows = await database.db
    .insert(businessListing)
    .values([
      { ...base, slug: "grill", title: "Grill" },
      { ...base, slug: "cafe", title: "Café" },
    ])
    .returning({ id: businessListing.id, slug: businessListing.slug });
  grill = rows.find((row) => row.slug === "grill")!.id;
  cafe = rows.find((row) => row.slug === "cafe")!.id;
});

afterAll(async () => {
  setDatabase(undefined);
  await database.destroy();
});

/** A server of its own: its own buffer, the shared secret, a clock of its own. */
function server(now: () => Date) {
  const counter = new ViewCounter({ secret: () => "one secret for every server", now });
  counter.start(
    (views: View[]) => recordViews(database.db, views),
    60_000,
    () => {},
  );
  return counter;
}

describe("listing views", () => {
  it("count each visitor once per listing and day, across servers, and never keep the address", async () => {
    const now = () => new Date("2026-11-23T10:00:00Z");
    const [a, b] = [server(now), server(now)];
    a.count("grill", "203.0.113.7", browser);
    b.count("grill", "203.0.113.7", browser); // the same visitor on the other server
    a.count("grill", "203.0.113.8", browser);
    a.count("cafe", "203.0.113.7", browser);
    a.count("no-such-listing", "203.0.113.7", browser);
    // Both servers write at once.
    await Promise.all([a.flush(), b.flush()]);
    // A later visit the same day, written in a later batch, adds nothing.
    b.count("grill", "203.0.113.8", browser);
    await b.flush();

    expect(await listingViewsTotal(grill, 30, now())).toBe(2);
    expect(await listingViewsTotal(cafe, 30, now())).toBe(1);
    const kept = await database.db.select().from(listingView);
    expect(kept).toHaveLength(3);
    expect(JSON.stringify(kept)).not.toContain("203.0.113");

    // The next day the visitor counts again.
    const tomorrow = () => new Date("2026-11-24T10:00:00Z");
    const c = server(tomorrow);
    c.count("grill", "203.0.113.7", browser);
    await c.stop();
    await Promise.all([a.stop(), b.stop()]);
    expect(await listingViewsTotal(grill, 30, tomorrow())).toBe(3);
  });

  it("gives the last 30 UK days, oldest first, with 0 for days without views", async () => {
    const series = (await listingViewsByDay([grill], 30, new Date("2026-11-24T23:30:00Z"))).get(grill)!;
    expect(series).toHaveLength(30);
    expect(series[0]).toEqual({ day: "2026-10-26", views: 0 });
    expect(series.at(-2)).toEqual({ day: "2026-11-23", views: 2 });
    expect(series.at(-1)).toEqual({ day: "2026-11-24", views: 1 });
    expect(series.reduce((total, day) => total + day.views, 0)).toBe(3);
    // 23:30 UTC in summer is already the next day in London.
    const summer = (await listingViewsByDay([grill], 7, new Date("2026-07-01T23:30:00Z"))).get(grill)!;
    expect(summer.map((day) => day.day)).toEqual([
      "2026-06-26",
      "2026-06-27",
      "2026-06-28",
      "2026-06-29",
      "2026-06-30",
      "2026-07-01",
      "2026-07-02",
    ]);
    // Days older than the window are left out.
    expect(await listingViewsTotal(grill, 1, new Date("2026-11-24T12:00:00Z"))).toBe(1);
  });

  it("forgets visitors' hashes after their day, keeping the counts", async () => {
    await pruneListingViewVisitors(database.db, new Date("2026-11-25T12:00:00Z"));
    const kept = await database.db.select().from(listingView);
    expect(kept.map((row) => row.day)).toEqual(["2026-11-24"]);
    expect(await listingViewsTotal(grill, 30, new Date("2026-11-25T12:00:00Z"))).toBe(3);
  });
});

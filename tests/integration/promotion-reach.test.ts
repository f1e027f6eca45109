// /promote's "What a promotion does" figures (decision 0070): last calendar
// month's average views of a promoted business or listing against the
// others', on PGlite or PostgreSQL. Nothing is shown until both groups have
// enough pages; only the month's UK days count.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import {
  businessListing,
  businessViewDay,
  directoryBusiness,
  listingViewDay,
  subscription,
  user,
} from "../../app/server/schema";
import {
  lastMonthOf,
  lastMonthsPromotionReach,
  promotionReach,
} from "../../app/features/packages/promotion-reach.server";
import { loader as promoteLoader } from "../../app/routes/promote";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/** A day in November 2026: last month is October, 1 October 00:00 BST (30 September 23:00 UTC) to 1 November 00:00 GMT. */
const NOW = new Date("2026-11-10T12:00:00Z");
const OWNER = "promotion-reach-owner";

let database: TestDatabase;

type Seven = [number, number, number, number, number, number, number];
type Six = [number, number, number, number, number, number];

async function listings(count: number) {
  const rows = await database.db
    .insert(businessListing)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `reach-listing-${i}`,
        title: `Listing ${i}`,
        category: "food",
        town: "Leeds",
        description: "A business.",
        askingPricePence: 50_000_00,
        status: "published" as const,
      })),
    )
    .returning({ id: businessListing.id });
  return rows.map((row) => row.id);
}

async function businesses(count: number) {
  const rows = await database.db
    .insert(directoryBusiness)
    .values(
      Array.from({ length: count }, (_, i) => ({
        slug: `reach-business-${i}`,
        name: `Business ${i}`,
        category: "food" as const,
        description: "-",
        town: "Leeds",
      })),
    )
    .returning({ id: directoryBusiness.id });
  return rows.map((row) => row.id);
}

/** A promotion bought for a listing or business: its status and the period it ran. */
function promotion(
  target: { listingId: number } | { businessId: number },
  status: string,
  startDate: string,
  endDate: string | null,
) {
  return {
    userId: OWNER,
    packageName: "The Feature Package",
    packageType: "promotion" as const,
    status,
    pricePence: 25_99,
    startDate: new Date(startDate),
    endDate: endDate ? new Date(endDate) : null,
    ...target,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await database.db.insert(user).values({ id: OWNER, email: "owner@example.com" });
});

afterAll(async () => {
  setDatabase(undefined);
  await database.destroy();
});

describe("last month's views of promoted pages against the others'", () => {
  it("is the UK calendar month before today", () => {
    expect(lastMonthOf(NOW)).toEqual({
      first: "2026-10-01",
      next: "2026-11-01",
      from: new Date("2026-09-30T23:00:00Z"),
      to: new Date("2026-11-01T00:00:00Z"),
    });
    // Early on 1 January in London is already the new year: last month is December.
    expect(lastMonthOf(new Date("2027-01-01T00:30:00Z"))).toMatchObject({ first: "2026-12-01", next: "2027-01-01" });
  });

  it("shows nothing before there are views", async () => {
    expect(await promotionReach(database.db, NOW)).toBeNull();
  });

  it("averages each group's views over last month's UK days only, and shows a kind once both its groups have three pages", async () => {
    const [l1, l2, l3, l4, l5, l6, l7] = (await listings(7)) as Seven;
    const [b1, b2, b3, b4, b5, b6] = (await businesses(6)) as Six;
    await database.db.insert(subscription).values([
      // Promoted in October: a month that ran into November, one cancelled on 2 October, one started on 30 October.
      promotion({ listingId: l1 }, "expired", "2026-10-05T10:00:00Z", "2026-11-05T10:00:00Z"),
      promotion({ listingId: l2 }, "cancelled", "2026-09-20T10:00:00Z", "2026-10-02T10:00:00Z"),
      promotion({ listingId: l3 }, "active", "2026-10-30T10:00:00Z", "2026-11-30T10:00:00Z"),
      // Not promoted in October: never paid; refunded at 22:00 UTC on 30 September, before October began in London.
      promotion({ listingId: l4 }, "pending", "2026-10-01T10:00:00Z", null),
      promotion({ listingId: l5 }, "refunded", "2026-09-01T10:00:00Z", "2026-09-30T22:00:00Z"),
      // Two promoted businesses only: too few to show.
      promotion({ businessId: b1 }, "active", "2026-10-10T10:00:00Z", "2026-11-10T10:00:00Z"),
      promotion({ businessId: b2 }, "expired", "2026-09-15T10:00:00Z", "2026-10-15T10:00:00Z"),
    ]);
    const day = (id: number, d: string, views: number) => ({ listingId: id, day: d, views });
    await database.db.insert(listingViewDay).values([
      // Promoted: 30 + 20, 40, 10 + 20 in October → 120 over 3 listings = 40.
      day(l1, "2026-10-01", 30),
      day(l1, "2026-10-31", 20),
      day(l2, "2026-10-15", 40),
      day(l3, "2026-10-20", 10),
      day(l3, "2026-10-30", 20),
      // Others: 5, 6 + 1, 3, 7 → 22 over 4 listings = 5.5, shown as 6.
      day(l4, "2026-10-02", 5),
      day(l5, "2026-10-03", 6),
      day(l5, "2026-10-04", 1),
      day(l6, "2026-10-05", 3),
      day(l7, "2026-10-06", 7),
      // Outside October: counted in none.
      day(l1, "2026-09-30", 900),
      day(l4, "2026-11-01", 900),
      day(l7, "2026-11-09", 900),
    ]);
    await database.db
      .insert(businessViewDay)
      .values(
        [b1, b2, b3, b4, b5, b6].map((businessId, i) => ({ businessId, day: "2026-10-12", views: 10 * (i + 1) })),
      );

    expect(await promotionReach(database.db, NOW)).toEqual({
      month: "October 2026",
      businesses: null,
      listings: {
        promoted: { pages: 3, views: 120, average: 40 },
        others: { pages: 4, views: 22, average: 6 },
      },
    });

    // A third promoted business: the directory's figures appear too.
    await database.db
      .insert(subscription)
      .values(promotion({ businessId: b3 }, "active", "2026-10-20T10:00:00Z", "2026-11-20T10:00:00Z"));
    const withBusinesses = await promotionReach(database.db, NOW);
    expect(withBusinesses?.businesses).toEqual({
      promoted: { pages: 3, views: 10 + 20 + 30, average: 20 },
      others: { pages: 3, views: 40 + 50 + 60, average: 50 },
    });

    // The page's copy is worked out once an hour: views added meanwhile show after it.
    expect(await lastMonthsPromotionReach(NOW, database.db)).toEqual(withBusinesses);
    await database.db.insert(listingViewDay).values(day(l6, "2026-10-07", 700));
    const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(await lastMonthsPromotionReach(later(59), database.db)).toEqual(withBusinesses);
    expect((await lastMonthsPromotionReach(later(61), database.db))?.listings?.others).toEqual({
      pages: 4,
      views: 722,
      average: 181,
    });
  });
});

describe("/promote", () => {
  it("sends no figures while last month has no views", async () => {
    const empty = await createTestDatabase("seeded");
    setDatabase(empty);
    try {
      const page = await promoteLoader();
      expect(page.plans.map((plan) => plan.name)).toEqual([
        "The Starter Package",
        "The Feature Package",
        "The Premier Package",
      ]);
      expect(page.reach).toBeNull();
    } finally {
      setDatabase(database);
      await empty.destroy();
    }
  });
});

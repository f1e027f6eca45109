// The directory's counts kept as changes, on PGlite or PostgreSQL: "open now"
// (decision 0053), and the featured businesses open (decision 0060), agree
// with the opening line each card shows, through a week, and the
// published businesses (decision 0058) with counting them, as businesses are
// added, published, featured, moved to another category, rescheduled, given
// an exception, renamed and removed, and after housekeeping has summed the
// changes up.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import {
  businessHoursException,
  directoryBusiness,
  openWeekChange,
  publishedBusinessChange,
} from "../../app/server/schema";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { compactDirectoryCounts, publishedBusinesses } from "../../app/features/directory/counts.server";
import { countOpenNow, loadSchedules, replaceSchedule } from "../../app/features/directory/hours.server";
import { openingState } from "../../app/features/directory/opening-hours";
import { addBusiness as addTo, weeklyPeriods } from "../helpers/directory-fixtures";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
const addBusiness = (name: string, values: Parameters<typeof addTo>[2], days: string[]) =>
  addTo(database.db, name, values, days);

// Eight instants of each day of the week from Monday 9 November 2026, London time (GMT): past midnight,
// and the minutes at which the hours below open, close or break (02:00, 12:30, 14:00, 17:00, 20:00,
// 23:00), with 08:00 between; and the minutes either side of a period's end.
const times = ["00:30", "02:00", "08:00", "12:30", "14:00", "17:00", "20:00", "23:00"];
const instants = [
  ...Array.from({ length: 7 }, (_, day) =>
    times.map((time) => new Date(`2026-11-${String(9 + day).padStart(2, "0")}T${time}:00Z`)),
  ).flat(),
  new Date("2026-11-13T01:59:00Z"),
  new Date("2026-11-13T02:00:00Z"),
  new Date("2026-11-15T23:59:00Z"),
];

/**
 * As the cards see it: the published businesses (of a category) whose opening line says open, and the
 * featured ones among them. The businesses are read once a check and their schedules once a day, so the
 * check's time goes on the counts it compares.
 */
async function cardsView() {
  const businesses = await database.db
    .select({
      id: directoryBusiness.id,
      published: directoryBusiness.published,
      category: directoryBusiness.category,
      showcased: directoryBusiness.showcased,
    })
    .from(directoryBusiness);
  const schedulesByDay = new Map<string, ReturnType<typeof loadSchedules>>();
  return async function openByCards(now: Date, category?: "food" | "other") {
    const day = now.toISOString().slice(0, 10);
    if (!schedulesByDay.has(day))
      schedulesByDay.set(
        day,
        loadSchedules(
          businesses.map((b) => b.id),
          day,
        ),
      );
    const schedules = await schedulesByDay.get(day)!;
    const open = businesses.filter(
      (b) =>
        b.published && (!category || b.category === category) && openingState(schedules.get(b.id)!, now)?.open === true,
    );
    return { open: open.length, featuredOpen: open.filter((b) => b.showcased).length };
  };
}

/** As the page counts it, from open_week_change. */
async function openByChanges(now: Date, category?: "food" | "other") {
  const query = parseDirectoryQuery(new URLSearchParams(category ? `open=now&category=${category}` : "open=now"));
  const matching = sql`${directoryBusiness.published} ${category ? sql`and ${directoryBusiness.category} = ${category}` : sql``}`;
  const { open, featuredOpen } = await countOpenNow(now, query, matching);
  return { open, featuredOpen };
}

/** Counted, one business at a time. */
async function publishedByCounting(category?: "food" | "other") {
  const [row] = await database.db
    .select({ n: count() })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.published, true), category && eq(directoryBusiness.category, category)));
  return row!.n;
}

async function expectCountsAgree() {
  for (const category of [undefined, "food", "other"] as const) {
    expect({ category, published: await publishedBusinesses(category) }).toEqual({
      category,
      published: await publishedByCounting(category),
    });
  }
  const openByCards = await cardsView();
  for (const now of instants) {
    for (const category of [undefined, "food", "other"] as const) {
      const expected = await openByCards(now, category);
      expect({ now, category, ...(await openByChanges(now, category)) }).toEqual({ now, category, ...expected });
    }
  }
}

const changeRows = async () => ({
  openWeek: (await database.db.select().from(openWeekChange)).length,
  published: (await database.db.select().from(publishedBusinessChange)).length,
});

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
});

describe("the directory's counts, kept as changes", () => {
  it("agrees with the cards as businesses and their hours change, and after housekeeping", async () => {
    const cafe = await addBusiness("Day Cafe", {}, [
      "09:00-17:00",
      "09:00-17:00",
      "09:00-17:00",
      "09:00-17:00",
      "09:00-12:30, 14:00-17:00",
      "10:00-16:00",
      "",
    ]);
    // Past midnight, and past Sunday midnight into Monday morning.
    const grill = await addBusiness("Late Grill", { category: "other", featured: true }, [
      "",
      "",
      "",
      "18:00-02:00",
      "18:00-02:00",
      "",
      "20:00-03:00",
    ]);
    // Featured, but not published: in no count.
    const hidden = await addBusiness(
      "Hidden Bakery",
      { published: false, featured: true },
      Array(7).fill("06:00-14:00"),
    );
    await addBusiness("No Hours", {}, Array(7).fill(""));
    await expectCountsAgree();

    await database.db.update(directoryBusiness).set({ published: true }).where(eq(directoryBusiness.id, hidden));
    // Moved to another category and featured by a paid package at once.
    await database.db
      .update(directoryBusiness)
      .set({ category: "other", promotion: "showcase" })
      .where(eq(directoryBusiness.id, cafe));
    await database.db.transaction((tx) =>
      replaceSchedule(tx, grill, weeklyPeriods(["12:00-23:00", "", "", "", "17:00-04:00", "", ""]), []),
    );
    await expectCountsAgree();

    // Shut on Friday by an exception, and open late on Wednesday by another.
    await database.db.insert(businessHoursException).values([
      {
        businessId: cafe,
        onDate: "2026-11-13",
        opensMinute: null,
        closesMinute: null,
      },
      {
        businessId: hidden,
        onDate: "2026-11-11",
        opensMinute: 20 * 60,
        closesMinute: 1 * 60,
      },
    ]);
    await expectCountsAgree();

    // A change to a business's other columns adds no row, nor does a statement that changes no business.
    const before = await changeRows();
    await database.db.update(directoryBusiness).set({ name: "Day Cafe & Deli" }).where(eq(directoryBusiness.id, cafe));
    await database.db.update(directoryBusiness).set({ published: true }).where(eq(directoryBusiness.id, -1));
    expect(await changeRows()).toEqual(before);
    expect(before.published).toBeGreaterThan(2);

    await database.db.delete(directoryBusiness).where(eq(directoryBusiness.id, grill));
    await expectCountsAgree();
    // The package ends.
    await database.db.update(directoryBusiness).set({ promotion: null }).where(eq(directoryBusiness.id, cafe));
    await expectCountsAgree();

    // Housekeeping leaves one row for each category (and featured flag and minute), none of them zero, and the same counts.
    await compactDirectoryCounts(database.db);
    const rows = await database.db.select().from(openWeekChange);
    expect(rows.every((row) => row.businesses !== 0)).toBe(true);
    expect(new Set(rows.map((row) => `${row.category} ${row.showcased} ${row.minute}`)).size).toBe(rows.length);
    expect(rows.some((row) => row.showcased)).toBe(true);
    expect(rows.length).toBeLessThan(before.openWeek);
    const published = await database.db.select().from(publishedBusinessChange);
    expect(published.map((row) => row.category).sort()).toEqual(["food", "other"]);
    expect(published.every((row) => row.businesses > 0)).toBe(true);
    await expectCountsAgree();

    // Staff stop featuring the bakery.
    await database.db.update(directoryBusiness).set({ featured: false }).where(eq(directoryBusiness.id, hidden));
    await expectCountsAgree();

    // Two servers' housekeeping at once, while a business is added: nothing counted twice or lost.
    await Promise.all([
      compactDirectoryCounts(database.db),
      compactDirectoryCounts(database.db),
      addBusiness("Corner Shop", {}, Array(7).fill("07:00-22:00")),
    ]);
    await expectCountsAgree();

    // A directory emptied at once takes its changes with it.
    await database.db.execute(sql`truncate ${directoryBusiness} cascade`);
    expect(await changeRows()).toEqual({ openWeek: 0, published: 0 });
    await expectCountsAgree();
  });
});

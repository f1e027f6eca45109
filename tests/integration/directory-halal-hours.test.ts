// The directory's halal and hours filters in SQL (issue #17), on PGlite or
// PostgreSQL: each filter narrows the list, and "open now" agrees with the
// opening line the cards show, at fixed instants across both clock changes.
import { and, eq, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/server/db.server";
import { businessHours, businessHoursException, directoryBusiness } from "../../app/server/schema";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import {
  loadSchedules,
  openNowCondition,
  openNowProbe,
  replaceSchedule,
} from "../../app/features/directory/hours.server";
import { parsePeriods } from "../../app/features/directory/hours-input";
import { londonNow, openingState } from "../../app/features/directory/opening-hours";
import { addBusiness } from "../helpers/directory-fixtures";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
const ids: Record<string, number> = {};

const search = (query: string, now: Date) =>
  searchBusinesses(parseDirectoryQuery(new URLSearchParams(query)), null, now);
const names = async (query: string, now: Date) => (await search(query, now)).items.map((b) => b.name).sort();
const openBy = async (condition: SQL) =>
  (await database.db.select({ name: directoryBusiness.name }).from(directoryBusiness).where(condition))
    .map((b) => b.name)
    .sort();

async function business(
  name: string,
  values: Partial<typeof directoryBusiness.$inferInsert>,
  week: string[],
  exceptions: { onDate: string; hours?: string; note?: string }[] = [],
) {
  const id = await addBusiness(database.db, name, values, week);
  ids[name] = id;
  for (const e of exceptions) {
    const parsed = e.hours ? parsePeriods(e.hours) : { ok: true as const, value: [] };
    if (!parsed.ok) throw new Error(parsed.error);
    const rows = parsed.value.length ? parsed.value : [{ opensMinute: null, closesMinute: null }];
    await database.db
      .insert(businessHoursException)
      .values(rows.map((p) => ({ ...p, businessId: id, onDate: e.onDate, note: e.note ?? null })));
  }
}

const daily = (hours: string) => Array.from({ length: 7 }, () => hours);

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await business(
    "Late Grill",
    { halalStatus: "fully_halal", halalCertifierBody: "hmc", alcoholServed: false },
    daily("18:00-02:00"),
  );
  // Open one Sunday morning by exception: an open business the halal filters must still leave out.
  await business(
    "Day Cafe",
    { halalStatus: "halal_options", alcoholServed: true },
    ["09:00-17:30", "09:00-17:30", "09:00-17:30", "09:00-17:30", "09:00-12:30, 14:00-17:30", "", ""],
    [{ onDate: "2026-03-22", hours: "09:00-12:00", note: "Eid breakfast" }],
  );
  await business(
    "Eid Kitchen",
    { halalStatus: "fully_halal", halalCertifierBody: "hfa", alcoholServed: false },
    daily("11:00-00:00"),
    [
      { onDate: "2026-03-20", note: "Eid al-Fitr" },
      { onDate: "2026-03-21", hours: "15:00-03:00", note: "Eid" },
    ],
  );
  await business("No Hours Dentist", { category: "other" }, []);
});

afterAll(async () => {
  setDatabase(undefined);
  await database?.destroy();
});

const instants = [
  // Spring forward: Sunday 29 March 2026, 01:00 GMT becomes 02:00 BST.
  "2026-03-29T00:30:00Z",
  "2026-03-29T01:30:00Z",
  "2026-03-30T08:30:00Z",
  // Fall back: Sunday 25 October 2026, 02:00 BST becomes 01:00 GMT.
  "2026-10-25T00:30:00Z",
  "2026-10-25T01:30:00Z",
  "2026-10-25T02:00:00Z",
  "2026-10-26T17:30:00Z",
  // Eid: closed on the 20th, late on the 21st past midnight into the 22nd.
  "2026-03-20T12:00:00Z",
  "2026-03-21T16:00:00Z",
  "2026-03-22T02:30:00Z",
  "2026-03-22T10:30:00Z",
  "2026-11-06T13:00:00Z",
  // Sunday night's periods past midnight run into Monday.
  "2026-03-30T00:30:00Z",
  "2026-10-26T00:30:00Z",
  "2026-10-26T01:59:00Z",
];

describe("open now", () => {
  it.each(instants)("in SQL agrees with the cards' opening line at %s", async (at) => {
    const now = new Date(at);
    const schedules = await loadSchedules(Object.values(ids), londonNow(now).day);
    const expected = Object.entries(ids)
      .filter(([, id]) => openingState(schedules.get(id)!, now)?.open)
      .map(([name]) => name)
      .sort();
    expect(await names("open=now", now)).toEqual(expected);
    // The count, read from the hours alone (decision 0043), agrees with the page.
    expect((await search("open=now", now)).total).toBe(expected.length);
    expect((await search("open=now&category=food", now)).total).toBe(expected.length);
    expect((await search("open=now&category=other", now)).total).toBe(0);
    // Narrowed by the copies the hours carry of the business (decision 0045).
    const fullyHalal = expected.filter((name) => name !== "Day Cafe");
    if (at === "2026-03-22T10:30:00Z") expect(expected).toContain("Day Cafe");
    expect(await names("open=now&halal=fully&alcohol=none", now)).toEqual(fullyHalal);
    expect((await search("open=now&halal=fully&alcohol=none", now)).total).toBe(fullyHalal.length);
    expect((await search("open=now&location=LEEDS", now)).total).toBe(expected.length);
    expect((await search("open=now&location=York", now)).total).toBe(0);
    // Both ways the page can ask (decision 0044) find the same businesses.
    expect(await openBy(openNowProbe(now))).toEqual(expected);
    expect(await openBy(openNowCondition(now, parseDirectoryQuery(new URLSearchParams())))).toEqual(expected);
  });

  it("follows London's clock, past midnight and exceptions", async () => {
    expect(await names("open=now", new Date("2026-03-29T00:30:00Z"))).toEqual(["Late Grill"]);
    // 08:30 UTC on Monday 30 March is 09:30 BST: the café is open.
    expect(await names("open=now", new Date("2026-03-30T08:30:00Z"))).toEqual(["Day Cafe"]);
    // Closed for Eid all day on the 20th; open past midnight on the 21st's special hours.
    expect(await names("open=now", new Date("2026-03-20T12:00:00Z"))).toEqual(["Day Cafe"]);
    expect(await names("open=now", new Date("2026-03-22T02:30:00Z"))).toEqual(["Eid Kitchen"]);
    // 01:30 GMT after the clocks go back: still Saturday night's 18:00–02:00.
    expect(await names("open=now", new Date("2026-10-25T01:30:00Z"))).toEqual(["Late Grill"]);
  });
});

describe("open now follows the business", () => {
  // Friday 6 November 2026, 20:00 in London: Late Grill and Eid Kitchen are open.
  const now = new Date("2026-11-06T20:00:00Z");
  const found = async (query: string) => {
    const { items, total } = await search(query, now);
    return { names: items.map((b) => b.name).sort(), total };
  };
  const update = (name: string, values: Partial<typeof directoryBusiness.$inferInsert>) =>
    database.db.update(directoryBusiness).set(values).where(eq(directoryBusiness.id, ids[name]!));

  it("leaves out a business staff unpublish, and counts it again when they publish it", async () => {
    expect(await found("open=now")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
    await update("Late Grill", { published: false });
    try {
      expect(await found("open=now")).toEqual({ names: ["Eid Kitchen"], total: 1 });
    } finally {
      await update("Late Grill", { published: true });
    }
    expect(await found("open=now")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
  });

  it("counts a business in its new category after staff move it", async () => {
    await update("Eid Kitchen", { category: "other" });
    try {
      expect(await found("open=now&category=food")).toEqual({ names: ["Late Grill"], total: 1 });
      expect(await found("open=now&category=other")).toEqual({ names: ["Eid Kitchen"], total: 1 });
    } finally {
      await update("Eid Kitchen", { category: "food" });
    }
  });

  it("counts a business under its new town and halal facts after staff change each", async () => {
    const was = { town: "Leeds", halalStatus: "fully_halal", halalCertifierBody: "hfa", alcoholServed: false } as const;
    try {
      await update("Eid Kitchen", { town: "York" });
      expect(await found("open=now&location=york")).toEqual({ names: ["Eid Kitchen"], total: 1 });
      expect(await found("open=now&location=leeds")).toEqual({ names: ["Late Grill"], total: 1 });
      await update("Eid Kitchen", { halalStatus: "halal_options" });
      expect(await found("open=now&halal=fully")).toEqual({ names: ["Late Grill"], total: 1 });
      await update("Eid Kitchen", { halalCertifierBody: null });
      expect(await found("open=now&certified=yes")).toEqual({ names: ["Late Grill"], total: 1 });
      await update("Eid Kitchen", { alcoholServed: true });
      expect(await found("open=now&alcohol=none")).toEqual({ names: ["Late Grill"], total: 1 });
      await update("Eid Kitchen", { halalCertifierBody: "hmc" });
      expect(await found("open=now&certifier=hmc")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
    } finally {
      await update("Eid Kitchen", was);
    }
    expect(await found("open=now&certifier=hfa&alcohol=none&location=leeds")).toEqual({
      names: ["Eid Kitchen"],
      total: 1,
    });
  });

  it("takes a new period's published flag, category, town and halal facts from its business, not from what was sent", async () => {
    const [draft] = await database.db
      .insert(directoryBusiness)
      .values({
        slug: "draft-diner",
        name: "Draft Diner",
        category: "other",
        description: "-",
        town: "Leeds",
        published: false,
      })
      .returning({ id: directoryBusiness.id });
    try {
      await database.db.insert(businessHours).values({
        businessId: draft!.id,
        weekday: 5,
        opensMinute: 17 * 60,
        closesMinute: 23 * 60,
        published: true,
        category: "food",
        townKey: "york",
        halalStatus: "fully_halal",
        halalCertifierBody: "hmc",
        alcoholServed: false,
      });
      expect(await found("open=now")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
      expect(await found("open=now&category=food")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
      await database.db.update(directoryBusiness).set({ published: true }).where(eq(directoryBusiness.id, draft!.id));
      expect(await found("open=now")).toEqual({ names: ["Draft Diner", "Eid Kitchen", "Late Grill"], total: 3 });
      expect(await found("open=now&category=other")).toEqual({ names: ["Draft Diner"], total: 1 });
      // Nor its town and halal facts: it is in Leeds and says nothing of halal.
      expect(await found("open=now&location=york")).toEqual({ names: [], total: 0 });
      expect(await found("open=now&location=leeds")).toEqual({
        names: ["Draft Diner", "Eid Kitchen", "Late Grill"],
        total: 3,
      });
      expect(await found("open=now&halal=fully")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
    } finally {
      await database.db.delete(directoryBusiness).where(eq(directoryBusiness.id, draft!.id));
    }
  });

  it("tests a business's own row for its hours as they are rewritten, changed and removed (decision 0051)", async () => {
    const grill = ids["Late Grill"]!;
    const friday = eq(businessHours.businessId, grill);
    const week = await database.db.select().from(businessHours).where(friday);
    const rewrite = (periods: { weekday: number; opensMinute: number; closesMinute: number }[]) =>
      database.db.transaction((tx) => replaceSchedule(tx, grill, periods, []));
    try {
      // Friday 20:00: shut on Fridays now, then open again by an edited period, then with no hours at all.
      await rewrite([{ weekday: 4, opensMinute: 18 * 60, closesMinute: 2 * 60 }]);
      expect(await openBy(openNowProbe(now))).toEqual(["Eid Kitchen"]);
      await database.db.update(businessHours).set({ weekday: 5 }).where(friday);
      expect(await openBy(openNowProbe(now))).toEqual(["Eid Kitchen", "Late Grill"]);
      await database.db.delete(businessHours).where(friday);
      expect(await openBy(openNowProbe(now))).toEqual(["Eid Kitchen"]);
    } finally {
      await rewrite(week.map(({ weekday, opensMinute, closesMinute }) => ({ weekday, opensMinute, closesMinute })));
    }
    expect(await openBy(openNowProbe(now))).toEqual(["Eid Kitchen", "Late Grill"]);
  });

  it("counts once a business open both by last night's period past midnight and by today's first", async () => {
    // Friday 6 November 2026, 03:00 in London: Thursday's 20:00–04:00 and Friday's 00:00–10:00 both run.
    const small = new Date("2026-11-06T03:00:00Z");
    await business("Night Bakery", { halalStatus: "fully_halal" }, ["", "", "", "20:00-04:00", "00:00-10:00", "", ""]);
    const spill = {
      businessId: ids["Night Bakery"]!,
      onDate: "2026-11-05",
      opensMinute: 20 * 60,
      closesMinute: 5 * 60,
    };
    try {
      const expected = { items: [expect.objectContaining({ name: "Night Bakery" })], total: 1 };
      expect(await search("open=now", small)).toEqual(expected);
      expect(await search("open=now&halal=fully", small)).toEqual(expected);
      // Thursday's hours changed by an exception that also runs past midnight.
      await database.db.insert(businessHoursException).values(spill);
      expect(await search("open=now", small)).toEqual(expected);
    } finally {
      await database.db.delete(directoryBusiness).where(eq(directoryBusiness.id, ids["Night Bakery"]!));
      delete ids["Night Bakery"];
    }
  });

  it("counts a business open by an exception today only while it is published", async () => {
    // Day Cafe is shut on Friday evenings, but opens late this Friday.
    await database.db
      .insert(businessHoursException)
      .values({ businessId: ids["Day Cafe"]!, onDate: "2026-11-06", opensMinute: 18 * 60, closesMinute: 22 * 60 });
    try {
      expect(await found("open=now")).toEqual({ names: ["Day Cafe", "Eid Kitchen", "Late Grill"], total: 3 });
      await update("Day Cafe", { published: false });
      expect(await found("open=now")).toEqual({ names: ["Eid Kitchen", "Late Grill"], total: 2 });
    } finally {
      await update("Day Cafe", { published: true });
      await database.db
        .delete(businessHoursException)
        .where(
          and(eq(businessHoursException.businessId, ids["Day Cafe"]!), eq(businessHoursException.onDate, "2026-11-06")),
        );
    }
  });
});

describe("halal filters", () => {
  const now = new Date("2026-11-06T13:00:00Z");
  it("narrow to fully halal, certified, a certifier, no alcohol", async () => {
    expect(await names("", now)).toHaveLength(4);
    expect(await names("halal=fully", now)).toEqual(["Eid Kitchen", "Late Grill"]);
    expect(await names("certified=yes", now)).toEqual(["Eid Kitchen", "Late Grill"]);
    expect(await names("certifier=hfa", now)).toEqual(["Eid Kitchen"]);
    expect(await names("alcohol=none", now)).toEqual(["Eid Kitchen", "Late Grill"]);
    expect(await names("alcohol=none&certifier=hmc&open=now", new Date("2026-11-06T20:00:00Z"))).toEqual([
      "Late Grill",
    ]);
  });

  it("leave out a value they do not understand instead of failing", async () => {
    expect(await names("certifier=%00nobody&open=soon&halal=1", now)).toHaveLength(4);
  });
});

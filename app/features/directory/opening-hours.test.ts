import { describe, expect, it } from "vitest";
import { exceptionsText, parseExceptions, parsePeriods, periodsText } from "./hours-input";
import { londonNow, openingHoursJsonLd, openingState, weekLines, type Schedule } from "./opening-hours";

const h = (hh: number, mm = 0) => hh * 60 + mm;
const everyDay = (opens: number, closes: number) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensMinute: opens, closesMinute: closes }));

// Late-night takeaway: 18:00 until 02:00, every day.
const lateNight: Schedule = { weekly: everyDay(h(18), h(2)), exceptions: [] };
// A shop 09:00–17:30, Monday to Saturday.
const shop: Schedule = {
  weekly: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opensMinute: h(9), closesMinute: h(17, 30) })),
  exceptions: [],
};

describe("londonNow", () => {
  it("reads London's clock, GMT in winter and BST in summer", () => {
    expect(londonNow(new Date("2026-01-15T12:00:00Z"))).toEqual({ day: "2026-01-15", weekday: 4, minute: h(12) });
    expect(londonNow(new Date("2026-07-15T12:00:00Z"))).toEqual({ day: "2026-07-15", weekday: 3, minute: h(13) });
    // 23:30 UTC on a summer Saturday is already Sunday in London.
    expect(londonNow(new Date("2026-07-18T23:30:00Z"))).toEqual({ day: "2026-07-19", weekday: 7, minute: h(0, 30) });
  });
});

describe("openingState across the clock changes", () => {
  it("spring forward, 29 March 2026: a shop opening at 09:00 BST is open at 08:30 UTC", () => {
    // Sunday 29 March: the shop is closed Sundays.
    expect(openingState(shop, new Date("2026-03-29T08:30:00Z"))?.label).toBe("Closed · opens tomorrow at 09:00");
    // Monday 30 March, 08:30 UTC = 09:30 BST: open; a UTC clock would say closed.
    expect(openingState(shop, new Date("2026-03-30T08:30:00Z"))).toEqual({
      open: true,
      label: "Open now · closes 17:30",
    });
    // Friday 27 March, still GMT: 08:30 UTC is 08:30 in London.
    expect(openingState(shop, new Date("2026-03-27T08:30:00Z"))).toEqual({
      open: false,
      label: "Closed · opens at 09:00",
    });
  });

  it("spring forward: a period past midnight ends at 02:00 on the clock, which 01:00 GMT jumps to", () => {
    // 00:30 UTC = 00:30 GMT on Sunday 29 March: Saturday's 18:00–02:00 still runs.
    expect(openingState(lateNight, new Date("2026-03-29T00:30:00Z"))).toEqual({
      open: true,
      label: "Open now · closes 02:00",
    });
    // 01:30 UTC = 02:30 BST: closed.
    expect(openingState(lateNight, new Date("2026-03-29T01:30:00Z"))).toEqual({
      open: false,
      label: "Closed · opens at 18:00",
    });
  });

  it("fall back, 25 October 2026: 01:30 happens twice and is open both times; 02:00 GMT is closed", () => {
    expect(openingState(lateNight, new Date("2026-10-25T00:30:00Z"))?.open).toBe(true); // 01:30 BST
    expect(openingState(lateNight, new Date("2026-10-25T01:30:00Z"))?.open).toBe(true); // 01:30 GMT
    expect(openingState(lateNight, new Date("2026-10-25T02:00:00Z"))).toEqual({
      open: false,
      label: "Closed · opens at 18:00",
    });
    // 17:30 UTC is 18:30 BST on Saturday 24 October but 17:30 GMT on Monday 26 October.
    expect(openingState(lateNight, new Date("2026-10-24T17:30:00Z"))?.open).toBe(true);
    expect(openingState(lateNight, new Date("2026-10-26T17:30:00Z"))?.label).toBe("Closed · opens at 18:00");
  });
});

describe("openingState", () => {
  it("has several periods a day and says when it next opens", () => {
    const lunchAndDinner: Schedule = {
      weekly: [
        { weekday: 2, opensMinute: h(12), closesMinute: h(14, 30) },
        { weekday: 2, opensMinute: h(17), closesMinute: h(23) },
      ],
      exceptions: [],
    };
    // Tuesday 3 November 2026, 15:00 GMT.
    expect(openingState(lunchAndDinner, new Date("2026-11-03T15:00:00Z"))?.label).toBe("Closed · opens at 17:00");
    expect(openingState(lunchAndDinner, new Date("2026-11-03T13:00:00Z"))?.label).toBe("Open now · closes 14:30");
    // Wednesday: next open the following Tuesday.
    expect(openingState(lunchAndDinner, new Date("2026-11-04T13:00:00Z"))?.label).toBe(
      "Closed · opens Tuesday at 12:00",
    );
  });

  it("lets a dated exception override the week, and a stretch past midnight run on", () => {
    const eid: Schedule = {
      weekly: everyDay(h(11), h(0)),
      exceptions: [{ onDate: "2026-03-20", opensMinute: null, closesMinute: null, note: "Eid al-Fitr" }],
    };
    // Friday 20 March 2026 at noon: closed for Eid, opens Saturday.
    expect(openingState(eid, new Date("2026-03-20T12:00:00Z"))?.label).toBe("Closed · opens tomorrow at 11:00");
    // Thursday 19 March 23:30, and at noon: open until midnight, said as people say it.
    expect(openingState(eid, new Date("2026-03-19T23:30:00Z"))?.label).toBe("Open now · closes midnight");
    expect(openingState(eid, new Date("2026-03-19T12:00:00Z"))?.label).toBe("Open now · closes midnight");
    const allNight: Schedule = { weekly: everyDay(h(0), h(0)), exceptions: [] };
    expect(openingState(allNight, new Date("2026-11-03T15:00:00Z"))).toEqual({
      open: true,
      label: "Open now · 24 hours",
    });
  });

  it("says nothing for a business without hours", () => {
    expect(openingState({ weekly: [], exceptions: [] }, new Date())).toBeNull();
  });
});

describe("the week and JSON-LD", () => {
  it("lists every day and carries openingHoursSpecification", () => {
    expect(weekLines(lateNight.weekly.filter((p) => p.weekday !== 1))[0]).toEqual({ day: "Monday", hours: "Closed" });
    expect(weekLines(lateNight.weekly)[4]).toEqual({ day: "Friday", hours: "18:00–02:00" });
    // A day to midnight (stored as closing at minute 0, typed "24:00") reads "midnight"; all day stays "Open 24 hours".
    const sunday = [{ weekday: 7, opensMinute: h(12), closesMinute: 0 }];
    expect(weekLines(sunday)[6]).toEqual({ day: "Sunday", hours: "12:00–midnight" });
    expect(weekLines(everyDay(0, 0))[6]).toEqual({ day: "Sunday", hours: "Open 24 hours" });
    const ld = openingHoursJsonLd(
      {
        weekly: [{ weekday: 5, opensMinute: h(18), closesMinute: h(2) }],
        exceptions: [{ onDate: "2026-03-20", opensMinute: null, closesMinute: null, note: null }],
      },
      "2026-03-01",
    );
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Friday", opens: "18:00", closes: "02:00" },
    ]);
    expect(ld.specialOpeningHoursSpecification?.[0]).toMatchObject({
      validFrom: "2026-03-20",
      opens: "00:00",
      closes: "00:00",
    });
  });
});

describe("what staff type", () => {
  it("reads periods, past midnight and all day, and writes them back", () => {
    const parsed = parsePeriods("11:00-14:30, 17:00 – 02:00");
    expect(parsed).toEqual({
      ok: true,
      value: [
        { opensMinute: h(11), closesMinute: h(14, 30) },
        { opensMinute: h(17), closesMinute: h(2) },
      ],
    });
    expect(periodsText(parsed.ok ? parsed.value : [])).toBe("11:00-14:30, 17:00-02:00");
    expect(parsePeriods("00:00-24:00")).toEqual({ ok: true, value: [{ opensMinute: 0, closesMinute: 0 }] });
    // Staff's own notation comes back, not the page's words.
    expect(periodsText([{ opensMinute: h(12), closesMinute: 0 }])).toBe("12:00-24:00");
    expect(periodsText([{ opensMinute: 0, closesMinute: 0 }])).toBe("00:00-24:00");
    expect(periodsText([])).toBe("");
    expect(parsePeriods("closed")).toEqual({ ok: true, value: [] });
  });

  it("refuses what is not a period, with a message", () => {
    expect(parsePeriods("9am till late")).toMatchObject({ ok: false });
    expect(parsePeriods("25:00-26:00")).toMatchObject({ ok: false });
    expect(parsePeriods("11:00-11:00")).toMatchObject({ ok: false, error: expect.stringContaining("same time") });
    expect(parsePeriods("11:00-15:00, 14:00-18:00")).toEqual({ ok: false, error: "The periods overlap" });
  });

  it("reads dated exceptions with notes and refuses impossible dates", () => {
    const text = "2026-03-20 closed Eid al-Fitr\n2026-03-21 12:00-16:00, 18:00-23:00 Eid";
    const parsed = parseExceptions(text);
    expect(parsed.ok && parsed.value).toEqual([
      { onDate: "2026-03-20", opensMinute: null, closesMinute: null, note: "Eid al-Fitr" },
      { onDate: "2026-03-21", opensMinute: h(12), closesMinute: h(16), note: "Eid" },
      { onDate: "2026-03-21", opensMinute: h(18), closesMinute: h(23), note: "Eid" },
    ]);
    expect(exceptionsText(parsed.ok ? parsed.value : [])).toBe(text);
    expect(parseExceptions("2026-02-30 closed")).toEqual({ ok: false, error: "Line 1: 2026-02-30 is not a date" });
    expect(parseExceptions("next Friday closed")).toMatchObject({ ok: false });
    // PostgreSQL has no year 0: refused here rather than failing in the database.
    expect(parseExceptions("0000-01-01 closed")).toEqual({ ok: false, error: "Line 1: 0000-01-01 is not a date" });
  });
});

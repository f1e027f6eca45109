import { describe, expect, it } from "vitest";
import { londonDaily, londonWeekly, tickMs } from "./scheduler.server";

// 2026's clock changes: BST begins Sunday 29 March at 01:00 UTC and ends Sunday 25 October at 01:00 UTC.
const at = (iso: string) => new Date(iso);
const daily = londonDaily(7);
const weekly = londonWeekly(1, 7); // Mondays

describe("londonDaily(7)", () => {
  it("starts at 07:00 UTC in winter and 06:00 UTC in summer", () => {
    expect(daily(at("2026-01-15T07:00:00Z")).toISOString()).toBe("2026-01-15T07:00:00.000Z");
    expect(daily(at("2026-01-15T06:59:59Z")).toISOString()).toBe("2026-01-14T07:00:00.000Z");
    expect(daily(at("2026-07-15T06:00:00Z")).toISOString()).toBe("2026-07-15T06:00:00.000Z");
    expect(daily(at("2026-07-15T05:59:59Z")).toISOString()).toBe("2026-07-14T06:00:00.000Z");
  });

  it("moves with the clocks in March: the day of the change is 23 hours long before 07:00", () => {
    expect(daily(at("2026-03-28T12:00:00Z")).toISOString()).toBe("2026-03-28T07:00:00.000Z");
    // 06:30 UTC on the 29th is 07:30 BST: the new period has begun.
    expect(daily(at("2026-03-29T06:30:00Z")).toISOString()).toBe("2026-03-29T06:00:00.000Z");
    expect(daily(at("2026-03-29T05:59:00Z")).toISOString()).toBe("2026-03-28T07:00:00.000Z");
    expect(daily(at("2026-03-30T06:00:00Z")).toISOString()).toBe("2026-03-30T06:00:00.000Z");
  });

  it("moves back in October: 06:30 UTC on the 25th is 06:30 GMT, still the day before's period", () => {
    expect(daily(at("2026-10-24T06:00:00Z")).toISOString()).toBe("2026-10-24T06:00:00.000Z");
    expect(daily(at("2026-10-25T06:30:00Z")).toISOString()).toBe("2026-10-24T06:00:00.000Z");
    expect(daily(at("2026-10-25T07:00:00Z")).toISOString()).toBe("2026-10-25T07:00:00.000Z");
  });

  it("gives one start for every instant of a period, so the period runs once", () => {
    const starts = new Set<string>();
    for (let t = at("2026-03-27T00:00:00Z").getTime(); t < at("2026-03-31T00:00:00Z").getTime(); t += 15 * 60_000) {
      starts.add(daily(new Date(t)).toISOString());
    }
    expect([...starts]).toEqual([
      "2026-03-26T07:00:00.000Z",
      "2026-03-27T07:00:00.000Z",
      "2026-03-28T07:00:00.000Z",
      "2026-03-29T06:00:00.000Z",
      "2026-03-30T06:00:00.000Z",
    ]);
  });
});

describe("londonWeekly(Monday, 7)", () => {
  it("starts on Monday at 07:00 London, across both 2026 clock changes", () => {
    // Monday 23 March (GMT), Monday 30 March (BST).
    expect(weekly(at("2026-03-29T12:00:00Z")).toISOString()).toBe("2026-03-23T07:00:00.000Z");
    expect(weekly(at("2026-03-30T05:59:00Z")).toISOString()).toBe("2026-03-23T07:00:00.000Z");
    expect(weekly(at("2026-03-30T06:00:00Z")).toISOString()).toBe("2026-03-30T06:00:00.000Z");
    // Monday 19 October (BST), Monday 26 October (GMT).
    expect(weekly(at("2026-10-25T12:00:00Z")).toISOString()).toBe("2026-10-19T06:00:00.000Z");
    expect(weekly(at("2026-10-26T06:30:00Z")).toISOString()).toBe("2026-10-19T06:00:00.000Z");
    expect(weekly(at("2026-10-26T07:00:00Z")).toISOString()).toBe("2026-10-26T07:00:00.000Z");
    expect(weekly(at("2026-11-01T23:59:00Z")).toISOString()).toBe("2026-10-26T07:00:00.000Z");
  });
});

describe("tickMs", () => {
  it("looks every 5 s when only local-time periods are scheduled", () => {
    expect(tickMs([{ name: "daily", periodStart: daily, run: async () => undefined }])).toBe(5_000);
    expect(tickMs([{ name: "fast", everyMs: 2_000, run: async () => undefined }])).toBe(500);
  });
});

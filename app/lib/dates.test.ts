import { describe, expect, it } from "vitest";
import { formatLondonDate, formatLondonDateTime, londonMidnight } from "./dates";

describe("UK dates", () => {
  it("shows GMT in winter and BST in summer", () => {
    expect(formatLondonDateTime(new Date("2026-01-15T09:30:00Z"))).toBe("15 January 2026 at 09:30");
    expect(formatLondonDateTime(new Date("2026-07-15T09:30:00Z"))).toBe("15 July 2026 at 10:30");
  });

  it("puts a late-evening UTC time on the next UK day in summer", () => {
    expect(formatLondonDate(new Date("2026-06-30T23:30:00Z"))).toBe("1 Jul 2026");
  });

  it("finds the instant a UK day begins: midnight GMT in winter, 23:00 UTC the day before in summer", () => {
    expect(londonMidnight("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(londonMidnight("2026-07-15").toISOString()).toBe("2026-07-14T23:00:00.000Z");
    expect(formatLondonDateTime(londonMidnight("2026-07-15"))).toBe("15 July 2026 at 00:00");
  });
});

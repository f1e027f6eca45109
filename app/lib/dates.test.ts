import { describe, expect, it } from "vitest";
import { formatLondonDate, formatLondonDateTime } from "./dates";

describe("UK dates", () => {
  it("shows GMT in winter and BST in summer", () => {
    expect(formatLondonDateTime(new Date("2026-01-15T09:30:00Z"))).toBe("15 January 2026 at 09:30");
    expect(formatLondonDateTime(new Date("2026-07-15T09:30:00Z"))).toBe("15 July 2026 at 10:30");
  });

  it("puts a late-evening UTC time on the next UK day in summer", () => {
    expect(formatLondonDate(new Date("2026-06-30T23:30:00Z"))).toBe("1 Jul 2026");
  });
});

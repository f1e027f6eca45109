import { describe, expect, it } from "vitest";
import { underOfferLabel } from "./under-offer";

describe("underOfferLabel", () => {
  it("dates the offer by the UK day, not the UTC one", () => {
    expect(underOfferLabel(new Date("2026-06-03T12:00:00Z"))).toBe("Under offer since 3 Jun 2026");
    // 23:30 UTC on 3 June is 00:30 on 4 June in London (BST).
    expect(underOfferLabel(new Date("2026-06-03T23:30:00Z"))).toBe("Under offer since 4 Jun 2026");
  });
});

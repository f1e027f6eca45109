import { describe, expect, it } from "vitest";
import { probesEachBusiness } from "./hours.server";

describe("probesEachBusiness", () => {
  it("tests businesses one by one when many are open, as on a Friday evening", () => {
    // 50,744 of 100,000 open: a page of 24 takes about 47 tests.
    expect(probesEachBusiness(50_744, 100_000, 24)).toBe(true);
    // Page 10 still reads only some 480 businesses.
    expect(probesEachBusiness(50_744, 100_000, 240)).toBe(true);
  });

  it("hashes the open ones when few are open, as in the small hours", () => {
    // 500 open: a page would test some 4,800 businesses, where hashing 500 ids is cheap.
    expect(probesEachBusiness(500, 100_000, 24)).toBe(false);
    // Deep pages read far into the directory even when many are open.
    expect(probesEachBusiness(50_744, 100_000, 24 * 100)).toBe(false);
  });

  it("hashes when there is no estimate of the businesses, or none are open", () => {
    expect(probesEachBusiness(10_000, -1, 24)).toBe(false);
    expect(probesEachBusiness(10_000, 0, 24)).toBe(false);
    expect(probesEachBusiness(0, 100_000, 24)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { savedSearchSummary } from "./search-summary";

describe("savedSearchSummary", () => {
  it("says what a search matches under a name that does not say it", () => {
    expect(savedSearchSummary("All categories", "All businesses for sale")).toBe("All businesses for sale");
    expect(savedSearchSummary("Cafes near home", "Food & Beverage, in Newport, up to £50,000")).toBe(
      "Food & Beverage, in Newport, up to £50,000",
    );
  });
  it("says nothing more when the name is already what the search matches, whatever its case and spaces", () => {
    expect(savedSearchSummary("All businesses for sale", "All businesses for sale")).toBeNull();
    expect(savedSearchSummary(" food & beverage in leeds ", "Food & Beverage in Leeds")).toBeNull();
  });
});

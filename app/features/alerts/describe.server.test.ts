import { describe, expect, it } from "vitest";
import { describeSearch } from "./describe.server";

describe("a saved search in words (the name /buy suggests)", () => {
  it("never says 'All categories'", () => {
    expect(describeSearch("")).toBe("All businesses for sale");
    expect(describeSearch("location=Leeds")).toBe("Businesses in Leeds");
    expect(describeSearch("search=kebab")).toBe("Businesses matching “kebab”");
  });

  it("says what, matching which words and where, then the figures", () => {
    expect(describeSearch("category=food")).toBe("Food & Beverage");
    expect(describeSearch("category=food&search=cafe&location=Newport&near=NP44&radius=1")).toBe(
      "Food & Beverage matching “cafe” in Newport within 1 mile of NP44",
    );
    expect(describeSearch("min-price=20000&tenure=leasehold&under-offer=hide")).toBe(
      "Businesses, from £20,000, Leasehold, not under offer",
    );
    expect(describeSearch("category=food&new=week&reduced=yes")).toBe("Food & Beverage, new this week, price reduced");
    expect(describeSearch("accepts=staged&accepts=deferred")).toBe(
      "Businesses, accepting deferred payment, no interest or staged payments",
    );
  });
});

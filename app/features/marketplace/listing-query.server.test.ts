import { describe, expect, it } from "vitest";
import { countListingFilters, parseListingQuery } from "./listing-query.server";

const count = (query: string, nearApplied = false) =>
  countListingFilters(parseListingQuery(new URLSearchParams(query)), nearApplied);

describe("the number /buy's 'Filters (n)' shows", () => {
  it("is none for the search box and the sort alone", () => {
    expect(count("")).toBe(0);
    expect(count("search=kebab&sort=price-asc&page=2")).toBe(0);
  });

  it("counts the category, the town, the place searched near and each key fact", () => {
    expect(count("category=food&location=Cwmbran")).toBe(2);
    expect(count("location=Cwmbran", true)).toBe(2);
    expect(
      count(
        "min-price=20000&max-price=90000&min-turnover=1&min-profit=1&tenure=leasehold&min-lease-years=0" +
          "&accommodation=yes&relocatable=yes&under-offer=hide&new=week&reduced=yes",
      ),
    ).toBe(11);
    // The payment terms ticked are one filter, "Accepts" (decision 0085).
    expect(count("accepts=deferred&accepts=staged")).toBe(1);
  });

  it("does not count what /buy could not use", () => {
    expect(
      count("category=cars&min-price=lots&tenure=forever&accommodation=maybe&new=yes&reduced=1&accepts=interest"),
    ).toBe(0);
    expect(count("min-price=50000&max-price=10000")).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { countDirectoryFilters, parseDirectoryQuery } from "./directory-query.server";

const count = (query: string, nearApplied = false) =>
  countDirectoryFilters(parseDirectoryQuery(new URLSearchParams(query)), nearApplied);

describe("the number the directory's 'Filters (n)' shows", () => {
  it("is none for the name search and the category tabs, which show themselves", () => {
    expect(count("search=grill&category=food")).toBe(0);
  });

  it("counts the town, the place searched near and each halal and opening filter", () => {
    expect(count("location=Newport", true)).toBe(2);
    expect(count("halal=fully&certified=yes&certifier=hmc&alcohol=none&open=now")).toBe(5);
  });

  it("does not count a filter it left out", () => {
    expect(count("certifier=nobody&open=later")).toBe(0);
  });
});

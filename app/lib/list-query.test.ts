import { describe, expect, it } from "vitest";
import { parseDirectoryQuery } from "~/features/directory/directory-query.server";
import { parseListingQuery } from "~/features/marketplace/listing-query.server";
import { withParams } from "./list-query";

describe("list query strings", () => {
  it("reads the parameters of /buy", () => {
    expect(
      parseListingQuery(new URLSearchParams("search=%20cafe%20&category=food&location=Newport&sort=price-asc&page=2")),
    ).toEqual({
      search: "cafe",
      category: "food",
      location: "Newport",
      sort: "price-asc",
      page: 2,
    });
  });

  it("falls back to defaults instead of failing", () => {
    expect(parseListingQuery(new URLSearchParams("category=x&sort=y&page=0&search=" + "a".repeat(101)))).toEqual({
      search: undefined,
      category: undefined,
      location: undefined,
      sort: undefined,
      page: 1,
    });
    expect(parseDirectoryQuery(new URLSearchParams("location=%00%01&search=a%00b"))).toEqual({
      search: "a b",
      location: undefined,
      category: undefined,
      page: 1,
      filters: {},
      filterNotices: [],
    });
  });

  it("reads the directory's halal and hours filters, and says which it could not use", () => {
    expect(
      parseDirectoryQuery(new URLSearchParams("halal=fully&certified=yes&certifier=hmc&alcohol=none&open=now")),
    ).toMatchObject({ filters: { halal: "fully", certified: "yes", certifier: "hmc", alcohol: "none", open: "now" } });
    const bad = parseDirectoryQuery(new URLSearchParams("certifier=nobody&open=later&halal="));
    expect(bad.filters).toEqual({});
    expect(bad.filterNotices).toEqual([
      "We do not know that certifier, so the certifier filter was left out.",
      "The opening filter can only be 'open now', so it was left out.",
    ]);
  });

  it("builds page links that keep the other parameters", () => {
    const params = new URLSearchParams("search=cafe&page=3");
    expect(withParams(params, { page: 4 })).toBe("?search=cafe&page=4");
    expect(withParams(params, { page: 1 })).toBe("?search=cafe");
    expect(withParams(params, { search: undefined, page: undefined })).toBe("?");
  });
});

import { describe, expect, it } from "vitest";
import { listingSlugFromPath } from "./listing-views.server";

describe("which answers are views of a listing", () => {
  it("its page and the data a client-side navigation to it fetches", () => {
    expect(listingSlugFromPath("/buy/grill-leeds")).toBe("grill-leeds");
    expect(listingSlugFromPath("/buy/grill-leeds.data")).toBe("grill-leeds");
    expect(listingSlugFromPath("/buy/caf%C3%A9")).toBe("café");
  });

  it("not the list, saving a listing, other pages or a malformed address", () => {
    for (const path of ["/buy", "/buy.data", "/buy/", "/buy/grill/save", "/", "/directory/grill", "/buy/%E0%A4%A"]) {
      expect(listingSlugFromPath(path), path).toBeUndefined();
    }
  });
});

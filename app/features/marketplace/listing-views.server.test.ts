import { describe, expect, it } from "vitest";
import { businessSlugFromPath, listingSlugFromPath } from "./listing-views.server";

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

describe("which answers are views of a directory business (decision 0036)", () => {
  it("its page and its data, not favouriting, claiming or a listing", () => {
    expect(businessSlugFromPath("/halal-network-space/grill-leeds")).toBe("grill-leeds");
    expect(businessSlugFromPath("/halal-network-space/grill-leeds.data")).toBe("grill-leeds");
    for (const path of [
      "/halal-network-space",
      "/halal-network-space/grill-leeds/favourite",
      "/halal-network-space/grill-leeds/claim",
      "/buy/grill-leeds",
    ]) {
      expect(businessSlugFromPath(path), path).toBeUndefined();
    }
  });
});

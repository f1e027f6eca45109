import { describe, expect, it } from "vitest";
import { directionsHref, mapsSearchHref, refererPath, safeRedirectPath, safeWebsite } from "./links";

describe("safeWebsite", () => {
  it("keeps http and https addresses", () => {
    expect(safeWebsite("https://shop.example.com")).toBe("https://shop.example.com/");
    expect(safeWebsite("http://shop.example.com/a?b=1")).toBe("http://shop.example.com/a?b=1");
  });
  it("drops anything else", () => {
    expect(safeWebsite("javascript:alert(1)")).toBeNull();
    expect(safeWebsite("data:text/html,hi")).toBeNull();
    expect(safeWebsite("not a url")).toBeNull();
    expect(safeWebsite(null)).toBeNull();
  });
});

describe("mapsSearchHref", () => {
  it("encodes the address as the query", () => {
    expect(mapsSearchHref("5 Victoria Street, Cwmbran NP44 3JS")).toBe(
      "https://www.google.com/maps/search/?api=1&query=5%20Victoria%20Street%2C%20Cwmbran%20NP44%203JS",
    );
  });
});

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/buy?search=cafe")).toBe("/buy?search=cafe");
  });
  it("refuses anything that leaves the site", () => {
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath("//evil.example")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(undefined)).toBe("/");
  });
  it("percent-encodes what a Location header cannot carry (characters above U+00FF)", () => {
    expect(safeRedirectPath("/。evil")).toBe("/%E3%80%82evil");
    expect(safeRedirectPath("/😀?q=café#top")).toBe("/%F0%9F%98%80?q=caf%C3%A9#top");
    // Made safe once, it is kept as it is.
    expect(safeRedirectPath("/%F0%9F%98%80")).toBe("/%F0%9F%98%80");
  });
  it("refuses control characters, which would split the Location header", () => {
    expect(safeRedirectPath("/buy\r\nSet-Cookie: a=b")).toBe("/");
    expect(safeRedirectPath("/buy\u0000")).toBe("/");
  });
});

describe("refererPath", () => {
  const from = (referer?: string) =>
    refererPath(new Request("https://hbs.example/logout", { headers: referer ? { referer } : {} }));

  it("goes back to a page of this site, with its query", () => {
    expect(from("https://hbs.example/buy?sort=latest")).toBe("/buy?sort=latest");
  });

  it("never goes to another site, or to nowhere", () => {
    expect(from("https://evil.example/buy")).toBe("/");
    expect(from("not a url")).toBe("/");
    expect(from()).toBe("/");
  });
});

describe("directionsHref", () => {
  it("goes to a position, or to an address", () => {
    expect(directionsHref({ latitude: 51.5842, longitude: -2.9977 })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=51.5842%2C-2.9977",
    );
    expect(directionsHref("5 Victoria Street, Cwmbran NP44 3JS")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=5%20Victoria%20Street%2C%20Cwmbran%20NP44%203JS",
    );
  });
});

import { describe, expect, it } from "vitest";
import { PRIVATE_CACHING, PUBLIC_CACHING, setPageCaching } from "./http-cache.server";

function cachingOf(path: string, { cookie = "", status = 200, method = "GET", headers = new Headers() } = {}) {
  const request = new Request(`https://hbs.example${path}`, { method, headers: cookie ? { cookie } : {} });
  setPageCaching(request, status, headers);
  return headers.get("cache-control");
}

describe("setPageCaching", () => {
  it("lets the public pages be kept for a visitor, varying by cookie", () => {
    for (const path of [
      "/",
      "/buy",
      "/buy/corner-cafe",
      "/halal-network-space?search=dental",
      "/packages/starter",
      "/_root.data",
      "/buy.data",
    ]) {
      expect(cachingOf(path), path).toBe(PUBLIC_CACHING);
    }
    const headers = new Headers();
    setPageCaching(new Request("https://hbs.example/"), 200, headers);
    expect(headers.get("vary")).toBe("Cookie");
    // The banner's and the location's cookies are not personal: the page still may be kept.
    expect(cachingOf("/buy", { cookie: "cookie-consent=accepted; user-location=51.5,-3.0" })).toBe(PUBLIC_CACHING);
  });

  it("keeps nothing that is someone's own, or not a plain page", () => {
    expect(cachingOf("/", { cookie: "__Secure-hbs.session_token=abc" })).toBe(PRIVATE_CACHING);
    expect(cachingOf("/", { cookie: "hbs.session_token=abc" })).toBe(PRIVATE_CACHING);
    expect(cachingOf("/buy", { cookie: "__Host-hbs_toast=abc" })).toBe(PRIVATE_CACHING);
    for (const path of [
      "/my-account",
      "/saved-listings",
      "/admin",
      "/auth",
      "/reset-password?token=t",
      "/my-queries.data",
    ]) {
      expect(cachingOf(path), path).toBe(PRIVATE_CACHING);
    }
    expect(cachingOf("/buy/gone", { status: 410 })).toBe(PRIVATE_CACHING);
    expect(cachingOf("/contact", { method: "POST" })).toBe(PRIVATE_CACHING);
    expect(cachingOf("/", { headers: new Headers({ "set-cookie": "a=b" }) })).toBe(PRIVATE_CACHING);
  });

  it("leaves a route's own choice alone", () => {
    expect(cachingOf("/", { headers: new Headers({ "cache-control": "no-cache" }) })).toBe("no-cache");
  });
});

import { describe, expect, it } from "vitest";
import { isCrossSiteExempt, isCrossSiteRequest } from "./cross-site.server";

const site = "https://hbs.example";
const post = (headers: { fetchSite?: string; origin?: string }, method = "POST") =>
  isCrossSiteRequest({ method, ...headers }, site);

describe("isCrossSiteRequest", () => {
  it("refuses a post another site made, by Sec-Fetch-Site or by Origin", () => {
    expect(post({ fetchSite: "cross-site" })).toBe(true);
    expect(post({ fetchSite: "same-site", origin: "https://shop.hbs.example" })).toBe(true);
    expect(post({ origin: "https://evil.example" })).toBe(true);
    expect(post({ origin: "null" })).toBe(true);
    expect(post({ origin: "http://hbs.example" })).toBe(true);
  });

  it("accepts the site's own posts, safe methods, and clients that are not browsers", () => {
    expect(post({ fetchSite: "same-origin", origin: site })).toBe(false);
    expect(post({ origin: site })).toBe(false);
    expect(post({})).toBe(false);
    expect(post({ fetchSite: "cross-site" }, "GET")).toBe(false);
  });

  it("exempts only an alert's unsubscribe link, which mail programs post to (RFC 8058)", () => {
    expect(isCrossSiteExempt("/alerts/unsubscribe/12.abc")).toBe(true);
    expect(isCrossSiteExempt("/alerts/unsubscribe/12.abc.data")).toBe(true);
    for (const path of [
      "/my-searches",
      "/alerts/unsubscribe",
      "/alerts/unsubscribe/1/x",
      "/buy",
      "/x/alerts/unsubscribe/1",
    ]) {
      expect(isCrossSiteExempt(path), path).toBe(false);
    }
  });
});

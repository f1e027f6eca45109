import { describe, expect, it } from "vitest";
import { isAddressAt, websiteDomain } from "./claim-domain";

describe("websiteDomain", () => {
  it("is the website's host without www.", () => {
    expect(websiteDomain("https://www.Grill-House.co.uk/menu?x=1")).toBe("grill-house.co.uk");
    expect(websiteDomain("http://shop.example.com")).toBe("shop.example.com");
  });

  it("keeps a shared host's subdomain, so nobody else at the host can claim it", () => {
    expect(websiteDomain("https://mycafe.wixsite.com/home")).toBe("mycafe.wixsite.com");
  });

  it("is null without a usable web address", () => {
    expect(websiteDomain(null)).toBeNull();
    expect(websiteDomain("not a url")).toBeNull();
    expect(websiteDomain("http://192.0.2.1/")).toBeNull();
    expect(websiteDomain("http://localhost:3000/")).toBeNull();
  });
});

describe("isAddressAt", () => {
  it("takes only addresses at exactly that domain", () => {
    expect(isAddressAt("Owner@Grill-House.co.uk", "grill-house.co.uk")).toBe(true);
    expect(isAddressAt("owner@evil-grill-house.co.uk", "grill-house.co.uk")).toBe(false);
    expect(isAddressAt("owner@grill-house.co.uk.evil.com", "grill-house.co.uk")).toBe(false);
    expect(isAddressAt("owner@mail.grill-house.co.uk", "grill-house.co.uk")).toBe(false);
    expect(isAddressAt("grill-house.co.uk", "grill-house.co.uk")).toBe(false);
  });
});

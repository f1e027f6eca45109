import { describe, expect, it } from "vitest";
import { redirectInside, redirectOutside } from "./redirects.server";

describe("redirectInside", () => {
  // "Cannot convert argument to a ByteString" was a 500 on sign-in, the consent banner and the toggles.
  it.each(["/\u3002evil", "/😀", "/buy/caf\u00e9-ñ"])("answers a redirect for %s, its Location all bytes", (path) => {
    const location = redirectInside(path).headers.get("location")!;
    expect(location).toMatch(/^\/[\x21-\x7e]*$/);
    expect(decodeURIComponent(location)).toBe(path);
  });
  it("never leaves the site", () => {
    for (const path of ["https://evil.example", "//evil.example", "/\\evil.example", "/\r\nSet-Cookie: a=b"]) {
      expect(redirectInside(path).headers.get("location")).toBe("/");
    }
    expect(redirectInside("//evil.example", 302, "/buy").headers.get("location")).toBe("/buy");
  });
});

describe("redirectOutside", () => {
  it("goes to the page another site gave us, percent-encoded", () => {
    const response = redirectOutside("https://checkout.stripe.com/c/pay/cs_test_1#fid\u00e9", 303);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://checkout.stripe.com/c/pay/cs_test_1#fid%C3%A9");
  });
});

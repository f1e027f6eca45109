import { describe, expect, it } from "vitest";
import { consentFromCookieHeader } from "./consent";

describe("consentFromCookieHeader", () => {
  it("reads a stored choice among other cookies", () => {
    expect(consentFromCookieHeader("a=1; cookie-consent=accepted; b=2")).toBe("accepted");
    expect(consentFromCookieHeader("cookie-consent=declined")).toBe("declined");
  });
  it("ignores a missing or unknown choice", () => {
    expect(consentFromCookieHeader(null)).toBeNull();
    expect(consentFromCookieHeader("cookie-consent=maybe")).toBeNull();
    expect(consentFromCookieHeader("other=accepted")).toBeNull();
  });
});

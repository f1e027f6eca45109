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

describe("a malformed consent cookie", () => {
  // A value that is not valid percent-encoding once made every page answer 500.
  it.each(["%", "%E0%A4%A", "%ZZ", "accepted%", "\u00e9"])("%s counts as no choice, and never throws", (value) => {
    expect(consentFromCookieHeader(`a=1; cookie-consent=${value}; b=2`)).toBeNull();
  });
  it("still reads a choice beside another malformed cookie", () => {
    expect(consentFromCookieHeader("broken=%E0%A4%A; cookie-consent=accepted")).toBe("accepted");
  });
});

import { describe, expect, it } from "vitest";
import { totp } from "./totp";

describe("totp", () => {
  it("matches RFC 6238's SHA-1 test vector", () => {
    // The RFC's key "12345678901234567890", base32-encoded; its 8-digit code at 59 s is 94287082.
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 0, 59_000)).toBe("287082");
  });
});

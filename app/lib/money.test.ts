import { describe, expect, it } from "vitest";
import { formatPence } from "./money";

describe("formatPence", () => {
  it("shows whole pounds without pence", () => {
    expect(formatPence(45_000_00)).toBe("£45,000");
    expect(formatPence(778_00)).toBe("£778");
  });
  it("shows pence when there are any", () => {
    expect(formatPence(39_99)).toBe("£39.99");
    expect(formatPence(199_99)).toBe("£199.99");
    expect(formatPence(1_05)).toBe("£1.05");
  });
});

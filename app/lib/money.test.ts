import { describe, expect, it } from "vitest";
import { formatPence, typedPence } from "./money";

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

describe("typedPence", () => {
  it("reads pounds as people type them", () => {
    expect(typedPence("45000")).toBe(45_000_00);
    expect(typedPence("£45,000")).toBe(45_000_00);
    expect(typedPence(" 45 000.5 ")).toBe(45_000_50);
  });
  it("is null for what is not an amount", () => {
    expect(typedPence("")).toBeNull();
    expect(typedPence("lots")).toBeNull();
    expect(typedPence("-500")).toBeNull();
    expect(typedPence("1.234")).toBeNull();
    expect(typedPence(undefined)).toBeNull();
  });
});

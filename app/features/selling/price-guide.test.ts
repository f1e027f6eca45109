import { describe, expect, it } from "vitest";
import {
  askingPosition,
  estimatedPrices,
  formatMultiple,
  guideMultiple,
  hasGuide,
  roundEstimate,
  typedPence,
} from "./price-guide";

describe("guideMultiple", () => {
  it("is the quartiles of five listings or more", () => {
    expect(guideMultiple(5, [2, 3, 4])).toEqual({ lower: 2, median: 3, upper: 4, count: 5 });
  });
  it("is nothing below five listings, or without quartiles", () => {
    expect(guideMultiple(4, [2, 3, 4])).toBeNull();
    expect(guideMultiple(6, null)).toBeNull();
  });
  it("a guide with neither multiple has nothing to show", () => {
    expect(hasGuide({ profit: null, turnover: null })).toBe(false);
    expect(hasGuide(undefined)).toBe(false);
    expect(hasGuide({ profit: null, turnover: { lower: 0.5, median: 0.6, upper: 0.7, count: 5 } })).toBe(true);
  });
});

describe("the figures shown", () => {
  it("multiples to one decimal, two below one", () => {
    expect(formatMultiple(2.94)).toBe("2.9×");
    expect(formatMultiple(0.456)).toBe("0.46×");
  });
  it("estimates to £1,000, or £100 below £10,000", () => {
    expect(roundEstimate(116_499_00)).toBe(116_000_00);
    expect(roundEstimate(116_500_00)).toBe(117_000_00);
    expect(roundEstimate(8_449_00)).toBe(8_400_00);
  });
  it("prices from a figure at the median and each end of the middle half", () => {
    expect(estimatedPrices({ lower: 2.3, median: 2.9, upper: 3.6, count: 8 }, 40_000_00)).toEqual({
      low: 92_000_00,
      median: 116_000_00,
      high: 144_000_00,
    });
  });
});

describe("askingPosition", () => {
  const multiple = { lower: 2, median: 3, upper: 4, count: 9 };
  it("places the listing's own multiple against the middle half, its ends within", () => {
    expect(askingPosition(150_000_00, 100_000_00, multiple)).toEqual({ own: 1.5, position: "below" });
    expect(askingPosition(200_000_00, 100_000_00, multiple).position).toBe("within");
    expect(askingPosition(400_000_00, 100_000_00, multiple).position).toBe("within");
    expect(askingPosition(450_000_00, 100_000_00, multiple)).toEqual({ own: 4.5, position: "above" });
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

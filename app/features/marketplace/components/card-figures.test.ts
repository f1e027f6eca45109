import { describe, expect, it } from "vitest";
import { cardFigures } from "./card-figures";

describe("the figures on a listing's card", () => {
  it("are the turnover, net profit and tenure, in pounds and words", () => {
    expect(cardFigures({ annualRevenuePence: 250_000_00, netProfitPence: 18_000_00, tenure: "no_premises" })).toEqual([
      { label: "Turnover", value: "£250,000" },
      { label: "Net profit", value: "£18,000" },
      { label: "Tenure", value: "No premises" },
    ]);
  });

  it("leave out what the seller did not give, or a confidential listing hides", () => {
    expect(cardFigures({ annualRevenuePence: null, netProfitPence: 18_000_00, tenure: null })).toEqual([
      { label: "Net profit", value: "£18,000" },
    ]);
    expect(cardFigures({ annualRevenuePence: null, netProfitPence: null, tenure: null })).toEqual([]);
  });
});

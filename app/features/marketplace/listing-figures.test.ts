import { describe, expect, it } from "vitest";
import { keyFactRows, type ListingFacts } from "./listing-facts";
import { priceMultiple, rentShare, weeklyTakingsPence } from "./listing-figures";

describe("the figures a buyer works out", () => {
  it("weekly takings are the annual turnover over 52 weeks, to the penny", () => {
    expect(weeklyTakingsPence(520_000_00)).toBe(10_000_00);
    expect(weeklyTakingsPence(100_000_00)).toBe(192_308);
  });

  it("rent is a percentage of turnover, and has none without turnover", () => {
    expect(rentShare(12_000_00, 120_000_00)).toBe(10);
    expect(rentShare(12_000_00, 0)).toBeNull();
  });

  it("the price multiple needs a profit", () => {
    expect(priceMultiple(90_000_00, 30_000_00)).toBe(3);
    expect(priceMultiple(90_000_00, 0)).toBeNull();
    expect(priceMultiple(90_000_00, -5_000_00)).toBeNull();
  });
});

const none: ListingFacts = {
  askingPricePence: 90_000_00,
  annualRevenuePence: null,
  tenure: null,
  annualRentPence: null,
  leaseYearsRemaining: null,
  leaseType: null,
  netProfitPence: null,
  staffFullTime: null,
  staffPartTime: null,
  stockValuePence: null,
  rateableValuePence: null,
  yearEstablished: null,
  reasonForSale: null,
  tradingHours: null,
  accommodationIncluded: null,
  accommodationDescription: null,
  relocatable: null,
  halalCertifier: null,
  halalStatus: null,
  alcoholLicence: null,
  paymentTerms: [],
};

describe("the Key facts table", () => {
  it("says only that the payment terms are not stated when the seller gave no facts", () => {
    expect(keyFactRows(none)).toEqual([{ label: "Payment terms", value: "Not stated" }]);
  });

  it("shows the facts given, in words, and the derived figures", () => {
    const rows = keyFactRows({
      ...none,
      annualRevenuePence: 156_000_00,
      annualRentPence: 15_600_00,
      netProfitPence: 30_000_00,
      tenure: "leasehold",
      leaseYearsRemaining: 1,
      staffFullTime: 2,
      accommodationIncluded: true,
      accommodationDescription: "Two-bedroom flat above",
      relocatable: false,
      paymentTerms: ["full", "shariah_finance"],
    });
    expect(Object.fromEntries(rows.map((r) => [r.label, r.value]))).toEqual({
      Tenure: "Leasehold",
      "Annual rent": "£15,600",
      "Lease remaining": "1 year",
      "Net profit per year": "£30,000",
      Staff: "2 full-time",
      Accommodation: "Yes: Two-bedroom flat above",
      Relocatable: "No",
      "Payment terms": "Payment in full; Shariah-compliant finance",
      "Weekly takings (turnover ÷ 52)": "£3,000",
      "Rent as a share of turnover": "10.0%",
      "Asking price ÷ net profit": "3.0×",
    });
  });

  it("gives no multiple for a loss and no share without turnover", () => {
    const labels = keyFactRows({
      ...none,
      netProfitPence: -1_000_00,
      annualRentPence: 10_000_00,
    }).map((r) => r.label);
    expect(labels).toEqual(["Annual rent", "Net profit per year", "Payment terms"]);
  });
});

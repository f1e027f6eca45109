import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { factColumns } from "./sell-schema";
import { listingSubmissionSchema } from "./sell-submission-schema";

const valid = {
  businessName: "Cardiff Grill",
  category: "food",
  location: "Cardiff",
  askingPrice: "45000",
  annualRevenue: "120000",
  description: "A busy grill.",
  contactName: "Yusuf Ali",
  contactEmail: "yusuf@example.com",
  contactPhone: "+44 1632 960 002",
};

function parse(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return parseWithZod(data, { schema: listingSubmissionSchema });
}

const errorsOf = (values: Record<string, string>) => {
  const result = parse(values);
  return result.status === "error" ? result.error : null;
};

describe("the key facts on /sell", () => {
  it("are all optional: the spec's fields alone are a whole submission, with no facts", () => {
    const result = parse(valid);
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    const { paymentTerms, ...facts } = factColumns(result.value);
    expect(Object.values(facts).every((v) => v === null)).toBe(true);
    expect(paymentTerms).toEqual([]);
  });

  it("keeps the payment terms ticked, one or several, in their one order, and drops unknown ones", () => {
    const ticked = (terms: string[]) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(valid)) data.append(name, value);
      for (const term of terms) data.append("paymentTerms", term);
      const result = parseWithZod(data, { schema: listingSubmissionSchema });
      return result.status === "success" ? factColumns(result.value).paymentTerms : null;
    };
    expect(ticked(["deferred"])).toEqual(["deferred"]);
    expect(ticked(["shariah_finance", "interest", "full"])).toEqual(["full", "shariah_finance"]);
  });

  it("turns pounds into pence, yes and no into booleans, and counts into numbers", () => {
    const result = parse({
      ...valid,
      tenure: "leasehold",
      annualRent: "£12,000",
      leaseYearsRemaining: " 15 ",
      leaseType: "assignment",
      netProfit: "30000.50",
      staffFullTime: "2",
      staffPartTime: "0",
      stockValue: "5000",
      rateableValue: "8,250",
      yearEstablished: "2012",
      accommodationIncluded: "yes",
      accommodationDescription: "Flat above",
      relocatable: "no",
      halalStatus: "fully_halal",
      halalCertifier: "HMC",
      alcoholLicence: "no",
    });
    expect(result.status === "success" && factColumns(result.value)).toMatchObject({
      tenure: "leasehold",
      annualRentPence: 1_200_000,
      leaseYearsRemaining: 15,
      leaseType: "assignment",
      netProfitPence: 3_000_050,
      staffFullTime: 2,
      staffPartTime: 0,
      stockValuePence: 500_000,
      rateableValuePence: 825_000,
      yearEstablished: 2012,
      accommodationIncluded: true,
      accommodationDescription: "Flat above",
      relocatable: false,
      halalStatus: "fully_halal",
      halalCertifier: "HMC",
      alcoholLicence: false,
    });
  });

  it("says under each field what is wrong with it", () => {
    const result = parse({
      ...valid,
      tenure: "castle",
      annualRent: "lots",
      leaseYearsRemaining: "1000",
      netProfit: "-5",
      staffFullTime: "2.5",
      yearEstablished: String(new Date().getFullYear() + 1),
      relocatable: "maybe",
      reasonForSale: "x".repeat(301),
    });
    expect(result.status === "error" && result.error).toEqual({
      tenure: ["Please choose a tenure"],
      annualRent: ["Annual rent must be a number"],
      leaseYearsRemaining: ["Lease years remaining must be between 0 and 999"],
      netProfit: ["Net profit cannot be negative"],
      staffFullTime: ["Full-time staff must be a whole number"],
      yearEstablished: ["Year established cannot be in the future"],
      relocatable: ["Please choose yes or no"],
      reasonForSale: ["Reason for sale must be less than 300 characters"],
    });
    // A negative amount is a number: the message says what is wrong with it (issue #50).
    for (const annualRent of ["-500", "−500", "-£500", "£-1,200.50"]) {
      expect(errorsOf({ ...valid, annualRent })).toEqual({ annualRent: ["Annual rent cannot be negative"] });
    }
    expect(errorsOf({ ...valid, annualRent: "-lots" })).toEqual({ annualRent: ["Annual rent must be a number"] });
    expect(errorsOf({ ...valid, yearEstablished: "1700" })).toEqual({
      yearEstablished: ["Year established must be 1800 or later"],
    });
    expect(errorsOf({ ...valid, yearEstablished: "12" })).toEqual({
      yearEstablished: ["Year established must be a year, like 2012"],
    });
  });
});

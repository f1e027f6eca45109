import { describe, expect, it } from "vitest";
import { calculate, deferredPaymentSchedule } from "./deferred-payment";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const query = (fields: Record<string, string>) => new URLSearchParams({ calc: "1", ...fields });

describe("the calculator's schedule", () => {
  it("pays the price and the fixed profit, no more, in equal instalments", () => {
    const schedule = deferredPaymentSchedule(120_000_00, 20_000_00, 6_000_00, 24);
    expect(schedule.financedPence).toBe(100_000_00);
    expect(schedule.totalPence).toBe(126_000_00);
    expect(schedule.instalmentPence).toBe(4_416_66);
    expect(schedule.depositPence + sum(schedule.months.map((m) => m.instalmentPence))).toBe(schedule.totalPence);
    expect(schedule.months.at(-1)).toEqual({
      month: 24,
      instalmentPence: schedule.lastInstalmentPence,
      leftToPayPence: 0,
    });
  });

  it("gives the pence left over by rounding to the last instalment", () => {
    const schedule = deferredPaymentSchedule(100_00, 0, 0, 3);
    expect(schedule.months.map((m) => m.instalmentPence)).toEqual([33_33, 33_33, 33_34]);
    expect(schedule.months.map((m) => m.leftToPayPence)).toEqual([66_67, 33_34, 0]);
  });

  it("in one month is the whole amount", () => {
    const schedule = deferredPaymentSchedule(50_000_00, 10_000_00, 2_500_00, 1);
    expect(schedule.months).toEqual([{ month: 1, instalmentPence: 42_500_00, leftToPayPence: 0 }]);
  });

  it("with the deposit the whole price leaves only the profit to pay", () => {
    const schedule = deferredPaymentSchedule(50_000_00, 50_000_00, 1_200_00, 12);
    expect(schedule.financedPence).toBe(0);
    expect(schedule.months.every((m) => m.instalmentPence === 100_00)).toBe(true);
  });
});

describe("the calculator's form", () => {
  it("starts with the asking price, or empty when it is hidden, and works nothing out until sent", () => {
    expect(calculate(new URLSearchParams(), 45_000_00)).toMatchObject({ typed: { price: "45000" }, schedule: null });
    expect(calculate(new URLSearchParams(), null).typed.price).toBe("");
  });

  it("reads amounts as typed in pounds, an empty deposit or profit as none", () => {
    const { schedule, errors } = calculate(query({ price: "£12,000.50", months: "12" }), null);
    expect(errors).toEqual({});
    expect(schedule).toMatchObject({ pricePence: 12_000_50, depositPence: 0, profitPence: 0, totalPence: 12_000_50 });
  });

  it("says what is wrong with each field", () => {
    expect(calculate(query({ price: "", deposit: "-5", profit: "lots", months: "0" }), null).errors).toEqual({
      price: "Price is required",
      deposit: "Deposit cannot be negative",
      profit: "Fixed profit must be a number",
      months: "Months must be a whole number from 1 to 120",
    });
    expect(calculate(query({ price: "1000", months: "121" }), null).errors).toEqual({
      months: "Months must be a whole number from 1 to 120",
    });
    expect(calculate(query({ price: "1000", months: "1.5" }), null).errors.months).toBeDefined();
    expect(calculate(query({ price: "1000", deposit: "1000.01", months: "12" }), null)).toMatchObject({
      errors: { deposit: "Deposit cannot be more than the price" },
      schedule: null,
    });
    expect(calculate(query({ price: "30000000", months: "12" }), null).errors.price).toBe(
      "Price must be no more than £20,000,000",
    );
  });
});

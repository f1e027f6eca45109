// The buyer's calculator on a listing's page (decision 0085): a price paid
// later in equal monthly instalments, with a profit fixed when the price is
// agreed and no interest. Worked out on the server from the page's query, so
// that it works without JavaScript; every amount is integer pence.
import { pounds } from "~/lib/forms/fields";

export const MAX_MONTHS = 120;

/** The calculator's fields, as the form names them in the page's query. */
export const calculatorFields = ["price", "deposit", "profit", "months"] as const;
export type CalculatorField = (typeof calculatorFields)[number];

export interface Schedule {
  pricePence: number;
  depositPence: number;
  profitPence: number;
  /** The price less the deposit. */
  financedPence: number;
  /** The price and the fixed profit: what the buyer pays in all, the deposit included. */
  totalPence: number;
  /** Each month's instalment but the last, which takes the pence left over so the schedule sums to the total. */
  instalmentPence: number;
  lastInstalmentPence: number;
  months: { month: number; instalmentPence: number; leftToPayPence: number }[];
}

/**
 * The schedule: what is left after the deposit, plus the fixed profit, in
 * equal whole-pence instalments rounded down, the last taking the remainder.
 */
export function deferredPaymentSchedule(
  pricePence: number,
  depositPence: number,
  profitPence: number,
  count: number,
): Schedule {
  const totalPence = pricePence + profitPence;
  const toPay = totalPence - depositPence;
  const instalmentPence = Math.floor(toPay / count);
  const lastInstalmentPence = toPay - instalmentPence * (count - 1);
  let left = toPay;
  const months = Array.from({ length: count }, (_, i) => {
    const paid = i === count - 1 ? lastInstalmentPence : instalmentPence;
    left -= paid;
    return { month: i + 1, instalmentPence: paid, leftToPayPence: left };
  });
  return {
    pricePence,
    depositPence,
    profitPence,
    financedPence: pricePence - depositPence,
    totalPence,
    instalmentPence,
    lastInstalmentPence,
    months,
  };
}

export interface Calculation {
  /** What was typed in each field, to show it again. */
  typed: Record<CalculatorField, string>;
  errors: Partial<Record<CalculatorField, string>>;
  schedule: Schedule | null;
}

const amount = (label: string, value: string, errors: Calculation["errors"], field: CalculatorField) => {
  const parsed = pounds(label).safeParse(value);
  if (parsed.success) return parsed.data;
  errors[field] = parsed.error.issues[0]!.message;
  return undefined;
};

/**
 * The calculator as the page's query asks for it: null until it is sent
 * (?calc=1), with the price starting at `pricePence` (null: the field starts
 * empty, as for a confidential listing's hidden price). An empty deposit or
 * profit is none.
 */
export function calculate(params: URLSearchParams, pricePence: number | null): Calculation {
  const sent = params.get("calc") === "1";
  // Long enough for any amount, short enough that a pasted essay does not come back in the page.
  const read = (field: CalculatorField) => (params.get(field) ?? "").trim().slice(0, 30);
  const typed: Record<CalculatorField, string> = {
    price: sent ? read("price") : pricePence === null ? "" : String(pricePence / 100),
    deposit: read("deposit"),
    profit: read("profit"),
    months: sent ? read("months") : "12",
  };
  if (!sent) return { typed, errors: {}, schedule: null };

  const errors: Calculation["errors"] = {};
  const price = amount("Price", typed.price, errors, "price");
  const deposit = typed.deposit ? amount("Deposit", typed.deposit, errors, "deposit") : 0;
  const profit = typed.profit ? amount("Fixed profit", typed.profit, errors, "profit") : 0;
  const months = /^\d{1,3}$/.test(typed.months) ? Number(typed.months) : NaN;
  if (!(months >= 1 && months <= MAX_MONTHS)) {
    errors.months = `Months must be a whole number from 1 to ${MAX_MONTHS}`;
  }
  if (price !== undefined && deposit !== undefined && deposit > price) {
    errors.deposit = "Deposit cannot be more than the price";
  }
  const ready = price !== undefined && deposit !== undefined && profit !== undefined;
  return {
    typed,
    errors,
    schedule: ready && !Object.keys(errors).length ? deferredPaymentSchedule(price, deposit, profit, months) : null,
  };
}

// The key facts' choices and labels, and the rows of a listing's Key facts
// table: plain data, safe for the browser (no schema library).
import { formatPence } from "~/lib/money";
import { priceMultiple, rentShare, weeklyTakingsPence } from "./listing-figures";

export const tenures = ["leasehold", "freehold", "no_premises"] as const;
export type Tenure = (typeof tenures)[number];
export const tenureLabels: Record<Tenure, string> = {
  leasehold: "Leasehold",
  freehold: "Freehold",
  no_premises: "No premises: home-based or online",
};

export const leaseTypes = ["new_lease", "assignment"] as const;
export const leaseTypeLabels: Record<(typeof leaseTypes)[number], string> = {
  new_lease: "New lease",
  assignment: "Assignment of the existing lease",
};

export const halalStatuses = ["fully_halal", "halal_options"] as const;
export const halalStatusLabels: Record<(typeof halalStatuses)[number], string> = {
  fully_halal: "Fully halal",
  halal_options: "Halal options",
};

// The payment terms a seller may accept (decision 0085), in the order they are shown and stored.
export const paymentTerms = ["full", "deferred", "staged", "shariah_finance"] as const;
export type PaymentTerm = (typeof paymentTerms)[number];
export const paymentTermLabels: Record<PaymentTerm, string> = {
  full: "Payment in full",
  deferred: "Deferred payment, no interest",
  staged: "Staged payments",
  shariah_finance: "Shariah-compliant finance",
};

/** Terms in their one order, once each: what is stored, and what a saved search keeps. */
export const inTermOrder = (terms: readonly string[]): PaymentTerm[] =>
  paymentTerms.filter((term) => terms.includes(term));

/** A listing's facts as its page reads them (pence, null when not said). */
export interface ListingFacts {
  // Null when a confidential listing keeps its price hidden (decision 0033).
  askingPricePence: number | null;
  annualRevenuePence: number | null;
  tenure: Tenure | null;
  annualRentPence: number | null;
  leaseYearsRemaining: number | null;
  leaseType: (typeof leaseTypes)[number] | null;
  netProfitPence: number | null;
  staffFullTime: number | null;
  staffPartTime: number | null;
  stockValuePence: number | null;
  rateableValuePence: number | null;
  yearEstablished: number | null;
  reasonForSale: string | null;
  tradingHours: string | null;
  accommodationIncluded: boolean | null;
  accommodationDescription: string | null;
  relocatable: boolean | null;
  halalCertifier: string | null;
  halalStatus: (typeof halalStatuses)[number] | null;
  alcoholLicence: boolean | null;
  paymentTerms: PaymentTerm[];
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function staff(full: number | null, part: number | null): string | null {
  if (full === null && part === null) return null;
  return [full === null ? null : `${full} full-time`, part === null ? null : `${part} part-time`]
    .filter(Boolean)
    .join(", ");
}

/**
 * The Key facts table: each fact the seller gave, then the figures a buyer
 * would work out by hand from them. Facts not given are left out.
 */
export function keyFactRows(facts: ListingFacts): { label: string; value: string }[] {
  const turnover = facts.annualRevenuePence;
  const weekly = turnover === null ? null : weeklyTakingsPence(turnover);
  const share = facts.annualRentPence === null || turnover === null ? null : rentShare(facts.annualRentPence, turnover);
  const multiple =
    facts.netProfitPence === null || facts.askingPricePence === null
      ? null
      : priceMultiple(facts.askingPricePence, facts.netProfitPence);
  const accommodation =
    facts.accommodationIncluded === null
      ? null
      : facts.accommodationIncluded && facts.accommodationDescription
        ? `Yes: ${facts.accommodationDescription}`
        : yesNo(facts.accommodationIncluded);
  const rows: [string, string | null][] = [
    ["Tenure", facts.tenure && tenureLabels[facts.tenure]],
    ["Annual rent", facts.annualRentPence === null ? null : formatPence(facts.annualRentPence)],
    ["Lease remaining", facts.leaseYearsRemaining === null ? null : count(facts.leaseYearsRemaining, "year")],
    ["Lease", facts.leaseType && leaseTypeLabels[facts.leaseType]],
    ["Net profit per year", facts.netProfitPence === null ? null : formatPence(facts.netProfitPence)],
    ["Staff", staff(facts.staffFullTime, facts.staffPartTime)],
    [
      "Stock at valuation",
      facts.stockValuePence === null ? null : `${formatPence(facts.stockValuePence)} on top of the asking price`,
    ],
    ["Rateable value", facts.rateableValuePence === null ? null : formatPence(facts.rateableValuePence)],
    ["Established", facts.yearEstablished === null ? null : String(facts.yearEstablished)],
    ["Trading hours", facts.tradingHours],
    ["Accommodation", accommodation],
    ["Relocatable", facts.relocatable === null ? null : yesNo(facts.relocatable)],
    ["Halal", facts.halalStatus && halalStatusLabels[facts.halalStatus]],
    ["Halal certifier", facts.halalCertifier],
    ["Alcohol licence", facts.alcoholLicence === null ? null : yesNo(facts.alcoholLicence)],
    ["Reason for sale", facts.reasonForSale],
    [
      "Payment terms",
      facts.paymentTerms.length ? facts.paymentTerms.map((term) => paymentTermLabels[term]).join("; ") : "Not stated",
    ],
    ["Weekly takings (turnover ÷ 52)", weekly === null ? null : formatPence(weekly)],
    ["Rent as a share of turnover", share === null ? null : `${share.toFixed(1)}%`],
    ["Asking price ÷ net profit", multiple === null ? null : `${multiple.toFixed(1)}×`],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null).map(([label, value]) => ({ label, value }));
}

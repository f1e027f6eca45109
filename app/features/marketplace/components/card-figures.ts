import { formatPence } from "~/lib/money";
import type { Tenure } from "../listing-facts";

// A tenure in a word or two, where a card has room for little more
// (listing-facts.ts has the words of a listing's page).
const tenureOnCard: Record<Tenure, string> = {
  leasehold: "Leasehold",
  freehold: "Freehold",
  no_premises: "No premises",
};

/**
 * The figures a buyer compares across cards (issue #50), those the seller
 * gave and a confidential listing shows: turnover, net profit and tenure.
 * Apart from listing-text.ts, so that a listing's page does not load them.
 */
export function cardFigures(listing: {
  annualRevenuePence: number | null;
  netProfitPence: number | null;
  tenure: Tenure | null;
}): { label: string; value: string }[] {
  const figures: { label: string; value: string }[] = [];
  if (listing.annualRevenuePence !== null) {
    figures.push({ label: "Turnover", value: formatPence(listing.annualRevenuePence) });
  }
  if (listing.netProfitPence !== null)
    figures.push({ label: "Net profit", value: formatPence(listing.netProfitPence) });
  if (listing.tenure) figures.push({ label: "Tenure", value: tenureOnCard[listing.tenure] });
  return figures;
}

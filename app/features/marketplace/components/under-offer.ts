import { formatLondonDate } from "~/lib/dates";

// Apart from listing-text.ts, so that a listing's page, which gets the label
// from its loader, does not download the date formatting with the card's words.

/** The under-offer badge (decision 0023): "Under offer since 3 Jun 2026", the day in UK time. */
export function underOfferLabel(since: Date): string {
  return `Under offer since ${formatLondonDate(since)}`;
}

// "New this week" and "Price reduced" (decision 0084): one rule for /buy's
// filters (listings.server.ts, in SQL) and the badges (here, for the cards).
// Plain data, safe for the browser.

const DAY_MS = 24 * 60 * 60 * 1000;
/** First published within this many days: 7 × 24 hours, not calendar weeks. */
export const NEW_FOR_DAYS = 7;
/** Reduced below its first published price within this many days. */
export const REDUCED_FOR_DAYS = 30;

export const newSince = (now: Date) => new Date(now.getTime() - NEW_FOR_DAYS * DAY_MS);
export const reducedSince = (now: Date) => new Date(now.getTime() - REDUCED_FOR_DAYS * DAY_MS);

export interface PriceMarks {
  publishedAt: Date | null;
  /** Null wherever the asking price is not public, so a hidden price is never "reduced". */
  priceReducedAt: Date | null;
  /** Shown only with a public reduction, like priceReducedAt. */
  firstPublishedPricePence: number | null;
}

/** Which badges a listing shows now, and the first price it was reduced from. */
export function listingBadges(listing: PriceMarks, now: Date) {
  const reduced =
    listing.priceReducedAt !== null &&
    listing.firstPublishedPricePence !== null &&
    listing.priceReducedAt >= reducedSince(now);
  return {
    newThisWeek: listing.publishedAt !== null && listing.publishedAt >= newSince(now),
    reduced: reduced ? { fromPence: listing.firstPublishedPricePence!, on: listing.priceReducedAt! } : null,
  };
}

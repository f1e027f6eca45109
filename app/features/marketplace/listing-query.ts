// The sorts of /buy, as its select offers them (parsing: listing-query.server.ts).
export const listingSorts = {
  nearest: "Nearest first",
  latest: "Latest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  revenue: "Turnover: high to low",
  // By the share of its first published price taken off, among those reduced lately (decision 0084).
  reduction: "Biggest price reduction",
} as const;
export type ListingSort = keyof typeof listingSorts;

// The key-facts filters of /buy (decision 0023): their names in the query string.
export const factFilterParams = {
  minPrice: "min-price",
  maxPrice: "max-price",
  minTurnover: "min-turnover",
  minProfit: "min-profit",
  tenure: "tenure",
  minLeaseYears: "min-lease-years",
  accommodation: "accommodation",
  relocatable: "relocatable",
  hideUnderOffer: "under-offer",
  // Decision 0084.
  newThisWeek: "new",
  priceReduced: "reduced",
  // Decision 0087.
  figuresChecked: "checked",
  // Repeated, one for each term ticked (decision 0085).
  accepts: "accepts",
} as const;
export type FactFilter = keyof typeof factFilterParams;

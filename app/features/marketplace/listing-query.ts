// The sorts of /buy, as its select offers them (parsing: listing-query.server.ts).
export const listingSorts = {
  nearest: "Nearest first",
  latest: "Latest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  revenue: "Revenue",
} as const;
export type ListingSort = keyof typeof listingSorts;

import { z } from "~/lib/zod";
import { listingCategoryCodes } from "~/lib/categories";
import { optionalText, pageParam, searchParamsObject } from "~/lib/list-query";

export const listingSorts = {
  nearest: "Nearest first",
  latest: "Latest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  revenue: "Revenue",
} as const;
export type ListingSort = keyof typeof listingSorts;

export const listingQuerySchema = z.object({
  search: optionalText(100),
  category: z.enum(listingCategoryCodes).optional().catch(undefined),
  location: optionalText(80),
  sort: z
    .enum(Object.keys(listingSorts) as [ListingSort, ...ListingSort[]])
    .optional()
    .catch(undefined),
  page: pageParam,
});

export type ListingQuery = z.infer<typeof listingQuerySchema>;

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  return listingQuerySchema.parse(searchParamsObject(params));
}

import { listingCategoryCodes } from "~/lib/categories";
import { searchParamsObject } from "~/lib/list-query";
import { optionalText, pageParam } from "~/lib/list-query.server";
import { z } from "~/lib/zod";
import { listingSorts, type ListingSort } from "./listing-query";

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

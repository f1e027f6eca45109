import { listingCategoryCodes } from "~/lib/categories";
import { searchParamsObject } from "~/lib/list-query";
import { optionalText, pageParam } from "~/lib/list-query.server";
import { z } from "~/lib/zod";
import { MAX_POUNDS } from "~/lib/forms/fields";
import { inTermOrder, tenures, type PaymentTerm, type Tenure } from "./listing-facts";
import { factFilterParams, listingSorts, type FactFilter, type ListingSort } from "./listing-query";

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

/**
 * The key-facts filters (decision 0023). Unlike the other parameters, a
 * figure the visitor typed and we cannot use is not silently dropped: it is
 * left out of the search and its message shown under the field, with what
 * was typed kept in the field. Unset filters are undefined, never false.
 */
export interface FactFilters {
  minPricePence?: number;
  maxPricePence?: number;
  minTurnoverPence?: number;
  minProfitPence?: number;
  tenure?: Tenure;
  minLeaseYears?: number;
  accommodation?: true;
  relocatable?: true;
  hideUnderOffer?: true;
  newThisWeek?: true;
  priceReduced?: true;
  figuresChecked?: true;
  /** Listings that accept any of these payment terms (decision 0085); never empty. */
  accepts?: PaymentTerm[];
  /** What was typed in each figure's field, to show it again. */
  typed?: Partial<Record<FactFilter, string>>;
  /** Why a figure was not used, under its field. */
  filterErrors?: Partial<Record<FactFilter, string>>;
}

export type ListingQuery = z.infer<typeof listingQuerySchema> & FactFilters;

const MONEY = /^\d+(\.\d{1,2})?$/;
const moneyLabels = {
  minPrice: "The lowest price",
  maxPrice: "The highest price",
  minTurnover: "The turnover",
  minProfit: "The net profit",
} as const;

function parseFactFilters(raw: Record<string, string>): FactFilters {
  const filters: FactFilters = {};
  const typed: Partial<Record<FactFilter, string>> = {};
  const errors: Partial<Record<FactFilter, string>> = {};
  // Long enough for any amount, short enough that a pasted essay does not come back in the page.
  const valueOf = (name: FactFilter) => {
    const value = (raw[factFilterParams[name]] ?? "").trim().slice(0, 30);
    if (value) typed[name] = value;
    return value;
  };

  const pounds = (name: keyof typeof moneyLabels): number | undefined => {
    const value = valueOf(name).replace(/[£,\s]/g, "");
    if (!value) return undefined;
    if (!MONEY.test(value)) {
      errors[name] = `${moneyLabels[name]} must be an amount in pounds, like 50000`;
      return undefined;
    }
    const pence = Math.round(Number(value) * 100);
    if (pence > MAX_POUNDS * 100) {
      errors[name] = `${moneyLabels[name]} must be no more than £20,000,000`;
      return undefined;
    }
    return pence;
  };
  filters.minPricePence = pounds("minPrice");
  filters.maxPricePence = pounds("maxPrice");
  filters.minTurnoverPence = pounds("minTurnover");
  filters.minProfitPence = pounds("minProfit");
  if (
    filters.minPricePence !== undefined &&
    filters.maxPricePence !== undefined &&
    filters.maxPricePence < filters.minPricePence
  ) {
    errors.maxPrice = "The highest price must be at least the lowest price";
    filters.maxPricePence = undefined;
  }

  const leaseYears = valueOf("minLeaseYears");
  if (leaseYears) {
    if (/^\d{1,3}$/.test(leaseYears)) filters.minLeaseYears = Number(leaseYears);
    else errors.minLeaseYears = "Lease years must be a whole number from 0 to 999";
  }

  // Choices, like the other dropdowns: anything else is ignored.
  const tenure = raw[factFilterParams.tenure];
  if ((tenures as readonly string[]).includes(tenure ?? "")) filters.tenure = tenure as Tenure;
  if (raw[factFilterParams.accommodation] === "yes") filters.accommodation = true;
  if (raw[factFilterParams.relocatable] === "yes") filters.relocatable = true;
  if (raw[factFilterParams.hideUnderOffer] === "hide") filters.hideUnderOffer = true;
  if (raw[factFilterParams.newThisWeek] === "week") filters.newThisWeek = true;
  if (raw[factFilterParams.priceReduced] === "yes") filters.priceReduced = true;
  if (raw[factFilterParams.figuresChecked] === "yes") filters.figuresChecked = true;

  if (Object.keys(typed).length) filters.typed = typed;
  if (Object.keys(errors).length) filters.filterErrors = errors;
  return filters;
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const raw = searchParamsObject(params);
  // Boxes, like the other choices: unknown terms are ignored.
  const accepts = inTermOrder(params.getAll(factFilterParams.accepts));
  return {
    ...listingQuerySchema.parse(raw),
    ...parseFactFilters(raw),
    ...(accepts.length ? { accepts } : {}),
  };
}

/**
 * How many filters are on, for the "Filters (n)" summary on a phone (issue
 * #50): the search box and the sort are not filters, and a figure /buy could
 * not use is not on. `nearApplied`: a place to search near was found.
 */
export function countListingFilters(query: ListingQuery, nearApplied: boolean): number {
  const filters = [
    query.category,
    query.location,
    query.minPricePence,
    query.maxPricePence,
    query.minTurnoverPence,
    query.minProfitPence,
    query.tenure,
    query.minLeaseYears,
    query.accommodation,
    query.relocatable,
    query.hideUnderOffer,
    query.newThisWeek,
    query.priceReduced,
    query.figuresChecked,
    query.accepts,
  ];
  return filters.filter((value) => value !== undefined).length + (nearApplied ? 1 : 0);
}

/**
 * The filters of a query as a query string in one order, without the page
 * and sort (which change no match): what a saved search keeps, so that its
 * alerts parse it with parseListingQuery exactly as /buy does. Filters /buy
 * could not use are left out.
 */
export function canonicalListingQuery(query: ListingQuery): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(name, String(value));
  };
  const pounds = (pence: number | undefined) => (pence === undefined ? undefined : String(pence / 100));
  put("search", query.search);
  put("category", query.category);
  put("location", query.location);
  put(factFilterParams.minPrice, pounds(query.minPricePence));
  put(factFilterParams.maxPrice, pounds(query.maxPricePence));
  put(factFilterParams.minTurnover, pounds(query.minTurnoverPence));
  put(factFilterParams.minProfit, pounds(query.minProfitPence));
  put(factFilterParams.tenure, query.tenure);
  put(factFilterParams.minLeaseYears, query.minLeaseYears);
  if (query.accommodation) put(factFilterParams.accommodation, "yes");
  if (query.relocatable) put(factFilterParams.relocatable, "yes");
  if (query.hideUnderOffer) put(factFilterParams.hideUnderOffer, "hide");
  if (query.newThisWeek) put(factFilterParams.newThisWeek, "week");
  if (query.priceReduced) put(factFilterParams.priceReduced, "yes");
  if (query.figuresChecked) put(factFilterParams.figuresChecked, "yes");
  for (const term of query.accepts ?? []) params.append(factFilterParams.accepts, term);
  return params.toString();
}

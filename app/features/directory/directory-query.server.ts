import { eq, gte, isNotNull, type AnyColumn } from "drizzle-orm";
import { directoryBusiness } from "~/server/schema";
import { z } from "~/lib/zod";
import { searchParamsObject } from "~/lib/list-query";
import { optionalText, pageParam } from "~/lib/list-query.server";
import { certifierBodies } from "./halal";

export const directoryQuerySchema = z.object({
  search: optionalText(100),
  location: optionalText(80),
  category: z.enum(["food", "other"]).optional().catch(undefined),
  // The directory's order, or the strongest halal evidence first (decision 0091).
  sort: z.enum(["evidence"]).optional().catch(undefined),
  page: pageParam,
});

/**
 * The halal and hours filters (issue #17). Each is a yes/no or a choice; a
 * value we do not understand is left out of the search and said so on the
 * page, so the visitor knows why the list did not narrow.
 */
const filterChoices = {
  halal: ["fully"],
  certified: ["yes"],
  certifier: certifierBodies,
  alcohol: ["none"],
  open: ["now"],
  // A minimum evidence level (decision 0091).
  evidence: ["1", "2", "3", "4"],
  prayer: ["yes"],
  service: ["dine_in", "takeaway", "delivery"],
} as const;

export type DirectoryFilters = {
  [K in keyof typeof filterChoices]?: (typeof filterChoices)[K][number];
};

const filterMessages: Record<keyof typeof filterChoices, string> = {
  halal: "The halal filter can only be 'fully halal only', so it was left out.",
  certified: "The certified filter can only be 'certified only', so it was left out.",
  certifier: "We do not know that certifier, so the certifier filter was left out.",
  alcohol: "The alcohol filter can only be 'no alcohol', so it was left out.",
  open: "The opening filter can only be 'open now', so it was left out.",
  evidence: "We do not know that level of halal evidence, so the evidence filter was left out.",
  prayer: "The prayer space filter can only be 'prayer space', so it was left out.",
  service: "The service filter can only be dine in, takeaway or delivery, so it was left out.",
};

export type DirectoryQuery = z.infer<typeof directoryQuerySchema> & {
  filters: DirectoryFilters;
  filterNotices: string[];
};

export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  const raw = searchParamsObject(params);
  const filters: Record<string, string> = {};
  const filterNotices: string[] = [];
  for (const [name, choices] of Object.entries(filterChoices) as [keyof typeof filterChoices, readonly string[]][]) {
    const value = raw[name];
    if (value === undefined || value === "") continue;
    if (choices.includes(value)) filters[name] = value;
    else filterNotices.push(filterMessages[name]);
  }
  return { ...directoryQuerySchema.parse(raw), filters: filters as DirectoryFilters, filterNotices };
}

/**
 * How many filters are on, for the "Filters (n)" summary on a phone (issue
 * #50): the search box and the category tabs show themselves, and a filter
 * left out is not on. `nearApplied`: a place to search near was found.
 */
export function countDirectoryFilters(query: DirectoryQuery, nearApplied: boolean): number {
  return (query.location ? 1 : 0) + Object.keys(query.filters).length + (nearApplied ? 1 : 0);
}

/**
 * The filters on the business's own row only: the opening hours carry no
 * copies of these columns, so "open now" with any of them is counted with
 * its page rather than from the hours alone (decision 0091).
 */
export function rowOnlyConditions(filters: DirectoryFilters) {
  const b = directoryBusiness;
  const service = { dine_in: b.dineIn, takeaway: b.takeaway, delivery: b.delivery };
  return [
    filters.evidence ? gte(b.evidenceLevel, Number(filters.evidence)) : undefined,
    filters.prayer === "yes" ? eq(b.prayerSpace, true) : undefined,
    filters.service ? eq(service[filters.service], true) : undefined,
  ].filter((condition) => condition !== undefined);
}

/**
 * The halal filters as SQL, on the business's own columns or on the copies
 * its opening hours carry (decision 0045); "open now" is apart.
 */
export function halalConditions(
  columns: { halalStatus: AnyColumn; halalCertifierBody: AnyColumn; alcoholServed: AnyColumn },
  filters: DirectoryFilters,
) {
  return [
    filters.halal === "fully" ? eq(columns.halalStatus, "fully_halal") : undefined,
    filters.certified === "yes" ? isNotNull(columns.halalCertifierBody) : undefined,
    filters.certifier ? eq(columns.halalCertifierBody, filters.certifier) : undefined,
    // Only businesses that say they serve none: "not known" is not "no".
    filters.alcohol === "none" ? eq(columns.alcoholServed, false) : undefined,
  ];
}

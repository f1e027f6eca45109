import { and, asc, count, desc, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { LatLng } from "~/lib/geo";
import { PAGE_SIZE } from "~/lib/list-query";
import { db } from "~/server/db.server";
import { distanceFrom } from "~/server/distance.server";
import { businessListing } from "~/server/schema";
import { matchesAllWords, searchWords } from "~/server/text-search.server";
import type { ListingSort } from "./listing-query";
import type { ListingQuery } from "./listing-query.server";

const published = eq(businessListing.status, "published");

export const cardColumns = {
  id: businessListing.id,
  slug: businessListing.slug,
  title: businessListing.title,
  category: businessListing.category,
  town: businessListing.town,
  askingPricePence: businessListing.askingPricePence,
  monthlyLeasePence: businessListing.monthlyLeasePence,
  annualRevenuePence: businessListing.annualRevenuePence,
  description: businessListing.description,
  features: businessListing.features,
  images: businessListing.images,
  // Featured by staff or by a paid package (decision 0026).
  featured: businessListing.showcased,
  offersCount: businessListing.offersCount,
  underOfferAt: businessListing.underOfferAt,
};

/** The key facts a listing's page shows (decision 0023). */
const factColumns = {
  tenure: businessListing.tenure,
  annualRentPence: businessListing.annualRentPence,
  leaseYearsRemaining: businessListing.leaseYearsRemaining,
  leaseType: businessListing.leaseType,
  netProfitPence: businessListing.netProfitPence,
  staffFullTime: businessListing.staffFullTime,
  staffPartTime: businessListing.staffPartTime,
  stockValuePence: businessListing.stockValuePence,
  rateableValuePence: businessListing.rateableValuePence,
  yearEstablished: businessListing.yearEstablished,
  reasonForSale: businessListing.reasonForSale,
  tradingHours: businessListing.tradingHours,
  accommodationIncluded: businessListing.accommodationIncluded,
  accommodationDescription: businessListing.accommodationDescription,
  relocatable: businessListing.relocatable,
  halalCertifier: businessListing.halalCertifier,
  halalStatus: businessListing.halalStatus,
  alcoholLicence: businessListing.alcoholLicence,
};

function orderFor(sort: ListingSort, distance: SQL | undefined): SQL[] {
  switch (sort) {
    case "nearest":
      return distance
        ? [sql`${distance} asc nulls last`, desc(businessListing.publishedAt)]
        : orderFor("latest", distance);
    case "price-asc":
      return [asc(businessListing.askingPricePence), asc(businessListing.id)];
    case "price-desc":
      return [desc(businessListing.askingPricePence), asc(businessListing.id)];
    case "revenue":
      return [
        sql`${businessListing.annualRevenuePence} desc nulls last`,
        sql`${businessListing.monthlyLeasePence} desc nulls last`,
        asc(businessListing.id),
      ];
    case "latest":
      return [desc(businessListing.publishedAt), desc(businessListing.id)];
  }
}

/** The key-facts filters as SQL conditions; a listing that did not give a fact does not match its filter. */
function factConditions(query: ListingQuery): (SQL | undefined)[] {
  const atLeast = (column: AnyPgColumn, value: number | undefined) =>
    value === undefined ? undefined : gte(column, value);
  return [
    atLeast(businessListing.askingPricePence, query.minPricePence),
    query.maxPricePence === undefined ? undefined : lte(businessListing.askingPricePence, query.maxPricePence),
    atLeast(businessListing.annualRevenuePence, query.minTurnoverPence),
    atLeast(businessListing.netProfitPence, query.minProfitPence),
    atLeast(businessListing.leaseYearsRemaining, query.minLeaseYears),
    query.tenure ? eq(businessListing.tenure, query.tenure) : undefined,
    // Plain column tests, so that the planner can use the partial indexes on them.
    query.accommodation ? sql`${businessListing.accommodationIncluded}` : undefined,
    query.relocatable ? sql`${businessListing.relocatable}` : undefined,
    query.hideUnderOffer ? isNull(businessListing.underOfferAt) : undefined,
  ];
}

/** /buy's filters as one condition on published listings: saved searches' alerts match with it too. */
export function listingConditions(query: ListingQuery): SQL {
  return and(
    published,
    matchesAllWords(
      { text: businessListing.searchText, fuzzyText: businessListing.searchTitle },
      searchWords(query.search),
    ),
    query.category ? eq(businessListing.category, query.category) : undefined,
    query.location ? sql`lower(${businessListing.town}) = lower(${query.location})` : undefined,
    ...factConditions(query),
  )!;
}

/**
 * Published listings matching the query, one page of them, with the total.
 * With a known position the default order is nearest first.
 */
export async function searchListings(query: ListingQuery, origin: LatLng | null) {
  const where = listingConditions(query);
  const distance = origin ? distanceFrom(origin, businessListing.latitude, businessListing.longitude) : undefined;
  const sort: ListingSort =
    query.sort === "nearest" && !origin ? "latest" : (query.sort ?? (origin ? "nearest" : "latest"));

  const [items, [total]] = await Promise.all([
    db()
      .select({ ...cardColumns, distanceKm: distance ?? sql<null>`null` })
      .from(businessListing)
      .where(where)
      .orderBy(...orderFor(sort, distance))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(businessListing).where(where),
  ]);
  return { items, total: total?.n ?? 0, sort };
}

export type ListingCard = Awaited<ReturnType<typeof searchListings>>["items"][number];

/** Towns that have published listings, for the location filter. */
export async function listingTowns(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ town: businessListing.town })
    .from(businessListing)
    .where(published)
    .orderBy(asc(businessListing.town));
  return rows.map((r) => r.town);
}

/** The home page's spotlight: featured by staff, or with a paid spotlight package (decision 0026). */
export async function featuredListings(limit = 12) {
  return db()
    .select({ ...cardColumns, distanceKm: sql<null>`null` })
    .from(businessListing)
    .where(and(published, or(eq(businessListing.featured, true), eq(businessListing.promotion, "spotlight"))))
    .orderBy(desc(businessListing.publishedAt))
    .limit(limit);
}

/** A listing's page: published ones, and ones that have left the market (410). */
export async function getListingBySlug(slug: string) {
  const [row] = await db()
    .select({
      ...cardColumns,
      ...factColumns,
      status: businessListing.status,
      postcode: businessListing.postcode,
      latitude: businessListing.latitude,
      longitude: businessListing.longitude,
      publishedAt: businessListing.publishedAt,
      confirmedAt: businessListing.confirmedAt,
      updatedAt: businessListing.updatedAt,
    })
    .from(businessListing)
    .where(eq(businessListing.slug, slug))
    .limit(1);
  return row ?? null;
}

import { and, arrayOverlaps, asc, count, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DistanceUnit, LatLng } from "~/lib/geo";
import type { NearFilter } from "~/features/places/places.server";
import { PAGE_SIZE } from "~/lib/list-query";
import { db } from "~/server/db.server";
import { distinctValues } from "~/server/distinct-values.server";
import { distanceFrom, withinKm } from "~/server/distance.server";
import { nearestFirstPage, nearestWithin, orderBy, type Tiebreak } from "~/server/nearest-first.server";
import { businessListing } from "~/server/schema";
import { matchesAllWords, searchWords } from "~/server/text-search.server";
import { CONFIDENTIAL_SLUG } from "./confidential";
import { confidentialColumns, notConfidential, viewListings, type Viewer } from "./confidential.server";
import type { ListingSort } from "./listing-query";
import type { ListingQuery } from "./listing-query.server";
import { listingBadges, newSince, reducedSince, type PriceMarks } from "./new-and-reduced";

const published = eq(businessListing.status, "published");

export const cardColumns = {
  id: businessListing.id,
  slug: businessListing.slug,
  title: businessListing.title,
  category: businessListing.category,
  town: businessListing.town,
  // For the "Map" view (decision 0034).
  latitude: businessListing.latitude,
  longitude: businessListing.longitude,
  askingPricePence: businessListing.askingPricePence,
  monthlyLeasePence: businessListing.monthlyLeasePence,
  annualRevenuePence: businessListing.annualRevenuePence,
  // With the turnover, what a buyer compares across cards (issue #50).
  netProfitPence: businessListing.netProfitPence,
  tenure: businessListing.tenure,
  description: businessListing.description,
  features: businessListing.features,
  images: businessListing.images,
  // Featured by staff or by a paid package (decision 0026).
  featured: businessListing.showcased,
  offersCount: businessListing.offersCount,
  underOfferAt: businessListing.underOfferAt,
  // "New this week" and "Price reduced" (decision 0084): from the public date, so nothing is
  // said of a price that is hidden; listingBadges decides from these.
  publishedAt: businessListing.publishedAt,
  priceReducedAt: businessListing.publicPriceReducedAt,
  firstPublishedPricePence: businessListing.firstPublishedPricePence,
  // "Figures checked by HBS" (decision 0087): shown on a confidential listing too, the date alone.
  figuresCheckedAt: businessListing.figuresCheckedAt,
  // For maskListing (decision 0033); it drops them before anything reaches a page.
  ...confidentialColumns,
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
  paymentTerms: businessListing.paymentTerms,
};

/**
 * Where /buy and the alerts place a listing (decision 0062): nowhere while it
 * is confidential, for everyone, so that no radius or distance reveals its
 * hidden address. Its public area, the postcode district, is in its search words.
 */
const publicPosition = { latitude: businessListing.publicLatitude, longitude: businessListing.publicLongitude };

const newestFirst: Tiebreak[] = [
  [businessListing.publishedAt, "desc"],
  [businessListing.id, "desc"],
];

/**
 * The order of a sort other than nearest first (which nearestFirstPage orders).
 * By the public figures (decision 0062): a figure a confidential listing hides
 * sorts as one never given, after every listing that gives it, either way.
 */
function orderFor(sort: Exclude<ListingSort, "nearest">, now: Date): SQL[] {
  switch (sort) {
    case "reduction":
      // The listings "Price reduced" finds first, by the share taken off; the others after, newest first.
      return [
        sql`case when ${businessListing.publicPriceReducedAt} >= ${reducedSince(now)} then (${businessListing.firstPublishedPricePence} - ${businessListing.askingPricePence})::float8 / ${businessListing.firstPublishedPricePence} end desc nulls last`,
        ...orderBy(newestFirst),
      ];
    case "price-asc":
      return [sql`${businessListing.publicAskingPricePence} asc nulls last`, asc(businessListing.id)];
    case "price-desc":
      return [sql`${businessListing.publicAskingPricePence} desc nulls last`, asc(businessListing.id)];
    case "revenue":
      return [
        sql`${businessListing.publicAnnualRevenuePence} desc nulls last`,
        sql`${businessListing.publicMonthlyLeasePence} desc nulls last`,
        asc(businessListing.id),
      ];
    case "latest":
      return orderBy(newestFirst);
  }
}

/**
 * The key-facts filters as SQL conditions; a listing that did not give a fact
 * does not match its filter. Each tests the public figure (decision 0062), so a
 * confidential listing matches only on a figure it shows.
 */
function factConditions(query: ListingQuery, now: Date): (SQL | undefined)[] {
  const atLeast = (column: AnyPgColumn, value: number | undefined) =>
    value === undefined ? undefined : gte(column, value);
  return [
    atLeast(businessListing.publicAskingPricePence, query.minPricePence),
    query.maxPricePence === undefined ? undefined : lte(businessListing.publicAskingPricePence, query.maxPricePence),
    atLeast(businessListing.publicAnnualRevenuePence, query.minTurnoverPence),
    atLeast(businessListing.publicNetProfitPence, query.minProfitPence),
    atLeast(businessListing.publicLeaseYearsRemaining, query.minLeaseYears),
    query.tenure ? eq(businessListing.publicTenure, query.tenure) : undefined,
    // Facts a confidential listing never shows. Plain column tests, so that the
    // planner can use the partial indexes on them.
    query.accommodation ? sql`${businessListing.accommodationIncluded}` : undefined,
    query.relocatable ? sql`${businessListing.relocatable}` : undefined,
    query.accommodation || query.relocatable ? notConfidential : undefined,
    query.hideUnderOffer ? isNull(businessListing.underOfferAt) : undefined,
    // Decision 0084: the reduction's public date, null wherever the price is hidden.
    query.newThisWeek ? gte(businessListing.publishedAt, newSince(now)) : undefined,
    query.priceReduced ? gte(businessListing.publicPriceReducedAt, reducedSince(now)) : undefined,
    // Decision 0087: by the partial index of the checked listings; a confidential one's figures stay hidden.
    query.figuresChecked ? isNotNull(businessListing.figuresCheckedAt) : undefined,
    // Any of the ticked terms, by the GIN index on the array (decision 0085); shown on confidential listings too.
    query.accepts ? arrayOverlaps(businessListing.paymentTerms, query.accepts) : undefined,
  ];
}

/**
 * /buy's filters as one condition on published listings: saved searches' alerts match with it too.
 * `now`: when "New this week" and "Price reduced" count back from.
 */
export function listingConditions(query: ListingQuery, now = new Date()): SQL {
  return and(
    published,
    matchesAllWords(
      { text: businessListing.searchText, fuzzyWords: businessListing.searchTitleWords },
      searchWords(query.search),
    ),
    query.category ? eq(businessListing.category, query.category) : undefined,
    // A confidential listing's town is hidden, so the town filter never finds it.
    query.location ? and(sql`lower(${businessListing.town}) = lower(${query.location})`, notConfidential) : undefined,
    ...factConditions(query, now),
  )!;
}

/** A near search's radius (decision 0034) about the public position: /buy's and the alerts'. */
export function withinRadius(near: NearFilter): SQL {
  return withinKm(near.origin, near.km, publicPosition.latitude, publicPosition.longitude);
}

/**
 * Published listings matching the query, one page of them, with the total.
 * With a known position the default order is nearest first. A search near a
 * postcode or town (decision 0034) keeps those within its radius, nearest
 * first unless another order is chosen, and its distances are in miles.
 */
export async function searchListings(
  query: ListingQuery,
  origin: LatLng | null,
  near: NearFilter | null = null,
  viewer: Viewer = null,
  now = new Date(),
) {
  const conditions = listingConditions(query, now);
  const where = and(conditions, near ? withinRadius(near) : undefined);
  const from = near?.origin ?? origin;
  const distance = from ? distanceFrom(from, publicPosition.latitude, publicPosition.longitude) : undefined;
  const sort: ListingSort =
    query.sort === "nearest" && !from ? "latest" : (query.sort ?? (from ? "nearest" : "latest"));

  // Nearest first, then the newest: the page chosen from the coordinates' index (decisions 0042, 0057).
  const nearest = {
    table: businessListing,
    id: businessListing.id,
    columns: cardColumns,
    where: conditions,
    order: newestFirst,
    offset: (query.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const [items, [total]] = await Promise.all([
    sort === "nearest" && distance
      ? near
        ? nearestWithin(nearest, near.origin, publicPosition, near.km)
        : nearestFirstPage({ ...nearest, distance })
      : db()
          .select({ ...cardColumns, distanceKm: distance ?? sql<null>`null` })
          .from(businessListing)
          .where(where)
          .orderBy(...orderFor(sort === "nearest" ? "latest" : sort, now))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE),
    db().select({ n: count() }).from(businessListing).where(where),
  ]);
  const withUnit = (row: (typeof items)[number]): typeof row & { distanceUnit?: DistanceUnit } =>
    near ? { ...row, distanceUnit: "miles" } : row;
  return { items: withBadges(await viewListings(viewer, items.map(withUnit)), now), total: total?.n ?? 0, sort };
}

/**
 * Cards with their "New this week" and "Price reduced" badges (decision 0084),
 * decided here rather than in the card: one clock for the page, and the rule
 * stays out of the browser's scripts.
 */
export function withBadges<Row extends PriceMarks>(rows: Row[], now = new Date()) {
  return rows.map((row) => ({ ...row, badges: listingBadges(row, now) }));
}

export type ListingCard = Awaited<ReturnType<typeof searchListings>>["items"][number];

/** Towns that have published listings, for the location filter. */
export function listingTowns(): Promise<string[]> {
  // By business_listing_status_town_name_idx; a probe passes over the few confidential listings before a town's first other one.
  return distinctValues(db(), businessListing, businessListing.town, and(published, notConfidential)!);
}

/** The home page's spotlight: featured by staff, or with a paid spotlight package (decision 0026). */
export async function featuredListings(viewer: Viewer = null, limit = 12) {
  const rows = await db()
    .select({ ...cardColumns, distanceKm: sql<null>`null` })
    .from(businessListing)
    .where(and(published, or(eq(businessListing.featured, true), eq(businessListing.promotion, "spotlight"))))
    .orderBy(desc(businessListing.publishedAt))
    .limit(limit);
  return withBadges(await viewListings(viewer, rows));
}

/**
 * A listing's page: published ones, and ones that have left the market (410),
 * as stored. A confidential listing is also found by its public address
 * (confidential-<id>); by its own slug, usually the trading name, only those
 * with access may reach it. Not for routes: they go through listingForViewer,
 * which masks the row and answers that own slug as not found without access.
 */
async function getListingBySlug(slug: string) {
  const confidentialId = CONFIDENTIAL_SLUG.exec(slug)?.[1];
  const [row] = await db()
    .select({
      ...cardColumns,
      ...factColumns,
      status: businessListing.status,
      confirmedAt: businessListing.confirmedAt,
      updatedAt: businessListing.updatedAt,
    })
    .from(businessListing)
    .where(
      confidentialId
        ? and(eq(businessListing.id, Number(confidentialId)), eq(businessListing.confidential, true))
        : eq(businessListing.slug, slug),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The listing at an address as this viewer may see it, or why not: 404 for one
 * that is not on show (a suspended seller's among them, decision 0078), and for a confidential listing's own slug without access
 * (so the trading name in an address confirms nothing); with access, that old
 * address goes to the public one. Every route that takes a listing's slug — its
 * page, register interest, save, the NDA — resolves it here (decision 0062).
 */
export async function listingForViewer(slug: string, viewer: Viewer) {
  const row = await getListingBySlug(slug);
  if (!row || row.status === "pending" || row.status === "rejected" || row.status === "suspended") {
    return { kind: "not-found" as const };
  }
  const [listing] = await viewListings(viewer, [row]);
  if (row.confidential && slug !== listing!.slug) {
    return listing!.masked ? { kind: "not-found" as const } : { kind: "moved" as const, to: listing!.slug };
  }
  return { kind: "found" as const, listing: listing!, row };
}

import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { londonDay } from "~/lib/dates";
import type { DistanceUnit, LatLng } from "~/lib/geo";
import { PAGE_SIZE } from "~/lib/list-query";
import { db } from "~/server/db.server";
import { distinctValues } from "~/server/distinct-values.server";
import { distanceFrom, withinKm } from "~/server/distance.server";
import { nearestFirstPage } from "~/server/nearest-first.server";
import { directoryBusiness } from "~/server/schema";
import { matchesAllWords, searchWords } from "~/server/text-search.server";
import type { NearFilter } from "~/features/places/places.server";
import { halalConditions, type DirectoryQuery } from "./directory-query.server";
import { loadHygiene } from "./food-hygiene.server";
import { halalBadges } from "./halal";
import { countOpenNow, loadSchedules, openNowCondition, openNowProbe, probesEachBusiness } from "./hours.server";
import { openingState } from "./opening-hours";

const published = eq(directoryBusiness.published, true);
const byName = [asc(directoryBusiness.name), asc(directoryBusiness.id)];

export const cardColumns = {
  id: directoryBusiness.id,
  slug: directoryBusiness.slug,
  name: directoryBusiness.name,
  category: directoryBusiness.category,
  description: directoryBusiness.description,
  town: directoryBusiness.town,
  // For the "Map" view (decision 0034).
  latitude: directoryBusiness.latitude,
  longitude: directoryBusiness.longitude,
  address: directoryBusiness.address,
  phone: directoryBusiness.phone,
  website: directoryBusiness.website,
  image: directoryBusiness.image,
  // Featured by staff or by a paid package (decision 0026).
  featured: directoryBusiness.showcased,
  halalStatus: directoryBusiness.halalStatus,
  halalCertifierBody: directoryBusiness.halalCertifierBody,
  halalCertifier: directoryBusiness.halalCertifier,
  halalCertificateExpires: directoryBusiness.halalCertificateExpires,
  halalCheckedOn: directoryBusiness.halalCheckedOn,
  alcoholServed: directoryBusiness.alcoholServed,
  // Kept on the row by the reviews feature (decision 0035): no aggregate per list.
  reviewCount: directoryBusiness.reviewCount,
  ratingTotal: directoryBusiness.ratingTotal,
};

/**
 * Published businesses matching the query, featured first, then the nearest
 * when a position is known, then by name; one page, with the total. A search
 * near a postcode or town (decision 0034) keeps those within its radius,
 * nearest first, and its distances are shown in miles.
 */
export async function searchBusinesses(
  query: DirectoryQuery,
  origin: LatLng | null,
  now = new Date(),
  near: NearFilter | null = null,
) {
  const words = searchWords(query.search);
  // Every condition but published, category and "open now".
  const narrowing = [
    matchesAllWords(
      { text: sql`lower(${directoryBusiness.name})`, fuzzyText: sql`lower(${directoryBusiness.name})` },
      words,
    ),
    query.location ? sql`lower(${directoryBusiness.town}) = lower(${query.location})` : undefined,
    ...halalConditions(directoryBusiness, query.filters),
    near ? withinKm(near.origin, near.km, directoryBusiness.latitude, directoryBusiness.longitude) : undefined,
  ].filter((condition) => condition !== undefined);
  // `openTest`: "open now" as hashed lists or as a test of each business.
  const where = (openTest?: SQL) =>
    and(published, query.category ? eq(directoryBusiness.category, query.category) : undefined, openTest, ...narrowing);
  const from = near?.origin ?? origin;
  const distance = from ? distanceFrom(from, directoryBusiness.latitude, directoryBusiness.longitude) : undefined;
  const page = (openTest?: SQL) =>
    near
      ? // Within a radius, nearest first: the page chosen from the box's index (decision 0042).
        nearestFirstPage(
          directoryBusiness,
          directoryBusiness.id,
          cardColumns,
          where(openTest)!,
          distance!,
          byName,
          query.page,
        )
      : db()
          .select({ ...cardColumns, distanceKm: distance ?? sql<null>`null` })
          .from(directoryBusiness)
          .where(where(openTest))
          .orderBy(desc(directoryBusiness.showcased), ...(distance ? [sql`${distance} asc nulls last`] : []), ...byName)
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE);
  // "Open now", nearest first, from the featured businesses alone (decision
  // 0048): the nearest `featuredRead` of them, sorted by distance (a few
  // thousand rows, not every business), then each tested as it is read, in
  // order, until the page is full. `featuredRead` is four times the rows up to
  // the page's end: enough when a quarter of them are open, and a bound on the
  // tests when fewer are. The limit also keeps the tests out of the sort.
  const featuredOpenNearestFirst = (distance: SQL<number | null>) => {
    const featuredRead = 4 * query.page * PAGE_SIZE;
    const featured = db()
      .select({ ...cardColumns, distanceKm: sql<number | null>`${distance}`.as("distance_km") })
      .from(directoryBusiness)
      .where(and(where(), eq(directoryBusiness.showcased, true)))
      .orderBy(sql`${distance} asc nulls last`, ...byName)
      .limit(featuredRead)
      .as("featured");
    return db()
      .select()
      .from(featured)
      .where(openNowProbe(now, featured.id))
      .orderBy(sql`${featured.distanceKm} asc nulls last`, asc(featured.name), asc(featured.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE);
  };
  // "Open now" as hashed lists of the open businesses the filters keep (decisions 0028, 0045), for the count or the page.
  const openCondition = query.filters.open === "now" ? openNowCondition(now, query) : undefined;
  let rows: Awaited<ReturnType<typeof page>>;
  let total: number;
  // "Open now" with nothing else, a category, a town or halal filters is
  // counted apart, from the hours alone (decisions 0043–0045). Words and a
  // radius count with their page.
  if (openCondition && !near && words.length === 0) {
    const counting = countOpenNow(now, query, where()!);
    if (origin) {
      // Featured businesses come first and are few: their page, tried beside
      // the count, is the page when it fills. Otherwise every open business
      // is hashed and sorted by distance, unless none is left for the page.
      const [featuredRows, { open }] = await Promise.all([featuredOpenNearestFirst(distance!), counting]);
      total = open;
      if (featuredRows.length === PAGE_SIZE) rows = featuredRows;
      else if (open <= (query.page - 1) * PAGE_SIZE) rows = [];
      else rows = await page(openCondition);
    } else {
      // The count chooses the page's plan: none past the last open business,
      // each business tested in turn when many are open, the open ones hashed
      // when few are (decision 0044).
      const { open, businesses } = await counting;
      const rowsWanted = query.page * PAGE_SIZE;
      total = open;
      if (open <= rowsWanted - PAGE_SIZE) rows = [];
      else if (probesEachBusiness(open, businesses, rowsWanted)) rows = await page(openNowProbe(now));
      else rows = await page(openCondition);
    }
  } else {
    const [pageRows, [counted]] = await Promise.all([
      page(openCondition),
      db().select({ n: count() }).from(directoryBusiness).where(where(openCondition)),
    ]);
    rows = pageRows;
    total = counted?.n ?? 0;
  }
  const withUnit = (row: (typeof rows)[number]): typeof row & { distanceUnit?: DistanceUnit } =>
    near ? { ...row, distanceUnit: "miles" } : row;
  return { items: rows.map(withUnit), total };
}

type CardRow = Awaited<ReturnType<typeof searchBusinesses>>["items"][number];

/**
 * Adds what a card shows that depends on the moment: the halal badges (out of
 * date after 12 months) and "Open now · closes 22:00", both on London's clock;
 * and the food hygiene rating, read with them.
 * Worked out on the server so the page and its hydration agree.
 */
export async function withCardFacts<T extends Omit<CardRow, "distanceKm">>(items: T[], now = new Date()) {
  const today = londonDay(now);
  const ids = items.map((b) => b.id);
  const [schedules, hygiene] = await Promise.all([loadSchedules(ids, today), loadHygiene(ids)]);
  return items.map((b) => ({
    ...b,
    badges: halalBadges(b, today),
    opening: openingState(schedules.get(b.id)!, now),
    // The FSA's rating, when staff linked the business to its establishment (decision 0029).
    hygiene: hygiene.get(b.id) ?? null,
  }));
}

export type BusinessCard = CardRow & Awaited<ReturnType<typeof withCardFacts<CardRow>>>[number];

/** Towns present in the directory, for the 'All Locations' dropdown. */
export function businessTowns(): Promise<string[]> {
  // By directory_business_published_town_idx.
  return distinctValues(db(), directoryBusiness, directoryBusiness.town, published);
}

/** The home page's spotlight: featured by staff, or with a paid spotlight package (decision 0026). */
export function featuredBusinesses(limit = 12) {
  return db()
    .select({ ...cardColumns, distanceKm: sql<null>`null` })
    .from(directoryBusiness)
    .where(and(published, or(eq(directoryBusiness.featured, true), eq(directoryBusiness.promotion, "spotlight"))))
    .orderBy(asc(directoryBusiness.name))
    .limit(limit);
}

export async function getBusinessBySlug(slug: string) {
  const [row] = await db()
    .select({
      ...cardColumns,
      published: directoryBusiness.published,
      postcode: directoryBusiness.postcode,
      halalCertificateNumber: directoryBusiness.halalCertificateNumber,
      halalSlaughter: directoryBusiness.halalSlaughter,
      halalStunned: directoryBusiness.halalStunned,
      halalEvidence: directoryBusiness.halalEvidence,
      fhrsid: directoryBusiness.fhrsid,
      reviewWarning: directoryBusiness.reviewWarning,
      // Server-side only (who may reply to reviews): route loaders leave it out of what they send.
      ownerId: directoryBusiness.ownerId,
      updatedAt: directoryBusiness.updatedAt,
    })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.slug, slug))
    .limit(1);
  return row ?? null;
}

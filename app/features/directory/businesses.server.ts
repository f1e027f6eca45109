import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { londonDay } from "~/lib/dates";
import type { DistanceUnit, LatLng } from "~/lib/geo";
import { PAGE_SIZE } from "~/lib/list-query";
import { db } from "~/server/db.server";
import { distinctValues } from "~/server/distinct-values.server";
import { distanceFrom, withinKm } from "~/server/distance.server";
import {
  countUpTo,
  nearestFirstPage,
  nearestInCircles,
  nearestWithin,
  orderBy,
  type Tiebreak,
} from "~/server/nearest-first.server";
import { directoryBusiness } from "~/server/schema";
import { matchesAllWords, searchWords } from "~/server/text-search.server";
import type { NearFilter } from "~/features/places/places.server";
import { halalConditions, rowOnlyConditions, type DirectoryQuery } from "./directory-query.server";
import { loadHygiene } from "./food-hygiene.server";
import { halalBadges, type HalalFacts } from "./halal";
import { publishedBusinesses } from "./counts.server";
import { countOpenNow, loadSchedules, openNowCondition, openNowProbe, probesEachBusiness } from "./hours.server";
import { openingState } from "./opening-hours";

const published = eq(directoryBusiness.published, true);
const byName: Tiebreak[] = [
  [directoryBusiness.name, "asc"],
  [directoryBusiness.id, "asc"],
];

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
  // Whether that is its own position or its town's or district's centre (decision 0074).
  placedAt: directoryBusiness.placedAt,
  postcode: directoryBusiness.postcode,
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
  // Kept on the row by triggers and a daily job (decision 0091).
  evidenceLevel: directoryBusiness.evidenceLevel,
  priceBand: directoryBusiness.priceBand,
  // Three members reported it closed, and staff have not decided yet (decision 0092).
  reportedClosedAt: directoryBusiness.reportedClosedAt,
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
  // Filters the opening hours carry no copies of (decision 0091).
  const rowOnly = rowOnlyConditions(query.filters);
  // Every condition but published, category and "open now".
  const narrowing = [
    matchesAllWords({ text: sql`lower(${directoryBusiness.name})`, fuzzyWords: directoryBusiness.nameWords }, words),
    query.location ? sql`lower(${directoryBusiness.town}) = lower(${query.location})` : undefined,
    ...halalConditions(directoryBusiness, query.filters),
    ...rowOnly,
  ].filter((condition) => condition !== undefined);
  const radius = near
    ? withinKm(near.origin, near.km, directoryBusiness.latitude, directoryBusiness.longitude)
    : undefined;
  // `openTest`: "open now" as hashed lists or as a test of each business.
  // `keepsRadius`: false for a page nearest first, which keeps to the radius itself.
  const where = (openTest?: SQL, { keepsRadius = true } = {}) =>
    and(
      published,
      query.category ? eq(directoryBusiness.category, query.category) : undefined,
      openTest,
      ...narrowing,
      keepsRadius ? radius : undefined,
    );
  // "Open now" as hashed lists of the open businesses the filters keep (decisions 0028, 0045), for the count or the page.
  const openCondition = query.filters.open === "now" ? openNowCondition(now, query) : undefined;
  // A page with "open now" as `openTest`: within a radius, nearest first, the
  // page chosen from the box's index (decisions 0042, 0057); otherwise in the directory's order.
  const page = (openTest?: SQL) =>
    near
      ? nearestWithin(
          {
            table: directoryBusiness,
            id: directoryBusiness.id,
            columns: cardColumns,
            where: where(openTest, { keepsRadius: false })!,
            order: byName,
            offset: (query.page - 1) * PAGE_SIZE,
            limit: PAGE_SIZE,
          },
          near.origin,
          directoryBusiness,
          near.km,
        )
      : db()
          .select({ ...cardColumns, distanceKm: sql<null>`null` })
          .from(directoryBusiness)
          .where(where(openTest))
          .orderBy(desc(directoryBusiness.showcased), ...orderBy(byName))
          .limit(PAGE_SIZE)
          .offset((query.page - 1) * PAGE_SIZE);
  // "Open now" with nothing else, a category, a town or halal filters is
  // counted apart, from the hours alone (decisions 0043–0045). Words, a
  // radius and the filters on the row alone count with their page. The
  // directory, or a category of it, is summed from its changes (decision 0058).
  const counting =
    openCondition && !near && words.length === 0 && rowOnly.length === 0
      ? countOpenNow(now, query, where()!)
      : undefined;
  const counted: Promise<number> = counting
    ? counting.then(({ open }) => open)
    : !openCondition && !radius && narrowing.length === 0
      ? publishedBusinesses(query.category)
      : db()
          .select({ n: count() })
          .from(directoryBusiness)
          .where(where(openCondition))
          .then(([row]) => row?.n ?? 0);
  // Strongest evidence first (decision 0091), then as the directory orders;
  // within a radius, nearest first among equals, from the few the radius keeps.
  const byEvidence = () => {
    const from = near?.origin ?? origin;
    const distance = from ? distanceFrom(from, directoryBusiness.latitude, directoryBusiness.longitude) : null;
    return db()
      .select({ ...cardColumns, distanceKm: distance ?? sql<null>`null` })
      .from(directoryBusiness)
      .where(where(openCondition))
      .orderBy(
        desc(directoryBusiness.evidenceLevel),
        ...(near && distance ? [sql`${distance} asc nulls last`] : [desc(directoryBusiness.showcased)]),
        ...orderBy(byName),
      )
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE);
  };
  const pageRows = async () => {
    if (query.sort === "evidence") return byEvidence();
    // Nearest first without a radius: featured, then the rest in circles
    // around the visitor (decisions 0048, 0049), "open now" tested there.
    if (origin && !near) {
      return nearestBusinesses(where()!, origin, query.page, {
        circles: words.length === 0 && !query.location,
        openNow: openCondition && {
          test: openNowProbe(now),
          total: counted,
          // Asked for only past the first page: a promise made and never awaited would leave a failed count unhandled.
          featured: async () => (counting ? (await counting).featuredOpen : null),
        },
      });
    }
    if (!counting) return page(openCondition);
    // The count chooses the page's plan: none past the last open business,
    // each business tested in turn when many are open, the open ones hashed
    // when few are (decision 0044).
    const { open, businesses } = await counting;
    const rowsWanted = query.page * PAGE_SIZE;
    if (open <= rowsWanted - PAGE_SIZE) return [];
    return page(probesEachBusiness(open, businesses, rowsWanted) ? openNowProbe(now) : openCondition);
  };
  const withUnit = (rows: Awaited<ReturnType<typeof pageRows>>) =>
    rows.map((row): typeof row & { distanceUnit?: DistanceUnit } => (near ? { ...row, distanceUnit: "miles" } : row));
  // The cards' facts are read as soon as the page is, while the count may still be running.
  const [items, total] = await Promise.all([pageRows().then((rows) => withCardFacts(withUnit(rows), now)), counted]);
  return { items, total };
}

/**
 * A page of businesses nearest `origin`, without a radius (decision 0049), in
 * the directory's order: featured first, then the rest, each nearest first.
 * The featured are few, so they are sorted whole. The rest are looked for in
 * circles around the origin, unless `circles` is false (words or a town,
 * whose indexes narrow them better), and sorted whole only when the widest
 * circle holds too few. "Open now": `test`, a business's own row tested as
 * the position indexes are read (decision 0051); `total`, the count, which
 * says when no open one is left for the page; and `featured`, how many of
 * them are featured, when it was summed with the count (decision 0060).
 */
async function nearestBusinesses(
  matching: SQL,
  origin: LatLng,
  page: number,
  {
    circles,
    openNow,
  }: { circles: boolean; openNow?: { test: SQL; total: Promise<number>; featured: () => Promise<number | null> } },
) {
  const b = directoryBusiness;
  const offset = (page - 1) * PAGE_SIZE;
  const distance = distanceFrom(origin, b.latitude, b.longitude);
  const rows = { table: b, id: b.id, columns: cardColumns, order: byName };
  const featured = and(matching, sql`${b.showcased}`, openNow?.test)!;
  // The featured businesses before this page, counted only up to the page's
  // offset: when fewer, none is on the page and their count is exact (decision
  // 0050). The open ones, when summed with the count, are not tested one by one.
  const featuredBefore =
    offset === 0 ? 0 : Math.min(offset, (await openNow?.featured()) ?? (await countUpTo(b, featured, offset)));
  // Sorted on their ids, names and positions alone (with no category or halal
  // filter, all in the featured position index); the page's rows are read whole after.
  const featuredRows =
    featuredBefore < offset
      ? []
      : await nearestFirstPage({ ...rows, where: featured, distance, offset, limit: PAGE_SIZE });
  if (featuredRows.length === PAGE_SIZE) return featuredRows;
  // With none open, every circle would be read in vain (decision 0051).
  if (openNow && (await openNow.total) <= offset + featuredRows.length) return featuredRows;
  // The rest start on this page when featured businesses end on it; otherwise after all of them.
  const restOffset = offset - featuredBefore;
  const wanted = PAGE_SIZE - featuredRows.length;
  const rest = and(matching, sql`not ${b.showcased}`, openNow?.test)!;
  const nearest = circles
    ? await nearestInCircles({ ...rows, where: rest, offset: restOffset, limit: wanted }, origin, b)
    : null;
  return [
    ...featuredRows,
    ...(nearest ??
      (await db()
        .select({ ...cardColumns, distanceKm: distance })
        .from(b)
        .where(rest)
        .orderBy(sql`${distance} asc nulls last`, ...orderBy(byName))
        .limit(wanted)
        .offset(restOffset))),
  ];
}

/**
 * Adds what a card shows that depends on the moment: the halal badges (out of
 * date after 12 months) and "Open now · closes 22:00", both on London's clock;
 * and the food hygiene rating, read with them.
 * Worked out on the server so the page and its hydration agree.
 */
export async function withCardFacts<T extends { id: number } & HalalFacts>(items: T[], now = new Date()) {
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

export type BusinessCard = Awaited<ReturnType<typeof searchBusinesses>>["items"][number];

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
      halalCertificateNumber: directoryBusiness.halalCertificateNumber,
      halalSlaughter: directoryBusiness.halalSlaughter,
      halalStunned: directoryBusiness.halalStunned,
      halalEvidence: directoryBusiness.halalEvidence,
      halalMeatSupplier: directoryBusiness.halalMeatSupplier,
      lastConfirmedOn: directoryBusiness.lastConfirmedOn,
      menuUrl: directoryBusiness.menuUrl,
      dineIn: directoryBusiness.dineIn,
      takeaway: directoryBusiness.takeaway,
      delivery: directoryBusiness.delivery,
      prayerSpace: directoryBusiness.prayerSpace,
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

// What a promotion did last month, in the site's own figures (decision 0070):
// the average page views of a promoted directory business or listing against
// the others', over the last calendar month in UK days. The page reads it
// kept: last month's figures are settled, so it is worked out once an hour.
import { and, count, gt, gte, inArray, isNotNull, lt, ne, sql, sum } from "drizzle-orm";
import { londonDay, londonMidnight } from "~/lib/dates";
import { db as currentDb, type Database } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { businessViewDay, listingViewDay, subscription } from "~/server/schema";

/**
 * Fewer pages than this in either group and the figures are not shown: one
 * promoted page's average would be its own views, which are its owner's to see.
 */
export const MIN_PAGES_A_GROUP = 3;

export interface ReachGroup {
  /** Pages viewed at least once in the month. */
  pages: number;
  views: number;
  /** Views per page, rounded to a whole view. */
  average: number;
}

export interface KindReach {
  promoted: ReachGroup;
  others: ReachGroup;
}

export interface PromotionReach {
  /** "October 2026". */
  month: string;
  /** Each kind only when both its groups have at least MIN_PAGES_A_GROUP pages. */
  businesses: KindReach | null;
  listings: KindReach | null;
}

/** The last calendar month before `now`'s UK day: its first day and the next month's, as dates and instants. */
export function lastMonthOf(now: Date) {
  const [year, month] = londonDay(now).split("-").map(Number) as [number, number];
  const iso = (y: number, m: number) => `${m === 0 ? y - 1 : y}-${String(m === 0 ? 12 : m).padStart(2, "0")}-01`;
  const first = iso(year, month - 1);
  const next = iso(year, month);
  return { first, next, from: londonMidnight(first), to: londonMidnight(next) };
}

const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

const kinds = {
  businesses: { days: businessViewDay, page: businessViewDay.businessId, promotedBy: subscription.businessId },
  listings: { days: listingViewDay, page: listingViewDay.listingId, promotedBy: subscription.listingId },
} as const;

/**
 * Last month's views of promoted pages against the others', or null when
 * neither kind has enough of both. A page counts as promoted when a paid
 * promotion for it ran at any time in the month (any subscription for it
 * past pending whose period meets the month: cancelled and refunded ones end
 * when they stopped); every other page viewed that month is among the others.
 * Reads the month's rows of the per-day counts by their day index.
 */
export async function promotionReach(db: Database, now: Date): Promise<PromotionReach | null> {
  const month = lastMonthOf(now);
  const [businesses, listings] = await Promise.all(
    (Object.keys(kinds) as (keyof typeof kinds)[]).map((kind) => reachOf(db, kinds[kind], month)),
  );
  if (!businesses && !listings) return null;
  return {
    month: monthName.format(new Date(`${month.first}T12:00:00Z`)),
    businesses: businesses ?? null,
    listings: listings ?? null,
  };
}

async function reachOf(
  db: Database,
  { days, page, promotedBy }: (typeof kinds)[keyof typeof kinds],
  month: ReturnType<typeof lastMonthOf>,
): Promise<KindReach | null> {
  const promoted = db
    .selectDistinct({ id: promotedBy })
    .from(subscription)
    .where(
      and(
        isNotNull(promotedBy),
        ne(subscription.status, "pending"),
        lt(subscription.startDate, month.to),
        gt(subscription.endDate, month.from),
      ),
    );
  const viewed = db.$with("viewed").as(
    db
      .select({ id: page, views: sum(days.views).mapWith(Number).as("views") })
      .from(days)
      .where(and(gte(days.day, month.first), lt(days.day, month.next)))
      .groupBy(page),
  );
  const isPromoted = sql<boolean>`${inArray(viewed.id, promoted)}`.as("is_promoted");
  const rows = await db
    .with(viewed)
    .select({ promoted: isPromoted, pages: count(), views: sum(viewed.views).mapWith(Number) })
    .from(viewed)
    .groupBy(sql`1`);
  const group = (wanted: boolean): ReachGroup => {
    const row = rows.find((r) => r.promoted === wanted);
    const pages = row?.pages ?? 0;
    const views = row?.views ?? 0;
    return { pages, views, average: pages ? Math.round(views / pages) : 0 };
  };
  const reach = { promoted: group(true), others: group(false) };
  return reach.promoted.pages >= MIN_PAGES_A_GROUP && reach.others.pages >= MIN_PAGES_A_GROUP ? reach : null;
}

const KEEP_MS = 60 * 60 * 1000;
const kept = new WeakMap<Database, { first: string; at: number; reach: Promise<PromotionReach | null> }>();

/**
 * `promotionReach` for /promote, worked out at most once an hour per
 * database (and again when the month turns): last month's views change only
 * by the few seconds a server holds them, so a page view never waits on the
 * month's rows.
 */
export function lastMonthsPromotionReach(now = new Date(), db: Database = currentDb()) {
  const { first } = lastMonthOf(now);
  const known = kept.get(db);
  if (known && known.first === first && now.getTime() - known.at < KEEP_MS) return known.reach;
  const reach: Promise<PromotionReach | null> = promotionReach(db, now).catch((error: unknown) => {
    // The page goes on without its figures; the failure is not kept, so the next page asks again.
    logger.warn({ err: error }, "last month's promotion figures could not be read");
    if (kept.get(db)?.reach === reach) kept.delete(db);
    return null;
  });
  kept.set(db, { first, at: now.getTime(), reach });
  return reach;
}

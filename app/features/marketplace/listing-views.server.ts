// Views of a listing's page (decision 0024) and of a directory business's
// (decision 0036): which requests count, how a batch is written, and the per-day series the seller's dashboard will chart. Days
// are UK days (Europe/London), as everywhere else on the site.
import { and, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";
import { addDays, londonDay } from "~/lib/dates";
import { db as currentDb, type Database } from "~/server/db.server";
import type { View, ViewKind } from "~/server/page-views.server";
import {
  businessListing,
  businessView,
  businessViewDay,
  directoryBusiness,
  listingView,
  listingViewDay,
} from "~/server/schema";
import { CONFIDENTIAL_SLUG, confidentialSlug } from "./confidential";

/** Statements stay well within PostgreSQL's 65,535 parameters (three a row). */
const ROWS_PER_STATEMENT = 5_000;

/**
 * The listing a request is a view of: its page, or the data a client-side
 * navigation to it fetches. Other paths (saving it, its photos) are not views.
 */
export function listingSlugFromPath(path: string): string | undefined {
  return slugFromPath(/^\/buy\/([^/]+?)(?:\.data)?$/, path);
}

/** A directory business's page (decision 0036), likewise. */
export function businessSlugFromPath(path: string): string | undefined {
  return slugFromPath(/^\/halal-network-space\/([^/]+?)(?:\.data)?$/, path);
}

function slugFromPath(pattern: RegExp, path: string): string | undefined {
  const match = pattern.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** Where each kind of view is counted: the pages' table, the visitors' and the per-day counts. */
const targets = {
  listing: {
    pages: {
      table: businessListing,
      id: businessListing.id,
      slug: businessListing.slug,
      confidential: businessListing.confidential,
    },
    visitors: { table: listingView, page: listingView.listingId, day: listingView.day, hash: listingView.visitorHash },
    days: {
      table: listingViewDay,
      page: listingViewDay.listingId,
      day: listingViewDay.day,
      views: listingViewDay.views,
    },
  },
  business: {
    pages: {
      table: directoryBusiness,
      id: directoryBusiness.id,
      slug: directoryBusiness.slug,
      confidential: sql<boolean>`false`,
    },
    visitors: {
      table: businessView,
      page: businessView.businessId,
      day: businessView.day,
      hash: businessView.visitorHash,
    },
    days: {
      table: businessViewDay,
      page: businessViewDay.businessId,
      day: businessViewDay.day,
      views: businessViewDay.views,
    },
  },
} as const;

/**
 * Writes a batch of views (subjects are slugs) of either kind. A visitor
 * already counted for that page and day — by this server or another — adds
 * nothing: the primary key drops them, and only the rows actually added are
 * counted into the day's total, in the same statement.
 */
export async function recordViews(db: Database, views: View[]): Promise<void> {
  for (const kind of Object.keys(targets) as ViewKind[]) {
    const ofKind = views.filter((view) => view.kind === kind);
    if (ofKind.length > 0) await recordViewsOf(db, targets[kind], ofKind);
  }
}

type Target = (typeof targets)[ViewKind];

/** A confidential listing's page is at confidential-<id> (decision 0033): the ids those slugs name. */
function confidentialListingIds(slugs: string[]) {
  return slugs.flatMap((slug) => {
    const id = CONFIDENTIAL_SLUG.exec(slug)?.[1];
    return id ? [Number(id)] : [];
  });
}

async function recordViewsOf(db: Database, { pages, visitors, days }: Target, views: View[]) {
  const slugs = [...new Set(views.map((view) => view.subject))];
  const confidentialIds = pages.table === businessListing ? confidentialListingIds(slugs) : [];
  const found = await db
    .select({ id: pages.id, slug: pages.slug, confidential: pages.confidential })
    .from(pages.table)
    .where(
      confidentialIds.length
        ? or(inArray(pages.slug, slugs), inArray(pages.id, confidentialIds))
        : inArray(pages.slug, slugs),
    );
  const idOf = new Map(found.map((page) => [page.confidential ? confidentialSlug(page.id) : page.slug, page.id]));
  const rows = views.flatMap((view) => {
    const id = idOf.get(view.subject);
    return id === undefined ? [] : [{ id, day: view.day, hash: view.visitor }];
  });
  const column = (c: { name: string }) => sql.identifier(c.name);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT);
    // Three arrays, whatever the batch's size: one statement adds the new
    // visitors and counts only those into their days.
    await db.execute(sql`
      with added as (
        insert into ${visitors.table} (${column(visitors.page)}, ${column(visitors.day)}, ${column(visitors.hash)})
        select * from unnest(${sql.param(batch.map((r) => r.id))}::int[], ${sql.param(batch.map((r) => r.day))}::date[], ${sql.param(batch.map((r) => r.hash))}::text[])
        on conflict do nothing
        returning ${column(visitors.page)} as page, ${column(visitors.day)} as day
      )
      insert into ${days.table} (${column(days.page)}, ${column(days.day)}, ${column(days.views)})
      select page, day, count(*)::int from added group by page, day
      on conflict (${column(days.page)}, ${column(days.day)})
      do update set ${column(days.views)} = ${days.table}.${column(days.views)} + excluded.${column(days.views)}`);
  }
}

/**
 * Views per UK day over the last `days` days for each page, oldest first,
 * today last; a day without views is 0. One query for all of them.
 */
async function viewsByDay(
  { days: perDay }: Target,
  ids: number[],
  days: number,
  now: Date,
  db: Database,
): Promise<Map<number, { day: string; views: number }[]>> {
  const first = addDays(londonDay(now), 1 - days);
  const rows = ids.length
    ? await db
        .select({ id: perDay.page, day: perDay.day, views: perDay.views })
        .from(perDay.table)
        .where(and(inArray(perDay.page, ids), gte(perDay.day, first)))
    : [];
  return new Map(
    ids.map((id) => {
      const viewsOn = new Map(rows.filter((row) => row.id === id).map((row) => [row.day, row.views]));
      return [
        id,
        Array.from({ length: days }, (_, i) => ({
          day: addDays(first, i),
          views: viewsOn.get(addDays(first, i)) ?? 0,
        })),
      ];
    }),
  );
}

export const listingViewsByDay = (listingIds: number[], days = 30, now = new Date(), db: Database = currentDb()) =>
  viewsByDay(targets.listing, listingIds, days, now, db);

/** A directory business's page views per day (its owner's /my-businesses). */
export const businessViewsByDay = (businessIds: number[], days = 30, now = new Date(), db: Database = currentDb()) =>
  viewsByDay(targets.business, businessIds, days, now, db);

/** All views over the last `days` UK days, today included. */
export async function listingViewsTotal(listingId: number, days = 30, now = new Date(), db: Database = currentDb()) {
  const [row] = await db
    .select({ views: sum(listingViewDay.views).mapWith(Number) })
    .from(listingViewDay)
    .where(and(eq(listingViewDay.listingId, listingId), gte(listingViewDay.day, addDays(londonDay(now), 1 - days))));
  return row?.views ?? 0;
}

/**
 * Forgets visitors' hashes once their day is over (yesterday's are kept, for
 * views still in a server's buffer at midnight). The counts stay.
 */
export async function pruneListingViewVisitors(db: Database, now = new Date()) {
  await db.delete(listingView).where(lt(listingView.day, addDays(londonDay(now), -1)));
  await db.delete(businessView).where(lt(businessView.day, addDays(londonDay(now), -1)));
}

// Views of a listing's page (decision 0024): which requests count, how a batch
// is written, and the per-day series the seller's dashboard will chart. Days
// are UK days (Europe/London), as everywhere else on the site.
import { and, eq, gte, inArray, lt, sql, sum } from "drizzle-orm";
import { addDays, londonDay } from "~/lib/dates";
import { db as currentDb, type Database } from "~/server/db.server";
import type { View } from "~/server/page-views.server";
import { businessListing, listingView, listingViewDay } from "~/server/schema";

/** Statements stay well within PostgreSQL's 65,535 parameters (three a row). */
const ROWS_PER_STATEMENT = 5_000;

/**
 * The listing a request is a view of: its page, or the data a client-side
 * navigation to it fetches. Other paths (saving it, its photos) are not views.
 */
export function listingSlugFromPath(path: string): string | undefined {
  const match = /^\/buy\/([^/]+?)(?:\.data)?$/.exec(path);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/**
 * Writes a batch of views (subjects are slugs). A visitor already counted for
 * that listing and day — by this server or another — adds nothing: the
 * primary key drops them, and only the rows actually added are counted into
 * the day's total, in the same transaction.
 */
export async function recordListingViews(db: Database, views: View[]): Promise<void> {
  if (views.length === 0) return;
  const slugs = [...new Set(views.map((view) => view.subject))];
  const listings = await db
    .select({ id: businessListing.id, slug: businessListing.slug })
    .from(businessListing)
    .where(inArray(businessListing.slug, slugs));
  const idOf = new Map(listings.map((listing) => [listing.slug, listing.id]));
  const rows = views.flatMap((view) => {
    const listingId = idOf.get(view.subject);
    return listingId === undefined ? [] : [{ listingId, day: view.day, visitorHash: view.visitor }];
  });
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(listingView)
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflictDoNothing()
        .returning({ listingId: listingView.listingId, day: listingView.day });
      const counts = new Map<string, { listingId: number; day: string; views: number }>();
      for (const { listingId, day } of added) {
        const key = `${listingId} ${day}`;
        const count = counts.get(key) ?? { listingId, day, views: 0 };
        count.views++;
        counts.set(key, count);
      }
      if (counts.size === 0) return;
      await tx
        .insert(listingViewDay)
        .values([...counts.values()])
        .onConflictDoUpdate({
          target: [listingViewDay.listingId, listingViewDay.day],
          set: { views: sql`${listingViewDay.views} + excluded.views` },
        });
    });
  }
}

/**
 * Views per UK day over the last `days` days for each listing, oldest first,
 * today last; a day without views is 0. One query for all of them.
 */
export async function listingViewsByDay(
  listingIds: number[],
  days = 30,
  now = new Date(),
  db: Database = currentDb(),
): Promise<Map<number, { day: string; views: number }[]>> {
  const first = addDays(londonDay(now), 1 - days);
  const rows = listingIds.length
    ? await db
        .select({ listingId: listingViewDay.listingId, day: listingViewDay.day, views: listingViewDay.views })
        .from(listingViewDay)
        .where(and(inArray(listingViewDay.listingId, listingIds), gte(listingViewDay.day, first)))
    : [];
  return new Map(
    listingIds.map((id) => {
      const viewsOn = new Map(rows.filter((row) => row.listingId === id).map((row) => [row.day, row.views]));
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
}

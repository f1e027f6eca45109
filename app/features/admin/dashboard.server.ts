// The dashboard's figures: what needs doing, and how busy the site is.
import { count, eq, gte, sql } from "drizzle-orm";
import { db } from "~/server/db.server";
import { businessListing, enquiry, subscription } from "~/server/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** "2026-11-21": a day as the UK sees it. */
const londonDay = (date: Date) => date.toLocaleDateString("en-CA", { timeZone: "Europe/London" });

export async function dashboardFigures(now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const day = sql<string>`to_char(${enquiry.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`;
  const [[pending], [newEnquiries], [active], perDay] = await Promise.all([
    db().select({ n: count() }).from(businessListing).where(eq(businessListing.status, "pending")),
    db().select({ n: count() }).from(enquiry).where(gte(enquiry.createdAt, weekAgo)),
    db().select({ n: count() }).from(subscription).where(eq(subscription.status, "active")),
    db().select({ day, n: count() }).from(enquiry).where(gte(enquiry.createdAt, since)).groupBy(day),
  ]);
  // Every one of the last 30 days, with the days without enquiries as 0.
  const byDay = new Map(perDay.map((r) => [r.day, r.n]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = londonDay(new Date(now.getTime() - (29 - i) * DAY_MS));
    return { date, count: byDay.get(date) ?? 0 };
  });
  return { pendingListings: pending!.n, newEnquiriesThisWeek: newEnquiries!.n, activeSubscriptions: active!.n, days };
}

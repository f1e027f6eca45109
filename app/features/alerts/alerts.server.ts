// Saved searches' alert e-mails (decision 0031), run by the scheduler: every
// 5 minutes for instant searches, at 07:00 London for daily ones and on
// Mondays at 07:00 for weekly ones. Matching is /buy's own WHERE
// (listingConditions, and the radius of a near search) on the search's stored
// query string, restricted to listings published since the search was last
// checked. What an e-mail
// tells of is recorded in saved_search_sent (primary key: search, listing)
// in the same transaction as the e-mail is queued, so two servers, a retry
// or an overlapping run can never send one listing twice for one search.
import { and, asc, desc, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import { confidentialColumns, maskListing } from "~/features/marketplace/confidential.server";
import { parseListingQuery } from "~/features/marketplace/listing-query.server";
import { listingConditions, withinRadius } from "~/features/marketplace/listings.server";
import { nearFilter, readNearSearch } from "~/features/places/places.server";
import type { Database } from "~/server/db.server";
import { enqueueMail } from "~/server/outbox.server";
import { businessListing, savedListing, savedSearch, savedSearchSent, user } from "~/server/schema";
import { absoluteUrl } from "~/server/site.server";
import { alertMail, type SavedListingChange } from "./emails.server";
import type { Frequency } from "./frequencies";
import { unsubscribeUrl } from "./unsubscribe.server";

/**
 * Looked back past the last check: a listing stamped just before a run but
 * committed just after it is still seen; the sent table keeps it from being
 * told twice.
 */
const OVERLAP_MS = 60 * 60 * 1000;
/** Searches matched per statement, and per batch of e-mails. */
const CHUNK = 200;

export interface SearchToMatch {
  id: number;
  query: string;
  /** Listings published after this and up to the run's time are new to the search. */
  since: Date;
}

/**
 * Listing ids newly matching each search: /buy's WHERE for each search,
 * 200 searches to a statement, joined by UNION ALL. The statement first
 * gathers the few listings published in the window into a CTE named like
 * the table, so that every search's WHERE (written for business_listing)
 * reads those rows instead of the table: planning 200 queries over a CTE
 * costs a few milliseconds, over the table's indexes about 80 (bench/README.md).
 */
export async function matchSearches(database: Database, searches: SearchToMatch[], until: Date) {
  const matches = new Map<number, number[]>();
  for (let i = 0; i < searches.length; i += CHUNK) {
    const chunk = searches.slice(i, i + CHUNK);
    const earliest = new Date(Math.min(...chunk.map((search) => search.since.getTime())));
    // A near search's place, resolved now as /buy would; one that no longer resolves matches nothing
    // rather than the whole country.
    const params = chunk.map((search) => new URLSearchParams(search.query));
    const nears = await Promise.all(params.map((p) => readNearSearch(p)));
    const perSearch = chunk.flatMap((search, n) => {
      const near = nears[n] ?? null;
      if (near && !near.place) return [];
      const within = nearFilter(near);
      return [
        sql`(select ${search.id}::integer as search_id, ${businessListing.id} as listing_id
        from ${businessListing}
        where ${listingConditions(parseListingQuery(params[n]!))}
          ${within ? sql`and ${withinRadius(within)}` : sql``}
          and ${businessListing.publishedAt} > ${search.since})`,
      ];
    });
    if (perSearch.length === 0) continue;
    // Inside its own definition, a (non-recursive) CTE's name still means the table.
    const result = await database.execute(
      sql`with ${businessListing} as materialized (
          select * from ${businessListing}
          where ${businessListing.status} = 'published'
            and ${businessListing.publishedAt} > ${earliest} and ${businessListing.publishedAt} <= ${until})
        ${sql.join(perSearch, sql` union all `)}`,
    );
    // node-postgres and PGlite both answer with { rows }.
    const { rows } = result as unknown as { rows: { search_id: number; listing_id: number }[] };
    for (const { search_id: searchId, listing_id: listingId } of rows) {
      const ids = matches.get(searchId) ?? [];
      ids.push(listingId);
      matches.set(searchId, ids);
    }
  }
  return matches;
}

/**
 * A saved listing whose price or under-offer state differs from what the
 * member was last told. The price is the public one (decision 0062), as the
 * e-mails show it: null while a confidential listing hides it, so a hidden
 * price is neither kept nor compared.
 */
const changedSinceSeen = and(
  eq(businessListing.status, "published"),
  or(
    sql`${savedListing.pricePenceSeen} is distinct from ${businessListing.publicAskingPricePence}`,
    sql`${savedListing.underOfferAtSeen} is distinct from ${businessListing.underOfferAt}`,
  ),
);

/**
 * Takes the member's saved-listing news: price drops and under-offer changes
 * since they were last told. The rows are locked and marked seen in the
 * caller's transaction, so the news goes into one e-mail only. A price shown
 * where none was (a listing no longer confidential, or showing its price) is
 * only a starting point.
 */
async function takeSavedListingNews(tx: Database, userId: string): Promise<SavedListingChange[]> {
  const rows = await tx
    .select({
      id: savedListing.id,
      listingId: businessListing.id,
      title: businessListing.title,
      slug: businessListing.slug,
      category: businessListing.category,
      askingPricePence: businessListing.askingPricePence,
      price: businessListing.publicAskingPricePence,
      ...confidentialColumns,
      underOfferAt: businessListing.underOfferAt,
      priceSeen: savedListing.pricePenceSeen,
      underOfferChanged: sql<boolean>`${savedListing.underOfferAtSeen} is distinct from ${businessListing.underOfferAt}`,
    })
    .from(savedListing)
    .innerJoin(businessListing, eq(businessListing.id, savedListing.listingId))
    .where(and(eq(savedListing.userId, userId), changedSinceSeen))
    .orderBy(asc(savedListing.id))
    .for("update", { of: savedListing });
  const news: SavedListingChange[] = [];
  for (const row of rows) {
    await tx
      .update(savedListing)
      .set({ pricePenceSeen: row.price, underOfferAtSeen: row.underOfferAt })
      .where(eq(savedListing.id, row.id));
    // E-mails name a confidential listing as a visitor sees it (decision 0033): they travel beyond our access checks.
    const shown = maskListing({ ...row, id: row.listingId });
    const url = absoluteUrl(`/buy/${shown.slug}`);
    if (row.price !== null && row.priceSeen !== null && row.price < row.priceSeen) {
      news.push({ kind: "price", title: shown.title, url, pricePence: row.price, wasPence: row.priceSeen });
    }
    if (row.underOfferChanged) {
      news.push({ kind: row.underOfferAt ? "under_offer" : "back_on_market", title: shown.title, url });
    }
  }
  return news;
}

interface DueSearch {
  id: number;
  userId: string;
  email: string;
  name: string;
  query: string;
}

/** One search's e-mail, if it has news: recorded, marked and queued in one transaction. */
async function deliver(database: Database, search: DueSearch, matched: number[], hasNews: boolean, now: Date) {
  return database.transaction(async (tx) => {
    const fresh = matched.length
      ? await tx
          .insert(savedSearchSent)
          .values(matched.map((listingId) => ({ searchId: search.id, listingId, sentAt: now })))
          .onConflictDoNothing()
          .returning({ listingId: savedSearchSent.listingId })
      : [];
    const changes = hasNews ? await takeSavedListingNews(tx, search.userId) : [];
    if (fresh.length === 0 && changes.length === 0) return false;
    const listings = fresh.length
      ? await tx
          .select({
            id: businessListing.id,
            title: businessListing.title,
            slug: businessListing.slug,
            category: businessListing.category,
            town: businessListing.town,
            askingPricePence: businessListing.askingPricePence,
            ...confidentialColumns,
          })
          .from(businessListing)
          .where(
            inArray(
              businessListing.id,
              fresh.map((row) => row.listingId),
            ),
          )
          .orderBy(desc(businessListing.publishedAt), desc(businessListing.id))
      : [];
    await enqueueMail(
      tx,
      alertMail({
        to: search.email,
        searchName: search.name,
        listings: listings
          .map((row) => maskListing(row))
          .map((listing) => ({
            title: listing.title,
            town: listing.town,
            askingPricePence: listing.askingPricePence,
            url: absoluteUrl(`/buy/${listing.slug}`),
          })),
        allMatchesUrl: absoluteUrl(`/buy?${search.query}${search.query ? "&" : ""}sort=latest`),
        changes,
        manageUrl: absoluteUrl("/my-searches"),
        unsubscribeUrl: unsubscribeUrl(search.id),
      }),
    );
    await tx.update(savedSearch).set({ lastAlertAt: now }).where(eq(savedSearch.id, search.id));
    return true;
  });
}

/** Members among `userIds` with saved-listing news, in one query. */
async function membersWithNews(database: Database, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await database
    .selectDistinct({ userId: savedListing.userId })
    .from(savedListing)
    .innerJoin(businessListing, eq(businessListing.id, savedListing.listingId))
    .where(and(inArray(savedListing.userId, userIds), changedSinceSeen));
  return new Set(rows.map((row) => row.userId));
}

/** Sends the alerts of every search of this frequency that has news at `now`; returns how many were queued. */
export async function runAlerts(database: Database, frequency: Exclude<Frequency, "off">, now: Date) {
  let queued = 0;
  let afterId = 0;
  for (;;) {
    const searches = await database
      .select({
        id: savedSearch.id,
        userId: savedSearch.userId,
        email: user.email,
        name: savedSearch.name,
        query: savedSearch.query,
        checkedThrough: savedSearch.checkedThrough,
        createdAt: savedSearch.createdAt,
      })
      .from(savedSearch)
      .innerJoin(user, eq(user.id, savedSearch.userId))
      // Only to addresses their owners have confirmed: nobody gets alerts by signing up with someone else's.
      .where(and(eq(savedSearch.frequency, frequency), eq(user.emailVerified, true), gt(savedSearch.id, afterId)))
      .orderBy(asc(savedSearch.id))
      .limit(CHUNK);
    if (searches.length === 0) return queued;
    afterId = searches.at(-1)!.id;
    const matches = await matchSearches(
      database,
      searches.map((search) => ({
        id: search.id,
        query: search.query,
        since: new Date(Math.max(search.checkedThrough.getTime() - OVERLAP_MS, search.createdAt.getTime())),
      })),
      now,
    );
    const withNews = await membersWithNews(database, [...new Set(searches.map((search) => search.userId))]);
    for (const search of searches) {
      const matched = matches.get(search.id) ?? [];
      if (matched.length === 0 && !withNews.has(search.userId)) continue;
      if (await deliver(database, search, matched, withNews.has(search.userId), now)) queued++;
    }
    await database
      .update(savedSearch)
      .set({ checkedThrough: now })
      .where(
        and(
          inArray(
            savedSearch.id,
            searches.map((search) => search.id),
          ),
          eq(savedSearch.frequency, frequency),
          lte(savedSearch.checkedThrough, now),
        ),
      );
  }
}

// A member's saved searches (decision 0031). Every query names the member, so
// one member's search is never reachable through another's id.
import { cleanLine } from "~/lib/text";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "~/lib/zod";
import {
  canonicalListingQuery,
  parseListingQuery,
  type ListingQuery,
} from "~/features/marketplace/listing-query.server";
import { readNearSearch, type NearSearch } from "~/features/places/places.server";
import type { Database } from "~/server/db.server";
import { savedSearch, user } from "~/server/schema";
import { frequencies, type Frequency } from "./frequencies";

export const MAX_SAVED_SEARCHES = 50;
export const NAME_MAX = 100;

export const saveSearchSchema = z.object({
  name: z
    .string({ error: "Please give this search a name" })
    .overwrite(cleanLine)
    .trim()
    .min(1, "Please give this search a name")
    .max(NAME_MAX, `The name must be at most ${NAME_MAX} characters`),
  frequency: z.enum(frequencies).catch("daily"),
});

export type SaveResult = { ok: true; id: number } | { ok: false; error: string };

/**
 * The query string a search is kept as: /buy's filters in one order, and a
 * resolved "near" search (decision 0034) as its place's text and radius,
 * resolved again at each match.
 */
export function keptSearchQuery(query: ListingQuery, near: NearSearch | null): string {
  const kept = new URLSearchParams(canonicalListingQuery(query));
  if (near?.place) {
    kept.set("near", near.text);
    kept.set("radius", String(near.radiusMiles));
  }
  return kept.toString();
}

/** Keeps /buy's filters from `search` (a query string) under a name; at most 50 a member. */
export async function createSavedSearch(
  database: Database,
  userId: string,
  input: { name: string; frequency: Frequency; search: string },
  now = new Date(),
): Promise<SaveResult> {
  const params = new URLSearchParams(input.search);
  const near = await readNearSearch(params);
  // A place that cannot be resolved is refused with the list's own message: a search is never kept wider than shown.
  if (near && !near.place) return { ok: false, error: near.notices.at(-1)! };
  const query = keptSearchQuery(parseListingQuery(params), near);
  return database.transaction(async (tx) => {
    // The member's row, locked: two saves at once cannot both count 49.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const [held] = await tx.select({ n: count() }).from(savedSearch).where(eq(savedSearch.userId, userId));
    if ((held?.n ?? 0) >= MAX_SAVED_SEARCHES) {
      return {
        ok: false as const,
        error: `You can keep at most ${MAX_SAVED_SEARCHES} saved searches. Delete one on My searches to save another.`,
      };
    }
    const [row] = await tx
      .insert(savedSearch)
      .values({ userId, name: input.name, query, frequency: input.frequency, createdAt: now, checkedThrough: now })
      .returning({ id: savedSearch.id });
    return { ok: true as const, id: row!.id };
  });
}

export function listSavedSearches(database: Database, userId: string) {
  return database
    .select({
      id: savedSearch.id,
      name: savedSearch.name,
      query: savedSearch.query,
      frequency: savedSearch.frequency,
      lastAlertAt: savedSearch.lastAlertAt,
      createdAt: savedSearch.createdAt,
    })
    .from(savedSearch)
    .where(eq(savedSearch.userId, userId))
    .orderBy(asc(savedSearch.createdAt), asc(savedSearch.id));
}

/** Changes how often a search alerts; false when the member has no such search. */
export async function setFrequency(database: Database, userId: string, id: number, frequency: Frequency) {
  const rows = await database
    .update(savedSearch)
    .set({
      frequency,
      // Turned back on after a pause: what was published while it was off is not news.
      checkedThrough: sql`case when ${savedSearch.frequency} = 'off' then now() else ${savedSearch.checkedThrough} end`,
    })
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return rows.length > 0;
}

/** Deletes a search; false when the member has no such search. */
export async function deleteSavedSearch(database: Database, userId: string, id: number) {
  const rows = await database
    .delete(savedSearch)
    .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
    .returning({ id: savedSearch.id });
  return rows.length > 0;
}

// One-click unsubscribe for one saved search (RFC 8058; decision 0031). The
// link is the search's id signed with the site's secret: it works signed
// out, needs no table, and a forged one is told apart from one whose search
// is gone or already off.
import crypto from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/server/db.server";
import { savedSearch } from "~/server/schema";
import { sessionSecret } from "~/server/secret.server";
import { absoluteUrl } from "~/server/site.server";

const signature = (id: number) =>
  crypto.createHmac("sha256", sessionSecret()).update(`saved-search-unsubscribe:${id}`).digest("base64url");

export function unsubscribeToken(id: number): string {
  return `${id}.${signature(id)}`;
}

export const unsubscribeUrl = (id: number) => absoluteUrl(`/alerts/unsubscribe/${unsubscribeToken(id)}`);

/** The search a token names, if the token is ours; undefined for a forged or mangled one. */
function searchIdOf(token: string): number | undefined {
  const match = /^(\d{1,10})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(id));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : undefined;
}

export type UnsubscribeLink = { state: "invalid" | "deleted" } | { state: "open" | "off"; search: { name: string } };

/** What a link is, without using it (mail scanners open links too). */
export async function readUnsubscribeLink(database: Database, token: string): Promise<UnsubscribeLink> {
  const id = searchIdOf(token);
  if (id === undefined) return { state: "invalid" };
  const [row] = await database
    .select({ name: savedSearch.name, frequency: savedSearch.frequency })
    .from(savedSearch)
    .where(eq(savedSearch.id, id));
  if (!row) return { state: "deleted" };
  return { state: row.frequency === "off" ? "off" : "open", search: { name: row.name } };
}

/** Turns the search's alerts off; says whether this call did it. */
export async function unsubscribe(database: Database, token: string): Promise<boolean> {
  const id = searchIdOf(token);
  if (id === undefined) return false;
  const rows = await database
    .update(savedSearch)
    .set({ frequency: "off" })
    .where(and(eq(savedSearch.id, id), ne(savedSearch.frequency, "off")))
    .returning({ id: savedSearch.id });
  return rows.length > 0;
}

// Free-text searches scan names and descriptions; a script firing them by the
// thousand would slow the site for everyone. Counted per visitor in the
// database, so every server process shares the count.
import { data, type RouterContextProvider } from "react-router";
import { clientIpContext } from "~/context";
import { db } from "./db.server";
import { hitRateLimit } from "./rate-limit.server";

/** Far beyond a person typing: one search a second, for a minute. */
export const SEARCH_RATE_LIMIT = { limit: 60, windowMs: 60_000 };

export const TOO_MANY_SEARCHES =
  "You have searched too many times in a short while. Please wait a minute and try again.";

/** Counts a text search by this visitor; past the limit, answers 429 instead of the page. */
export async function limitTextSearch(context: Readonly<RouterContextProvider>, text: (string | undefined)[]) {
  if (!text.some(Boolean)) return;
  const { allowed } = await hitRateLimit(db(), `search:${context.get(clientIpContext)}`, SEARCH_RATE_LIMIT);
  if (!allowed) {
    throw data(TOO_MANY_SEARCHES, { status: 429 });
  }
}

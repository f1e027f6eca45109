// Per-key fixed-window rate limits, counted in the database so they hold
// across restarts and across several server processes. One statement per
// hit: an upsert that either counts in the current window or starts a new one.
import { lt, sql } from "drizzle-orm";
import type { Database } from "./db.server";
import { rateLimit } from "./schema";

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends, for a Retry-After header. */
  retryAfterSeconds: number;
}

/** Counts one hit against `key` and says whether it is within the rule. */
export async function hitRateLimit(
  db: Database,
  key: string,
  { limit, windowMs }: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const expired = sql`${rateLimit.windowStartedAt} <= ${new Date(now.getTime() - windowMs)}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      // Both expressions read the row as it was before this statement.
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimit.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${rateLimit.windowStartedAt} end`,
      },
    })
    .returning();
  const endsAt = row!.windowStartedAt.getTime() + windowMs;
  return {
    allowed: row!.hits <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}

/** Deletes counters whose window ended long ago; `maxWindowMs` is the longest rule. */
export async function pruneRateLimits(db: Database, maxWindowMs: number, now = new Date()) {
  await db.delete(rateLimit).where(lt(rateLimit.windowStartedAt, new Date(now.getTime() - maxWindowMs)));
}

// Diners' "still as described" (decision 0091): a member who visited a
// business confirms its page, once per business in each London month. Three
// members within six months raise its evidence level; the triggers of
// app/server/read-models/evidence-level.ts count them, never this file.
import { and, eq, sql } from "drizzle-orm";
import { londonDay } from "~/lib/dates";
import { db, type Database } from "~/server/db.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { refreshEvidenceLevels } from "~/server/read-models/evidence-level";
import { businessConfirmation, directoryBusiness, user } from "~/server/schema";

const HOUR_MS = 60 * 60 * 1000;
/** Confirmations sent by one member, and from one network, in an hour. */
export const CONFIRMATION_RATE_LIMITS = {
  member: { limit: 20, windowMs: HOUR_MS },
  network: { limit: 60, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

export type ConfirmOutcome = "confirmed" | "already" | "own" | "unverified" | "banned" | "rate-limited" | "not-found";

/** The first day of `day`'s month. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/**
 * Records the member's confirmation of a published business. Stored only
 * from a member whose e-mail is verified, who may write reviews and does not
 * own the business: it counts towards what every visitor is shown.
 */
export async function confirmBusiness(
  member: { id: string },
  businessId: number,
  ip: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  const [[author], [business]] = await Promise.all([
    db()
      .select({ emailVerified: user.emailVerified, bannedAt: user.reviewsBannedAt })
      .from(user)
      .where(eq(user.id, member.id)),
    db()
      .select({ ownerId: directoryBusiness.ownerId })
      .from(directoryBusiness)
      .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.published, true))),
  ]);
  if (!author || !business) return "not-found";
  if (business.ownerId === member.id) return "own";
  if (!author.emailVerified) return "unverified";
  if (author.bannedAt) return "banned";
  for (const [key, rule] of [
    [`confirmation:${member.id}`, CONFIRMATION_RATE_LIMITS.member],
    [`confirmation-network:${ip}`, CONFIRMATION_RATE_LIMITS.network],
  ] as const) {
    if (!(await hitRateLimit(db(), key, rule, now)).allowed) return "rate-limited";
  }
  const today = londonDay(now);
  const inserted = await db()
    .insert(businessConfirmation)
    .values({ businessId, userId: member.id, confirmedOn: today, month: monthOf(today) })
    .onConflictDoNothing()
    .returning({ id: businessConfirmation.id });
  return inserted.length > 0 ? "confirmed" : "already";
}

/** Whether the member confirmed the business this London month (the page then says so instead of asking). */
export async function confirmedThisMonth(memberId: string, businessId: number, now = new Date()) {
  const [row] = await db()
    .select({ id: businessConfirmation.id })
    .from(businessConfirmation)
    .where(
      and(
        eq(businessConfirmation.businessId, businessId),
        eq(businessConfirmation.userId, memberId),
        eq(businessConfirmation.month, monthOf(londonDay(now))),
      ),
    );
  return Boolean(row);
}

/**
 * Every business's level as London's day at `now` makes it: certificates
 * that expired, checks and confirmations grown too old (the daily job
 * directory.evidence). Returns how many changed.
 */
export async function refreshEvidenceLevelsOn(database: Database, now: Date): Promise<number> {
  const day = londonDay(now);
  // A date London's clock made, never input; checked all the same, since it is written into the SQL.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  const result = (await database.execute(sql.raw(refreshEvidenceLevels(`'${day}'::date`)))) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}

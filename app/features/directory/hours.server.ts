// Opening hours in the database (docs/decisions/0028-opening-hours.md).
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { businessHours, businessHoursException, directoryBusiness } from "~/server/schema";
import { londonNow, weekdayOf, type HoursException, type Schedule, type WeeklyPeriod } from "./opening-hours";

/**
 * "Open now" as SQL (decisions 0028, 0039): London's day, weekday and minute
 * are worked out once, in JavaScript, and passed in. Most businesses answer
 * from their own row: `weekly_open`, their week as ranges of minutes kept by
 * triggers on business_hours, contains this minute of the week. A business
 * with an exception today or yesterday (a few, on a given day) is worked out
 * from its rows instead: a period of today (unless today has exceptions) or of
 * today's exceptions covers the minute, or a period of yesterday (or of its
 * exceptions) runs past midnight beyond it.
 */
export function openNowCondition(now: Date): SQL {
  const { day, weekday, minute } = londonNow(now);
  const yesterday = addDays(day, -1);
  const yesterdayWeekday = weekdayOf(yesterday);
  const b = directoryBusiness;
  const h = businessHours;
  const x = businessHoursException;
  const minuteOfWeek = (weekday - 1) * 24 * 60 + minute;
  const excepted = sql`select ${x.businessId} from ${x} where ${x.onDate} in (${day}, ${yesterday})`;
  const noExceptionOn = (date: string) =>
    sql`not exists (select 1 from ${x} where ${x.businessId} = ${h.businessId} and ${x.onDate} = ${date})`;
  const runsNow = (t: typeof h | typeof x) =>
    sql`${t.opensMinute} <= ${minute} and (${t.closesMinute} > ${minute} or ${t.closesMinute} <= ${t.opensMinute})`;
  const spillsPast = (t: typeof h | typeof x) =>
    sql`${t.closesMinute} <= ${t.opensMinute} and ${t.closesMinute} > ${minute}`;
  // IN lists joined by OR: PostgreSQL keeps each as a hashed subplan, built
  // once and probed while the page's order index is read (bench/README.md).
  return sql`((${b.weeklyOpen} @> ${minuteOfWeek}::integer and ${b.id} not in (${excepted}))
  or ${b.id} in (
    select ${h.businessId} from ${h} where ${h.businessId} in (${excepted})
      and ${h.weekday} = ${weekday} and ${runsNow(h)} and ${noExceptionOn(day)}
    union all
    select ${h.businessId} from ${h} where ${h.businessId} in (${excepted})
      and ${h.weekday} = ${yesterdayWeekday} and ${spillsPast(h)} and ${noExceptionOn(yesterday)}
  ) or ${b.id} in (
    select ${x.businessId} from ${x} where (${x.onDate} = ${day} and ${runsNow(x)}) or (${x.onDate} = ${yesterday} and ${spillsPast(x)})
  ))`;
}

/** The schedules of some businesses, with the exceptions from yesterday to a week ahead of `today`. */
export async function loadSchedules(ids: number[], today: string): Promise<Map<number, Schedule>> {
  const schedules = new Map<number, Schedule>(ids.map((id) => [id, { weekly: [], exceptions: [] }]));
  if (ids.length === 0) return schedules;
  const [weekly, exceptions] = await Promise.all([
    db()
      .select()
      .from(businessHours)
      .where(inArray(businessHours.businessId, ids))
      .orderBy(asc(businessHours.weekday), asc(businessHours.opensMinute)),
    db()
      .select()
      .from(businessHoursException)
      .where(
        and(
          inArray(businessHoursException.businessId, ids),
          gte(businessHoursException.onDate, addDays(today, -1)),
          lte(businessHoursException.onDate, addDays(today, 7)),
        ),
      ),
  ]);
  for (const row of weekly) schedules.get(row.businessId)!.weekly.push(row);
  for (const row of exceptions) schedules.get(row.businessId)!.exceptions.push(row);
  return schedules;
}

/** One business's whole schedule: every weekly period, and exceptions from `since` on. */
export async function getSchedule(businessId: number, since: string): Promise<Schedule> {
  const [weekly, exceptions] = await Promise.all([
    db()
      .select({
        weekday: businessHours.weekday,
        opensMinute: businessHours.opensMinute,
        closesMinute: businessHours.closesMinute,
      })
      .from(businessHours)
      .where(eq(businessHours.businessId, businessId))
      .orderBy(asc(businessHours.weekday), asc(businessHours.opensMinute)),
    db()
      .select({
        onDate: businessHoursException.onDate,
        opensMinute: businessHoursException.opensMinute,
        closesMinute: businessHoursException.closesMinute,
        note: businessHoursException.note,
      })
      .from(businessHoursException)
      .where(and(eq(businessHoursException.businessId, businessId), gte(businessHoursException.onDate, since)))
      .orderBy(asc(businessHoursException.onDate), asc(businessHoursException.opensMinute)),
  ]);
  return { weekly, exceptions };
}

/** Replaces a business's schedule (inside the caller's transaction). */
export async function replaceSchedule(
  tx: Database,
  businessId: number,
  weekly: WeeklyPeriod[],
  exceptions: HoursException[],
) {
  await tx.delete(businessHours).where(eq(businessHours.businessId, businessId));
  await tx.delete(businessHoursException).where(eq(businessHoursException.businessId, businessId));
  if (weekly.length > 0) await tx.insert(businessHours).values(weekly.map((p) => ({ ...p, businessId })));
  if (exceptions.length > 0) {
    await tx.insert(businessHoursException).values(exceptions.map((e) => ({ ...e, businessId })));
  }
}

// Opening hours in the database (docs/decisions/0028-opening-hours.md).
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { businessHours, businessHoursException, directoryBusiness } from "~/server/schema";
import { londonNow, weekdayOf, type HoursException, type Schedule, type WeeklyPeriod } from "./opening-hours";

/**
 * "Open now" as SQL: London's day, weekday and minute are worked out once, in
 * JavaScript, and passed in. A business is open when a period of today
 * (unless today has exceptions) or of today's exceptions covers the minute, or
 * a period of yesterday (or of its exceptions) runs past midnight beyond it.
 * The index on (weekday, opens_minute, closes_minute, business_id) answers
 * the weekly part without reading the table.
 */
export function openNowCondition(now: Date): SQL {
  const { day, weekday, minute } = londonNow(now);
  const yesterday = addDays(day, -1);
  const yesterdayWeekday = weekdayOf(yesterday);
  const h = businessHours;
  const x = businessHoursException;
  // NOT IN, not NOT EXISTS: a list built once and hashed, where NOT EXISTS
  // was an anti-join probed once for each of 50,000 periods (bench/README.md).
  const noExceptionOn = (date: string) =>
    sql`${h.businessId} not in (select ${x.businessId} from ${x} where ${x.onDate} = ${date})`;
  const runsNow = (t: typeof h | typeof x) =>
    sql`${t.opensMinute} <= ${minute} and (${t.closesMinute} > ${minute} or ${t.closesMinute} <= ${t.opensMinute})`;
  const spillsPast = (t: typeof h | typeof x) =>
    sql`${t.closesMinute} <= ${t.opensMinute} and ${t.closesMinute} > ${minute}`;
  // Two IN lists joined by OR: PostgreSQL keeps each as a hashed subplan,
  // built once and probed while the page's order index is read, whatever it
  // guesses of the lists' sizes (a semi-join it estimated at 200 rows became
  // 50,000 probes of the primary key when counting; bench/README.md).
  return sql`(${directoryBusiness.id} in (
    select ${h.businessId} from ${h} where ${h.weekday} = ${weekday} and ${runsNow(h)} and ${noExceptionOn(day)}
    union all
    select ${h.businessId} from ${h} where ${h.weekday} = ${yesterdayWeekday} and ${spillsPast(h)} and ${noExceptionOn(yesterday)}
  ) or ${directoryBusiness.id} in (
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

// Opening hours in the database (docs/decisions/0028-opening-hours.md).
import { and, asc, count, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { addDays } from "~/lib/dates";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { businessHours, businessHoursException, directoryBusiness, openWeekChange } from "~/server/schema";
import { publishedBusinesses } from "./counts.server";
import { halalConditions, type DirectoryQuery } from "./directory-query.server";
import { londonNow, weekdayOf, type HoursException, type Schedule, type WeeklyPeriod } from "./opening-hours";

/**
 * What "open at `now`" asks of a weekly period and of an exception. London's
 * day, weekday and minute are worked out once, in JavaScript, and passed in.
 * A period covers minute m of its own day when it opens by m and
 * `closes_after_minute` (its close counted from its own midnight) is past m,
 * and covers minute m of the next day when `closes_after_minute` is past
 * 1,440 + m: both are ranges of the "open now" indexes, which also hold the
 * business's published flag and category, and one of them its town and halal
 * facts (decisions 0043, 0045). A weekly period counts only on a day without
 * exceptions.
 */
function openAt(now: Date) {
  const { day, weekday, minute } = londonNow(now);
  const yesterday = addDays(day, -1);
  const h = businessHours;
  const x = businessHoursException;
  const runsNow = sql`${x.opensMinute} <= ${minute} and (${x.closesMinute} > ${minute} or ${x.closesMinute} <= ${x.opensMinute})`;
  const spillsPast = sql`${x.closesMinute} <= ${x.opensMinute} and ${x.closesMinute} > ${minute}`;
  return {
    day,
    yesterday,
    // As directory_business.open_week counts it: from Monday 00:00.
    minuteOfWeek: (weekday - 1) * 1440 + minute,
    // open_week knows only the weekly periods: these businesses have an exception that may count instead.
    excepted: (businessId: AnyColumn) =>
      sql`${businessId} in (select ${x.businessId} from ${x} where ${x.onDate} in (${day}, ${yesterday}))`,
    // NOT IN, not NOT EXISTS: a list built once and hashed, where NOT EXISTS
    // was an anti-join probed once for each of 50,000 periods (bench/README.md).
    noExceptionOn: (date: string, businessId: AnyColumn | SQL) =>
      sql`${businessId} not in (select ${x.businessId} from ${x} where ${x.onDate} = ${date})`,
    todaysPeriod: sql`${h.weekday} = ${weekday} and ${h.opensMinute} <= ${minute} and ${h.closesAfterMinute} > ${minute}`,
    yesterdaysPeriod: sql`${h.weekday} = ${weekdayOf(yesterday)} and ${h.closesAfterMinute} > ${minute + 1440}`,
    exception: sql`(${x.onDate} = ${day} and ${runsNow}) or (${x.onDate} = ${yesterday} and ${spillsPast})`,
  };
}

/** What narrows "open now" besides the hour, read from the copies the hours carry of their business's columns. */
export type OpenNowNarrowing = Pick<DirectoryQuery, "category" | "location" | "filters">;

/** Whether `narrowing` keeps fewer businesses than a category does. */
const narrowsPastCategory = (narrowing: OpenNowNarrowing) =>
  Boolean(narrowing.location) || halalConditions(businessHours, narrowing.filters).some(Boolean);

/**
 * The businesses open at `now`, as lists of ids: from today's and yesterday's
 * weekly periods (of the businesses `narrowing` keeps), both together as
 * `weekly`, and from the exceptions. `openToday(id)`: whether today's periods
 * list `id`.
 */
function openNowLists(now: Date, narrowing: OpenNowNarrowing) {
  const { day, yesterday, noExceptionOn, todaysPeriod, yesterdaysPeriod, exception } = openAt(now);
  const h = businessHours;
  const x = businessHoursException;
  const kept = and(
    h.published,
    narrowing.category ? eq(h.category, narrowing.category) : undefined,
    narrowing.location ? sql`${h.townKey} = lower(${narrowing.location})` : undefined,
    ...halalConditions(h, narrowing.filters),
  );
  const periods = (conditions: SQL) => sql`select ${h.businessId} from ${h} where ${kept} and ${conditions}`;
  const today = periods(sql`${todaysPeriod} and ${noExceptionOn(day, h.businessId)}`);
  const spilling = periods(sql`${yesterdaysPeriod} and ${noExceptionOn(yesterday, h.businessId)}`);
  const weekly = sql`${today} union all ${spilling}`;
  const exceptions = sql`select ${x.businessId} from ${x} where ${exception}`;
  // The copies `kept` reads are the same on each of a business's periods, so
  // one listed by yesterday's periods or kept by the exceptions is kept today.
  const openToday = (id: SQL) =>
    sql`(exists (select 1 from ${h} where ${h.businessId} = ${id} and ${todaysPeriod}) and ${noExceptionOn(day, id)})`;
  return { today, spilling, weekly, exceptions, openToday };
}

/**
 * "Open now" as a condition on directory_business. Two IN lists joined by OR:
 * PostgreSQL keeps each as a hashed subplan, built once and probed while the
 * page's order index is read, whatever it guesses of the lists' sizes (a
 * semi-join it estimated at 200 rows became 50,000 probes of the primary key
 * when counting; bench/README.md). `narrowing`, the search's own filters,
 * only shortens the weekly list.
 */
export function openNowCondition(now: Date, narrowing: OpenNowNarrowing): SQL {
  const { weekly, exceptions } = openNowLists(now, narrowing);
  return sql`(${directoryBusiness.id} in (${weekly}) or ${directoryBusiness.id} in (${exceptions}))`;
}

/**
 * "Open now" as a test of each business in turn, in its own row (decision
 * 0051): whether the week's minute is in its `open_week`, which the position
 * indexes hold beside its id, so that nearest first tests the businesses as
 * it reads them. Cheap for a page when many are open, since the page's order
 * index is read only until the page is full (decision 0044). `open_week`
 * knows only the weekly periods: the few businesses with an exception today
 * or yesterday, listed once and hashed, are tested from their periods and
 * exceptions instead.
 */
export function openNowProbe(now: Date): SQL {
  const at = openAt(now);
  const b = directoryBusiness;
  return sql`(case when ${at.excepted(b.id)} then ${openFromPeriods(at, b.id)} else ${b.openWeek} @> ${at.minuteOfWeek}::int end)`;
}

/**
 * "Open now" from a business's periods and exceptions, at the instant `at`
 * (openAt's, worked out once by the caller). `offset 0` keeps each
 * `exists` a subplan run for the business; without it PostgreSQL makes them
 * semi-joins and hashes every open business.
 */
function openFromPeriods(at: ReturnType<typeof openAt>, businessId: AnyColumn): SQL {
  const { day, yesterday, noExceptionOn, todaysPeriod, yesterdaysPeriod, exception } = at;
  const h = businessHours;
  const x = businessHoursException;
  const period = (when: SQL) =>
    sql`exists (select 1 from ${h} where ${h.businessId} = ${businessId} and ${when} offset 0)`;
  return sql`((${period(todaysPeriod)} and ${noExceptionOn(day, businessId)})
    or (${period(yesterdaysPeriod)} and ${noExceptionOn(yesterday, businessId)})
    or exists (select 1 from ${x} where ${x.businessId} = ${businessId} and (${exception}) offset 0))`;
}

/**
 * Whether a page of "open now" should test businesses one by one
 * (openNowProbe) rather than hash every open one (openNowCondition). Read in
 * order, `rowsWanted` open businesses take about rowsWanted × businesses /
 * open tests, at some 4 µs each; hashing costs some 0.15 µs for each open
 * business, so the tests win while there are fewer than a thirtieth as many
 * of them as open businesses (decision 0044). Tested in the row (decision
 * 0051), a test costs less; the line was left where it was measured. `businesses` bounds how many
 * the page could read; with no estimate (0 or less), hashing.
 */
export function probesEachBusiness(open: number, businesses: number, rowsWanted: number): boolean {
  if (businesses <= 0 || open <= 0) return false;
  const tests = Math.min(businesses, (rowsWanted * businesses) / open);
  return tests * 30 < open;
}

/**
 * How many of the businesses a search keeps are open at `now`, and how many
 * it keeps, as a bound for probesEachBusiness. `matching` is the search's
 * condition on the business, which must narrow as `narrowing` does (no
 * words, no radius). With no more than a category, both are summed from
 * their changes: the open ones from the week's (openFromChanges), the
 * businesses from the published ones' (decision 0058), and so are the
 * featured ones open (`featuredOpen`, decision 0060); narrowed further, the
 * open ones and the businesses are counted (openFromHours), and
 * `featuredOpen` is null.
 */
export async function countOpenNow(
  now: Date,
  narrowing: OpenNowNarrowing,
  matching: SQL,
): Promise<{ open: number; businesses: number; featuredOpen: number | null }> {
  const b = directoryBusiness;
  const narrowed = narrowsPastCategory(narrowing);
  // Beside the open ones, on a connection of its own: with filters, each count takes about 5 ms (decision 0050).
  const businesses = narrowed
    ? db()
        .select({ n: count() })
        .from(b)
        .where(matching)
        .then(([row]) => row?.n ?? 0)
    : publishedBusinesses(narrowing.category);
  const open = narrowed
    ? openFromHours(now, narrowing, matching).then(([row]) => ({ open: row?.open ?? 0, featuredOpen: null }))
    : openFromChanges(now, narrowing.category, matching).then(([row]) => ({
        open: row?.open ?? 0,
        featuredOpen: row?.featuredOpen ?? 0,
      }));
  const [openCounts, businessCount] = await Promise.all([open, businesses]);
  return { ...openCounts, businesses: businessCount };
}

/**
 * The published businesses (of `category`) open at `now`, and the featured
 * ones among them, summed from the changes at each minute of the week up to
 * now (open_week_change, decisions 0053, 0060): a few rows, where the hours'
 * index holds an entry for every open business. The sum follows open_week,
 * so the few businesses with an exception today or yesterday are counted
 * again from their periods and exceptions, as openNowProbe tests them.
 */
function openFromChanges(now: Date, category: DirectoryQuery["category"], matching: SQL) {
  const at = openAt(now);
  const { minuteOfWeek, excepted } = at;
  const c = openWeekChange;
  const b = directoryBusiness;
  const corrected = (featuredOnly: boolean) => sql`(select count(*) filter (where ${openFromPeriods(at, b.id)})
    - count(*) filter (where ${b.openWeek} @> ${minuteOfWeek}::int)
    from ${b} where ${and(matching, excepted(b.id), featuredOnly ? sql`${b.showcased}` : undefined)})`;
  return db()
    .select({
      open: sql<number>`(coalesce(sum(${c.businesses}), 0) + ${corrected(false)})::int`,
      featuredOpen: sql<number>`(coalesce(sum(${c.businesses}) filter (where ${c.showcased}), 0)
        + ${corrected(true)})::int`,
    })
    .from(c)
    .where(and(lte(c.minute, minuteOfWeek), category ? eq(c.category, category) : undefined));
}

/**
 * The businesses open at `now` that `narrowing` keeps, read from the hours
 * alone: the weekly periods carry their business's published flag,
 * category, town and halal facts, and only the few exceptions are checked
 * against `matching`. A condition on directory_business would hash every
 * open business's id and probe it with each business the search keeps
 * (decisions 0043, 0045).
 */
function openFromHours(now: Date, narrowing: OpenNowNarrowing, matching: SQL) {
  const { today, spilling, exceptions, openToday } = openNowLists(now, narrowing);
  const b = directoryBusiness;
  // Today's periods list each business once: a day's periods never overlap
  // (parsePeriods refuses it), so they are counted as they are read. Counting
  // them distinct sorted every open id, half the count's time (decision
  // 0048). The few others (a period past midnight, which may overlap the
  // next day's first, and the exceptions) are counted distinct, less those
  // today's periods listed.
  return db()
    .select({
      open: sql<number>`(count(*)
        + (select count(distinct others.business_id) from (
            ${spilling}
            union all
            select open_by_exception.business_id from (${exceptions}) open_by_exception
              join ${b} on ${b.id} = open_by_exception.business_id
              where ${matching}
          ) others where not ${openToday(sql`others.business_id`)}))::int`,
    })
    .from(sql`(${today}) open_today`);
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

// Opening hours in Europe/London wall-clock time (docs/decisions/0028-opening-hours.md).
// Pure, so the "open now" line is computed the same way in tests (with a fixed
// clock) as on the server, and safe for the browser (the back office's form).
import { addDays, londonDay } from "~/lib/dates";

/** A weekly period; weekday 1 is Monday. Closing at or before opening means past midnight. */
export interface WeeklyPeriod {
  weekday: number;
  opensMinute: number;
  closesMinute: number;
}

/** A dated exception: no minutes means closed all day. */
export interface HoursException {
  onDate: string;
  opensMinute: number | null;
  closesMinute: number | null;
  note: string | null;
}

export interface Schedule {
  weekly: WeeklyPeriod[];
  exceptions: HoursException[];
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const DAY = 24 * 60;

const londonClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  hour: "2-digit",
  minute: "2-digit",
});

/** 1 (Monday) to 7 (Sunday) for a calendar day "2026-03-29". */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Where an instant falls on London's clock: the day, its weekday and the minute of the day. */
export function londonNow(now: Date): { day: string; weekday: number; minute: number } {
  const parts = londonClock.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const day = londonDay(now);
  return { day, weekday: weekdayOf(day), minute: part("hour") * 60 + part("minute") };
}

/** "09:05" for minute 545. */
export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** The periods of a date's exception rows; none when they say closed all day. */
export function exceptionPeriods(rows: HoursException[]): { opensMinute: number; closesMinute: number }[] {
  return rows.flatMap((e) =>
    e.opensMinute === null || e.closesMinute === null
      ? []
      : [{ opensMinute: e.opensMinute, closesMinute: e.closesMinute }],
  );
}

/** The periods of one London day: its exceptions if it has any, else its weekday's. */
function periodsOn(schedule: Schedule, day: string) {
  const exceptions = schedule.exceptions.filter((e) => e.onDate === day);
  if (exceptions.length > 0) return exceptionPeriods(exceptions);
  const weekday = weekdayOf(day);
  return schedule.weekly.filter((p) => p.weekday === weekday);
}

/** Each period as [start, end) in minutes from the start of `today`, from yesterday to a week ahead. */
function intervals(schedule: Schedule, today: string) {
  const found: { start: number; end: number }[] = [];
  for (let k = -1; k <= 7; k++) {
    for (const p of periodsOn(schedule, addDays(today, k))) {
      const start = k * DAY + p.opensMinute;
      found.push({ start, end: k * DAY + p.closesMinute + (p.closesMinute > p.opensMinute ? 0 : DAY) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export interface OpeningState {
  open: boolean;
  /** "Open now · closes 22:00", "Closed · opens tomorrow at 11:00". */
  label: string;
}

/**
 * "22:00" or "midnight" today, "tomorrow at 11:00", "Friday at 11:00"; `soon` (a close): a bare time for one
 * within 12 hours (a close after midnight).
 */
function when(today: string, at: number, now: number, soon: boolean): string {
  const k = Math.floor(at / DAY);
  const time = formatMinute(((at % DAY) + DAY) % DAY);
  // The end of today, where the clock reads 24:00 or 00:00, is what people call midnight.
  if (soon && at === DAY) return "midnight";
  if (k === 0 || (soon && at - now < 12 * 60)) return time;
  if (k === 1) return `tomorrow at ${time}`;
  return `${WEEKDAYS[weekdayOf(addDays(today, k)) - 1]} at ${time}`;
}

/** Whether the business is open at `now` on London's clock, and when that changes. Null without hours. */
export function openingState(schedule: Schedule, now: Date): OpeningState | null {
  if (schedule.weekly.length === 0 && schedule.exceptions.length === 0) return null;
  const { day, minute } = londonNow(now);
  const all = intervals(schedule, day);
  const current = all.find((i) => i.start <= minute && minute < i.end);
  if (current) {
    // Periods that meet (e.g. split at midnight) are one stretch of opening.
    let end = current.end;
    for (const i of all) if (i.start <= end && i.end > end) end = i.end;
    // Open to the end of what we look at: a week without a break.
    if (end >= 8 * DAY) return { open: true, label: "Open now · 24 hours" };
    return { open: true, label: `Open now · closes ${when(day, end, minute, true)}` };
  }
  const next = all.find((i) => i.start > minute);
  return { open: false, label: next ? `Closed · opens ${prefixAt(when(day, next.start, minute, false))}` : "Closed" };
}

/** "at 17:00" today; "tomorrow at 11:00" and "Friday at 11:00" already say when. */
function prefixAt(text: string): string {
  return text.includes(" at ") ? text : `at ${text}`;
}

/** "11:00–14:30, 17:00–midnight" for a day's periods, or "Closed". */
export function formatPeriods(periods: { opensMinute: number; closesMinute: number }[]): string {
  if (periods.length === 0) return "Closed";
  return [...periods]
    .sort((a, b) => a.opensMinute - b.opensMinute)
    .map((p) =>
      p.opensMinute === 0 && p.closesMinute === 0
        ? "Open 24 hours"
        : `${formatMinute(p.opensMinute)}–${p.closesMinute === 0 ? "midnight" : formatMinute(p.closesMinute)}`,
    )
    .join(", ");
}

/** The week as a page lists it: each weekday with its periods. */
export function weekLines(weekly: WeeklyPeriod[]) {
  return WEEKDAYS.map((name, i) => ({
    day: name,
    hours: formatPeriods(weekly.filter((p) => p.weekday === i + 1)),
  }));
}

/** Exceptions from `today` on, one line a date, for the page. */
export function upcomingExceptions(exceptions: HoursException[], today: string) {
  return exceptionDays(exceptions)
    .filter((d) => d.date >= today)
    .map(({ date, periods, note }) => ({ date, hours: formatPeriods(periods), note }));
}

/** The exceptions a date at a time, in date order, with that date's periods and note. */
export function exceptionDays(exceptions: HoursException[]) {
  const dates = [...new Set(exceptions.map((e) => e.onDate))].sort();
  return dates.map((date) => {
    const rows = exceptions.filter((e) => e.onDate === date);
    return { date, periods: exceptionPeriods(rows), note: rows.find((e) => e.note)?.note ?? null };
  });
}

const schemaDay = (weekday: number) => `https://schema.org/${WEEKDAYS[weekday - 1]}`;

/** schema.org's openingHoursSpecification and, for dated exceptions, specialOpeningHoursSpecification. */
export function openingHoursJsonLd(schedule: Schedule, today: string) {
  const spec = (p: { opensMinute: number; closesMinute: number }) => ({
    opens: formatMinute(p.opensMinute),
    closes: p.closesMinute === 0 && p.opensMinute === 0 ? "23:59" : formatMinute(p.closesMinute),
  });
  const special = schedule.exceptions
    .filter((e) => e.onDate >= today)
    .map((e) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: e.onDate,
      validThrough: e.onDate,
      // schema.org's way of saying closed all day.
      ...(e.opensMinute === null || e.closesMinute === null
        ? { opens: "00:00", closes: "00:00" }
        : spec({ opensMinute: e.opensMinute, closesMinute: e.closesMinute })),
    }));
  return {
    ...(schedule.weekly.length > 0
      ? {
          openingHoursSpecification: schedule.weekly.map((p) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: schemaDay(p.weekday),
            ...spec(p),
          })),
        }
      : {}),
    ...(special.length > 0 ? { specialOpeningHoursSpecification: special } : {}),
  };
}

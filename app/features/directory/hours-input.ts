// How staff type opening hours in the back office, and reading it back:
// a day is "11:00-14:30, 17:00-23:00" (or empty for closed); an exception is a
// line "2026-03-20 closed Eid al-Fitr" or "2026-03-21 12:00-16:00 Eid".
import { exceptionDays, formatMinute, type HoursException } from "./opening-hours";

export const MAX_PERIODS_A_DAY = 6;
export const MAX_EXCEPTIONS = 60;
const DAY = 24 * 60;

type Period = { opensMinute: number; closesMinute: number };
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const TIME = /^([01]?\d|2[0-4])[:.]([0-5]\d)$/;

function minuteOf(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute > DAY ? null : minute;
}

/** "11:00-14:30, 17:00-02:00": periods, past midnight when closing is not after opening. */
export function parsePeriods(text: string): Parsed<Period[]> {
  const trimmed = text.trim();
  if (trimmed === "" || /^closed$/i.test(trimmed)) return { ok: true, value: [] };
  const parts = trimmed.split(",").map((p) => p.trim());
  if (parts.length > MAX_PERIODS_A_DAY) {
    return { ok: false, error: `A day can have up to ${MAX_PERIODS_A_DAY} periods` };
  }
  const periods: Period[] = [];
  for (const part of parts) {
    const [from, to, ...rest] = part.split(/\s*[-–]\s*/);
    const opens = from === undefined ? null : minuteOf(from);
    const closes = to === undefined ? null : minuteOf(to);
    if (rest.length > 0 || opens === null || closes === null || opens === DAY) {
      return { ok: false, error: `"${part.slice(0, 20)}" is not a period like 11:00-22:00 (24-hour clock)` };
    }
    if (opens === closes) {
      return { ok: false, error: `${part} opens and closes at the same time; use 00:00-24:00 for all day` };
    }
    periods.push({ opensMinute: opens, closesMinute: closes % DAY });
  }
  const spans = periods
    .map((p) => ({ start: p.opensMinute, end: p.closesMinute + (p.closesMinute > p.opensMinute ? 0 : DAY) }))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]!.start < spans[i - 1]!.end) return { ok: false, error: "The periods overlap" };
  }
  return { ok: true, value: periods };
}

/** The form's text for a day's periods, as parsePeriods reads it: a close at midnight is "24:00", all day "00:00-24:00". */
export function periodsText(periods: Period[]): string {
  return [...periods]
    .sort((a, b) => a.opensMinute - b.opensMinute)
    .map((p) => `${formatMinute(p.opensMinute)}-${p.closesMinute === 0 ? "24:00" : formatMinute(p.closesMinute)}`)
    .join(", ");
}

const EXCEPTION_LINE = /^(\d{4}-\d{2}-\d{2})\s+(closed\b|[\d:.,\s–-]+?)(?:\s+([^\d\s].*))?$/i;

/**
 * A date that reads back as itself ("2026-02-30" does not), in a range that
 * makes sense here: PostgreSQL has no year 0, and nothing we store is older
 * than 1900 or later than 2100.
 */
export function isRealDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && year >= 1900 && year <= 2100;
}

/** One exception a line: a date, "closed" or periods, and an optional note. */
export function parseExceptions(text: string): Parsed<HoursException[]> {
  const lines = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_EXCEPTIONS) return { ok: false, error: `Up to ${MAX_EXCEPTIONS} dated exceptions` };
  const found: HoursException[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const where = `Line ${index + 1}`;
    const match = EXCEPTION_LINE.exec(line);
    if (!match)
      return { ok: false, error: `${where}: write a date, then "closed" or hours, e.g. 2026-03-20 closed Eid` };
    const [, date, hours, rawNote] = match as unknown as [string, string, string, string | undefined];
    if (!isRealDate(date)) return { ok: false, error: `${where}: ${date} is not a date` };
    if (seen.has(date)) return { ok: false, error: `${where}: ${date} is given twice` };
    seen.add(date);
    const note = rawNote?.trim().slice(0, 100) || null;
    if (/^closed$/i.test(hours.trim())) {
      found.push({ onDate: date, opensMinute: null, closesMinute: null, note });
      continue;
    }
    const periods = parsePeriods(hours);
    if (!periods.ok) return { ok: false, error: `${where}: ${periods.error}` };
    for (const p of periods.value) found.push({ onDate: date, ...p, note });
  }
  return { ok: true, value: found };
}

/** The form's text for the exceptions. */
export function exceptionsText(exceptions: HoursException[]): string {
  return exceptionDays(exceptions)
    .map(({ date, periods, note }) =>
      [date, periods.length ? periodsText(periods) : "closed", note].filter(Boolean).join(" "),
    )
    .join("\n");
}

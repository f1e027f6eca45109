// Times are UTC in the database and Europe/London on screen and in e-mails.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const dateOnly = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** "21 November 2026 at 20:05" in UK time, summer or winter. */
export function formatLondonDateTime(date: Date): string {
  return dateTime.format(date);
}

/** "21 Nov 2026" in UK time. */
export function formatLondonDate(date: Date): string {
  return dateOnly.format(date);
}

/** "21 Nov 2026" for a calendar day "2026-11-21" (a date column, not an instant). */
export function formatCalendarDay(day: string): string {
  // Midday UTC falls on the same day in London, summer or winter.
  return dateOnly.format(new Date(`${day}T12:00:00Z`));
}

/** The instant a UK day ("2026-11-21") begins: midnight in London, GMT or BST. */
export function londonMidnight(day: string): Date {
  return londonTimeOfDay(day, 0);
}

/** The instant it is `hour`:00 in London on a UK day, GMT or BST (clocks change at 01:00 UTC). */
export function londonTimeOfDay(day: string, hour: number): Date {
  const utc = new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
  // London is never more than an hour ahead of UTC; its offset at that moment says how far.
  const offset = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "shortOffset" })
    .formatToParts(utc)
    .find((part) => part.type === "timeZoneName")!.value;
  const hours = Number(/GMT([+-]\d+)?/.exec(offset)?.[1] ?? 0);
  return new Date(utc.getTime() - hours * 60 * 60 * 1000);
}

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** The UK day an instant falls on, as "2026-11-21": GMT in winter, BST in summer. */
export function londonDay(date: Date): string {
  return isoDay.format(date);
}

/** The calendar day `days` after (or before, when negative) "2026-11-21". */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

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

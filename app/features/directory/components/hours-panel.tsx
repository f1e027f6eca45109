import { formatCalendarDay } from "~/lib/dates";
import type { OpeningState } from "../opening-hours";
import { OpeningLine } from "./halal-and-hours";

export interface HoursPanelData {
  opening: OpeningState | null;
  week: { day: string; hours: string }[];
  exceptions: { date: string; hours: string; note: string | null }[];
  /** Today's weekday name in London, to mark its row. */
  today: string;
}

/** The business page's week, today's state and the dated exceptions ahead. */
export function HoursPanel({ hours }: { hours: HoursPanelData }) {
  return (
    <section aria-labelledby="hours-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="hours-title" className="text-xl font-semibold">
        Opening hours
      </h2>
      <OpeningLine opening={hours.opening} className="mt-2" />
      <table className="mt-4 w-full max-w-md text-sm">
        <caption className="sr-only">Opening hours each week, UK time</caption>
        <tbody>
          {hours.week.map((line) => (
            <tr key={line.day} className={line.day === hours.today ? "font-semibold" : undefined}>
              <th scope="row" className="py-1 pr-4 text-left font-medium">
                {line.day}
                {line.day === hours.today ? <span className="sr-only"> (today)</span> : null}
              </th>
              <td className="py-1">{line.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hours.exceptions.length > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">Special dates</h3>
          <ul className="mt-1 text-sm">
            {hours.exceptions.map((e) => (
              <li key={e.date}>
                {formatCalendarDay(e.date)}: {e.hours}
                {e.note ? ` (${e.note})` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

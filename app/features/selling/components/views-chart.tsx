// Views per day over the last 30 days: a small bar chart for the eye, and the
// same figures as a table for everyone else (and for anyone who wants numbers).
import { plural } from "~/lib/plural";

interface Day {
  day: string;
  views: number;
}

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
const label = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

export function ViewsChart({ days, title }: { days: Day[]; title: string }) {
  const total = days.reduce((sum, d) => sum + d.views, 0);
  // Thirty empty bars read as a blank box, and a table of noughts tells nothing more.
  if (total === 0) return <p className="text-sm text-slate-700">No views yet in the last {days.length} days.</p>;
  const most = Math.max(1, ...days.map((d) => d.views));
  const width = 300;
  const height = 60;
  const bar = width / days.length;
  return (
    <figure className="grid gap-2">
      <figcaption className="text-sm text-slate-700">
        <strong className="text-slate-900">{plural(total, "view")}</strong> in the last {days.length} days
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full max-w-md"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {days.map((d, i) => {
          const h = (d.views / most) * (height - 2);
          return (
            <rect
              key={d.day}
              x={i * bar + 1}
              y={height - Math.max(h, 1)}
              width={bar - 2}
              height={Math.max(h, 1)}
              className={d.views ? "fill-brand-600" : "fill-slate-200"}
            />
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Views per day as a table</summary>
        <table className="mt-2 w-full max-w-xs text-left">
          <caption className="sr-only">Views per day of {title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4 font-semibold">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-t border-slate-100">
                <td className="py-1 pr-4">{label(d.day)}</td>
                <td className="py-1 text-right tabular-nums">{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

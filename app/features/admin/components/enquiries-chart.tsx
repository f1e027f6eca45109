/** Enquiries per day as bars, with the same figures in a table for screen readers. */
export function EnquiriesChart({ days }: { days: { date: string; count: number }[] }) {
  const peak = Math.max(0, ...days.map((d) => d.count));
  const most = Math.max(1, peak);
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  const label = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" aria-hidden>
        {days.map((d, i) => {
          const h = (d.count / most) * height;
          return (
            <g key={d.date}>
              <rect x={i * bar + 2} y={height - h} width={bar - 4} height={h} rx={2} className="fill-brand-700" />
              {i % 7 === 0 ? (
                <text x={i * bar + 2} y={height + 15} className="fill-slate-700 text-[11px]">
                  {label(d.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 text-sm text-slate-700">
        Enquiries per day over the last 30 days (most in a day: {peak})
      </figcaption>
      <table className="sr-only">
        <caption>Enquiries per day over the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Enquiries</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{label(d.date)}</td>
              <td>{d.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

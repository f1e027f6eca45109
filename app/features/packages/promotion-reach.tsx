import type { KindReach, PromotionReach } from "./promotion-reach.server";

const number = new Intl.NumberFormat("en-GB");
const views = (n: number) => `${number.format(n)} ${n === 1 ? "view" : "views"}`;

/**
 * /promote's "What a promotion does": where a promotion shows, in words that
 * are always true, and last month's views of promoted pages against the
 * others' once there are enough of both (decision 0070).
 */
export function PromotionReachSection({ reach }: { reach: PromotionReach | null }) {
  return (
    <section aria-labelledby="reach-heading" className="mx-auto max-w-6xl px-4 pb-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id="reach-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          What a promotion does
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">
          While it runs, a promotion marks your business Featured: in the Halal Directory, where featured businesses
          come first, or on Buy a business for a business you are selling. The Feature and Premier Packages also put it
          in the home page spotlight.
        </p>
        {reach ? (
          <div className="mt-6">
            <h3 className="text-lg font-semibold text-slate-900">Last month on HBS ({reach.month})</h3>
            <div className="mt-4 grid gap-6 md:grid-cols-2">
              {reach.businesses ? (
                <KindFigures title="Businesses in the Halal Directory" figures={reach.businesses} />
              ) : null}
              {reach.listings ? <KindFigures title="Businesses for sale" figures={reach.listings} /> : null}
            </div>
            <p className="mt-4 text-sm text-slate-700">
              Average page views of each business or listing viewed that month, a visitor counted once a day. What
              others saw last month, not a promise of what yours will.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function KindFigures({ title, figures }: { title: string; figures: KindReach }) {
  const most = Math.max(figures.promoted.average, figures.others.average, 1);
  const rows = [
    { label: "Promoted", average: figures.promoted.average, bar: "bg-brand-700" },
    { label: "Not promoted", average: figures.others.average, bar: "bg-slate-400" },
  ];
  return (
    <div>
      <p className="font-semibold text-slate-900">{title}</p>
      <dl className="mt-2 grid gap-3">
        {rows.map((row) => (
          <div key={row.label}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <dt className="text-slate-700">{row.label}</dt>
              <dd className="font-semibold text-slate-900">{views(row.average)} each on average</dd>
            </div>
            <div aria-hidden className="mt-1 h-2.5 rounded-full bg-slate-100">
              <div
                className={`h-full rounded-full ${row.bar}`}
                style={{ width: `${Math.max(2, (row.average / most) * 100)}%` }}
              />
            </div>
          </div>
        ))}
      </dl>
    </div>
  );
}

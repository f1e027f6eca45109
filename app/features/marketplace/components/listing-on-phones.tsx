// A listing's page on a phone (issue #50, decision 0073): the price, the
// figures a buyer compares and the way to register interest come first, and a
// bar at the foot of the screen keeps the asking price and the action in reach
// while scrolling. From a large screen up, the page's side column does this.
// Links to the Register Interest section, so they work without JavaScript.
import { buttonVariants } from "~/components/ui/button";

/** Under the title: the asking price, the key figures and the action. */
export function PriceOnPhones({
  askingPrice,
  figures,
  available,
}: {
  askingPrice: string;
  figures: { label: string; value: string }[];
  available: boolean;
}) {
  return (
    <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:hidden">
      <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
        <div className="col-span-3">
          <dt className="text-sm text-slate-700">Asking price</dt>
          <dd className="text-2xl font-bold text-brand-800">{askingPrice}</dd>
        </div>
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-slate-700">{figure.label}</dt>
            <dd className="text-sm font-semibold">{figure.value}</dd>
          </div>
        ))}
      </dl>
      {available ? (
        <a href="#register-interest" className={buttonVariants({ className: "mt-4 w-full" })}>
          Register Interest
        </a>
      ) : null}
    </div>
  );
}

/**
 * At the foot of a phone's screen while the listing is for sale: sticky to the
 * bottom of the page's article, so it rides along while the listing is read
 * and stops above the site's footer instead of covering it.
 */
export function ActionBarOnPhones({ askingPrice }: { askingPrice: string }) {
  return (
    <div className="sticky bottom-0 z-30 -mx-4 mt-10 border-t border-slate-200 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.08)] lg:hidden">
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <p className="min-w-0 truncate">
          <span className="text-sm text-slate-700">Asking price </span>
          <strong className="text-brand-800">{askingPrice}</strong>
        </p>
        <a href="#register-interest" className={buttonVariants()}>
          Register Interest
        </a>
      </div>
    </div>
  );
}

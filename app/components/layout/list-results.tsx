import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";

interface ListResultsProps<T> {
  /** Accessible name of the results region. */
  label: string;
  items: T[];
  total: number;
  page: number;
  itemKey: (item: T) => string | number;
  /** `index`: the item's place on the page, 0 for the first. */
  renderItem: (item: T, index: number) => ReactNode;
  /** What to say when nothing matches. */
  emptyMessage: string;
  /** Where 'Clear all filters' goes; the link shows only when filtered. */
  clearHref: string;
  filtered: boolean;
}

/** The count, the card grid (3 columns on large screens), the empty state and the page links of a list. */
export function ListResults<T>({
  label,
  items,
  total,
  page,
  itemKey,
  renderItem,
  emptyMessage,
  clearHref,
  filtered,
}: ListResultsProps<T>) {
  return (
    <section aria-label={label} className="mt-4 sm:mt-6">
      <p className="text-sm text-slate-700" aria-live="polite">
        Showing {total} {total === 1 ? "business" : "businesses"}
      </p>
      {items.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-700">{emptyMessage}</p>
          {filtered ? (
            <Link to={clearHref} className={buttonVariants({ variant: "outline", className: "mt-4" })}>
              Clear all filters
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={itemKey(item)}>{renderItem(item, index)}</li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} label={`${label}: pages`} />
    </section>
  );
}

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PAGE_SIZE, withParams } from "~/lib/list-query";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button";

/** Page links that keep the list's other parameters; plain links, so they work without JavaScript. */
export function Pagination({ page, total, label }: { page: number; total: number; label: string }) {
  const [params] = useSearchParams();
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  const link = (p: number) => withParams(params, { page: p });
  return (
    <nav aria-label={label} className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={link(page - 1)} rel="prev" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden />
          Previous
        </Link>
      ) : null}
      <ul className="flex flex-wrap items-center gap-1">
        {pages.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden className="px-2 text-slate-600">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={link(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                className={cn(buttonVariants({ variant: p === page ? "default" : "ghost", size: "sm" }), "min-w-9")}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pageCount ? (
        <Link to={link(page + 1)} rel="next" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Next
          <ChevronRight aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20 */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of pages) {
    const previous = result.at(-1);
    if (typeof previous === "number" && p - previous > 1) result.push(null);
    result.push(p);
  }
  return result;
}

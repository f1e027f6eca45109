import { Link } from "react-router";
import { cn } from "~/lib/utils";

/**
 * Links that filter a list by one value, each with its count; the current one
 * is marked. `href` gives a value's address, so a list's tabs can keep its
 * search and sort; without it a tab's address is the value alone.
 */
export function StatusTabs<Value extends string>({
  label,
  param,
  current,
  options,
  href = (value) => (value ? `?${param}=${value}` : "?"),
}: {
  label: string;
  param: string;
  current: Value | undefined;
  options: { value: Value | undefined; label: string; count?: number }[];
  href?: (value: Value | undefined) => string;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {options.map((option) => {
        const active = option.value === current;
        return (
          <Link
            key={option.label}
            to={href(option.value)}
            aria-current={active ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1.5 text-sm font-semibold",
              active
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
            )}
          >
            {option.label}
            {option.count === undefined ? null : <span className="ml-1.5">({option.count})</span>}
          </Link>
        );
      })}
    </nav>
  );
}

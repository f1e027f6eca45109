import { Search } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { SearchScope } from "~/features/home/search-target";

// Where the search's two buttons send it, through /search as the home page's search does.
const scopes: { value: SearchScope; label: string }[] = [
  { value: "directory", label: "Search the directory" },
  { value: "buy", label: "Search businesses for sale" },
];

/**
 * The 404 page's way on (issue #50): a search, a plain GET form to /search so
 * it works without JavaScript, and the two lists.
 */
export function NotFoundWayOn() {
  const inputId = useId();
  return (
    <>
      <form method="get" action="/search" role="search" aria-label="Search HBS" className="mt-8 grid gap-3">
        <label htmlFor={inputId} className="text-left font-medium text-slate-800">
          Search for a business
        </label>
        <div className="flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-700">
          <Search aria-hidden className="size-5 shrink-0 text-slate-500" />
          <input
            id={inputId}
            type="search"
            name="search"
            autoComplete="off"
            enterKeyHint="search"
            placeholder="A restaurant, a town, a kind of business"
            className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
        </div>
        {/* The button pressed says where to look; Enter searches the directory, as the home page does by default. */}
        <div className="grid gap-2 sm:grid-cols-2">
          {scopes.map((scope, i) => (
            <button
              key={scope.value}
              type="submit"
              name="in"
              value={scope.value}
              className={buttonVariants({ variant: i === 0 ? "default" : "outline", size: "lg" })}
            >
              {scope.label}
            </button>
          ))}
        </div>
      </form>
      <nav aria-label="Browse" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 font-semibold">
          <li>
            <Link to="/halal-network-space" className="text-brand-700 underline underline-offset-4">
              Browse The Halal Directory
            </Link>
          </li>
          <li>
            <Link to="/buy" className="text-brand-700 underline underline-offset-4">
              Browse businesses for sale
            </Link>
          </li>
        </ul>
      </nav>
    </>
  );
}

import { Link } from "react-router";
import { memberPageDescriptions } from "~/components/layout/member-pages";
import { useAccountLinks } from "~/components/layout/root-handle";
import { plural } from "~/lib/plural";

/** What each page holds, counted as it lists it; Messages counts what is unread (the header knows it already). */
export interface MemberCounts {
  listings: number;
  businesses: number;
  subscriptions: number;
  queries: number;
  savedListings: number;
  searches: number;
  favourites: number;
}

const countOf: Record<string, (counts: MemberCounts, unread: number) => string | null> = {
  "/messages": (_, unread) => (unread ? plural(unread, "unread", "unread") : null),
  "/my-listings": (c) => plural(c.listings, "listing"),
  "/my-businesses": (c) => plural(c.businesses, "business", "businesses"),
  "/my-subscriptions": (c) => plural(c.subscriptions, "package"),
  "/my-queries": (c) => plural(c.queries, "query", "queries"),
  "/saved-listings": (c) => plural(c.savedListings, "listing"),
  "/my-searches": (c) => plural(c.searches, "search", "searches"),
  "/my-favorites": (c) => plural(c.favourites, "business", "businesses"),
};

/** /my-account as the way to every other member page (issue #50): each with what it is for and what it holds. */
export function MemberHub({ counts, unread }: { counts: MemberCounts; unread: number }) {
  const pages = useAccountLinks().filter((link) => link.to !== "/my-account");
  return (
    <nav aria-labelledby="member-hub">
      <h2 id="member-hub" className="sr-only">
        Your pages
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {pages.map((page) => {
          const count = countOf[page.to]?.(counts, unread);
          return (
            <li key={page.to}>
              <Link
                to={page.to}
                className="grid h-full content-start gap-1 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                  <span className="font-semibold text-brand-800">{page.label}</span>
                  {count ? (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs whitespace-nowrap text-slate-800">
                      {count}
                    </span>
                  ) : null}
                </span>
                <span className="text-sm text-slate-700">{memberPageDescriptions[page.to]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

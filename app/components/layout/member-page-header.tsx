import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import { cn } from "~/lib/utils";
import { memberPageDescriptions } from "./member-pages";
import { useAccountLinks } from "./root-handle";

/**
 * The top of every member page (issue #50): the page's one h1, a line on
 * what it is for, and the other member pages one tap away. Compact, unlike the
 * public pages' PageHero, so on a phone what the member came for is on the
 * first screen. The line defaults to the page's own in `memberPageDescriptions`.
 */
export function MemberPageHeader({
  title,
  description,
  nav = true,
}: {
  title: string;
  description?: ReactNode;
  /** False on /my-account, whose list of pages is the way on, and where the member may go nowhere else yet. */
  nav?: boolean;
}) {
  const { user } = useRootData();
  const { pathname } = useLocation();
  const line = description ?? memberPageDescriptions[pathname];
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn("mx-auto max-w-6xl px-4 pt-5 sm:pt-8", !(user && nav) && "pb-5 sm:pb-8")}>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
        {line ? <p className="mt-1 text-slate-700">{line}</p> : null}
        {/* My Queries is open to visitors (spec section 2): they get the page without the member's pages. */}
        {user && nav ? <MemberNav unread={user.unread} /> : null}
      </div>
    </header>
  );
}

/**
 * The member pages as a row of links: one line that scrolls sideways on a
 * phone, wrapping on wider screens. The current page is marked, and brought
 * into view on a phone when the row is wider than the screen.
 */
function MemberNav({ unread }: { unread: number }) {
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const accountLinks = useAccountLinks();
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    // The row's own scroll only: scrollIntoView could move the page too.
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Your account" className="-mx-4 mt-3">
      <ul
        ref={row}
        className="relative flex gap-2 overflow-x-auto px-4 pt-1 pb-4 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible"
      >
        {accountLinks.map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                  isActive
                    ? "border-brand-800 bg-brand-800 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-800",
                )
              }
            >
              {link.label}
              {link.to === "/messages" && unread > 0 ? (
                <span className="rounded-full bg-red-700 px-1.5 text-xs text-white">
                  {unread}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useMatches } from "react-router";
import type { NavLinkItem } from "./navigation";
import type { NotFound } from "./not-found";

/**
 * What the root route hands down (root.tsx's `handle`): what the root's own
 * script holds and a page's would otherwise import again. A module imported
 * by the root and by a page becomes a script of its own, which every page
 * waits for; handed down, it stays in the script every page already loads
 * (a listing's page is at its 150 KB budget, bench/README.md).
 */
export interface RootHandle {
  accountLinks: NavLinkItem[];
  /** The 404 page, which the root shows for a listing or business that does not exist, and the 404 route. */
  NotFound: typeof NotFound;
}

const rootHandle = (matches: ReturnType<typeof useMatches>) => matches[0]!.handle as RootHandle;

/** The member pages, as the account menu lists them, for the member pages' own navigation and /my-account. */
export const useAccountLinks = (): NavLinkItem[] => rootHandle(useMatches()).accountLinks;

/** The 404 page's component, for the 404 route. */
export const useNotFoundPage = (): RootHandle["NotFound"] => rootHandle(useMatches()).NotFound;

// Where the home page's search box sends you (spec section 2 "Home"): the
// directory or the marketplace, with the trimmed text as `search`, or the bare
// page when there is no text. Used by the /search route (no JavaScript) and by
// the form itself (JavaScript), so both go to the same place.

export type SearchScope = "directory" | "buy";

const scopePaths: Record<SearchScope, string> = {
  directory: "/halal-network-space",
  buy: "/buy",
};

/** The tabs above the search box, the default first. */
export const SEARCH_SCOPES: readonly { value: SearchScope; label: string }[] = [
  { value: "directory", label: "Directory" },
  { value: "buy", label: "Buy" },
];

/** Anything but "buy" means the directory, the default tab. */
export function searchScope(value: unknown): SearchScope {
  return value === "buy" ? "buy" : "directory";
}

export function searchTarget(scope: unknown, text: unknown): string {
  const path = scopePaths[searchScope(scope)];
  const trimmed = typeof text === "string" ? text.trim() : "";
  return trimmed ? `${path}?search=${encodeURIComponent(trimmed)}` : path;
}

// Which responses browsers and shared caches may keep (docs/decisions/0015-http-caching.md).
// Only the public pages, only for a visitor with no session and nothing
// flashed, and only a plain 200, and only by a shared cache (a CDN or proxy in
// front of the servers), for a minute. Everything else the app renders is
// private and never stored, so no page that shows a member's data is ever kept.

/** The public pages: the same for every visitor but for the cookie banner and distances (hence Vary: Cookie). */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/(buy|halal-network-space)(\/[^/]+)?$/,
  /^\/(sell|promote|services|contact|about|privacy|terms)$/,
  /^\/packages\/[^/]+$/,
];

// Browsers ask again each time (a sold listing must not linger in a visitor's cache);
// a shared cache in front of the servers may answer from its copy for a minute.
export const PUBLIC_CACHING = "public, max-age=0, must-revalidate, s-maxage=60";
export const PRIVATE_CACHING = "private, no-store";

/** Our cookies that make a response someone's own: the session, two-factor and flash cookies. */
const PERSONAL_COOKIE = /(^|;\s*)(__Secure-|__Host-)?hbs[._]/;

/** The page a request is for: React Router's data requests end in .data (the home page's is /_root.data). */
function pagePath(url: URL) {
  if (url.pathname === "/_root.data") return "/";
  return url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
}

/** Sets Cache-Control (and Vary) on a page or data response, unless its route chose its own. */
export function setPageCaching(request: Request, status: number, headers: Headers) {
  if (headers.has("cache-control")) return;
  headers.append("vary", "Cookie");
  const shared =
    request.method === "GET" &&
    status === 200 &&
    !headers.has("set-cookie") &&
    !PERSONAL_COOKIE.test(request.headers.get("cookie") ?? "") &&
    PUBLIC_PAGES.some((page) => page.test(pagePath(new URL(request.url))));
  headers.set("cache-control", shared ? PUBLIC_CACHING : PRIVATE_CACHING);
}

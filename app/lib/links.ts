// Links built from business data are checked before they reach a page.

/** The website if it is an http(s) URL, otherwise null (no javascript: links). */
export function safeWebsite(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** A maps search for an address, as the spec's directory cards link to. */
export function mapsSearchHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * Directions to a place: Google's maps URL, which a phone opens in its maps
 * app, from where the phone is. To a position when the place's is exact,
 * else to its address.
 */
export function directionsHref(to: { latitude: number; longitude: number } | string): string {
  const destination = typeof to === "string" ? to : `${to.latitude},${to.longitude}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

const THIS_SITE = "http://this-site.invalid";

/**
 * Only a path on this site, so a form cannot send the visitor elsewhere; and
 * percent-encoded as a URL is, so any character a visitor typed ("/。evil",
 * "/😀") can stand in a Location header, which takes bytes up to U+00FF only.
 * Every redirect target passes through here (app/server/redirects.server.ts).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\") ||
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    /[\u0000-\u001f\u007f]/.test(value)
  ) {
    return fallback;
  }
  const url = new URL(value, THIS_SITE);
  return url.origin === THIS_SITE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

/** The path of the page a form was sent from (its Referer), for going back to it. */
export function refererPath(request: Request, fallback = "/"): string {
  const referer = request.headers.get("referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    return url.host === new URL(request.url).host ? safeRedirectPath(url.pathname + url.search, fallback) : fallback;
  } catch {
    return fallback;
  }
}

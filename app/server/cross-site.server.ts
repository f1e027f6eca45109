// Refusing forged cross-site posts (CSRF), in server.ts before the app sees
// them. Browsers say where a request comes from: Sec-Fetch-Site on every
// request of today's browsers, Origin on every POST. A state-changing request
// another site made is refused; one with neither header (curl, a server, a
// test client) is no browser acting for a visitor, so there is no session to
// abuse through it.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "This form was sent from another website, so we did not accept it.";

export function isCrossSiteRequest(
  request: { method: string; fetchSite?: string | null; origin?: string | null },
  siteOrigin: string,
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  // "none": typed in or bookmarked by the person; never the case for a form another site sends.
  if (request.fetchSite && request.fetchSite !== "same-origin" && request.fetchSite !== "none") return true;
  return request.origin != null && request.origin !== siteOrigin;
}

/**
 * The one path whose POSTs are meant to come from elsewhere: an alert's
 * unsubscribe link, which RFC 8058 has mail programs POST to (webmail from the
 * reader's browser, with another site's Origin). It uses no session and acts
 * only on the search its signed token names, so a forged cross-site post
 * can do nothing the link itself cannot (decision 0031).
 */
export function isCrossSiteExempt(path: string): boolean {
  return /^\/alerts\/unsubscribe\/[^/]+$/.test(path);
}

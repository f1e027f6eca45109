// The only way the product builds a redirect (the linter keeps react-router's
// redirect out of every other module): a path on this site goes through
// safeRedirectPath, so nothing a visitor typed can send them elsewhere or put
// a character into the Location header that Node refuses with a 500; a page of
// another site is only one that site gave our server (Stripe's checkout and
// billing portal), written as a URL is, percent-encoded.
import { redirect } from "react-router";
import { safeRedirectPath } from "~/lib/links";

/** A redirect to a path on this site; anything else goes to `fallback`. */
export function redirectInside(path: string, init?: number | ResponseInit, fallback = "/") {
  return redirect(safeRedirectPath(path, fallback), init);
}

/** A redirect to another site's page that the site gave our server (never one a visitor typed). */
export function redirectOutside(url: string, init?: number | ResponseInit) {
  return redirect(new URL(url).href, init);
}

import { env } from "./env.server";

/**
 * Whether our cookies are Secure and carry the `__Host-`/`__Secure-` prefixes:
 * always in production (browsers accept Secure cookies from http://localhost,
 * so a production build on this machine still works), and on any https site.
 */
export function secureCookies(): boolean {
  const { NODE_ENV, SITE_URL } = env();
  return NODE_ENV === "production" || SITE_URL.startsWith("https:");
}

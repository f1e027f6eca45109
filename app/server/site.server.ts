import { env } from "./env.server";

/** An absolute URL on the public site (canonical links, sitemaps, e-mails). */
export function absoluteUrl(path: string): string {
  return new URL(path, env().SITE_URL).toString();
}

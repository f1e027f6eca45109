import { env } from "~/server/env.server";
import { absoluteUrl } from "~/server/site.server";

const DAY_MS = 24 * 60 * 60 * 1000;

// RFC 9116: how to tell us about a vulnerability (docs/security.md). Expires
// must be in the future and under a year away: always 180 days from today.
export function loader() {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const body = [
    `Contact: mailto:${env().SITE_EMAIL}`,
    `Expires: ${new Date(today + 180 * DAY_MS).toISOString()}`,
    "Preferred-Languages: en",
    `Canonical: ${absoluteUrl("/.well-known/security.txt")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}

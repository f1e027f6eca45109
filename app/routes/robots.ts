import { absoluteUrl } from "~/server/site.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    // Members' pages and form endpoints are nobody's search result.
    "Disallow: /my-account",
    "Disallow: /my-subscriptions",
    "Disallow: /my-queries",
    "Disallow: /saved-listings",
    "Disallow: /my-favorites",
    "Disallow: /my-listings",
    "Disallow: /my-businesses",
    "Disallow: /halal-network-space/*/claim",
    "Disallow: /messages",
    "Disallow: /events",
    "Disallow: /my-searches",
    "Disallow: /listing-check",
    "Disallow: /alerts",
    "Disallow: /auth",
    "Disallow: /search",
    "Disallow: /admin",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

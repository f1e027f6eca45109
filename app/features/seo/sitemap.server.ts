import { asc, count, eq } from "drizzle-orm";
import { publishedBusinesses } from "~/features/directory/counts.server";
import { maskableColumns, maskListing } from "~/features/marketplace/confidential.server";
import { db } from "~/server/db.server";
import { businessListing, directoryBusiness } from "~/server/schema";
import { absoluteUrl } from "~/server/site.server";

// /sitemap.xml is an index of smaller sitemaps, so that it stays within the
// protocol's 50,000 URLs per file at any size of directory.
export const SITEMAP_CHUNK = 40_000;

const staticPaths = [
  "/",
  "/halal-network-space",
  "/buy",
  "/sell",
  "/promote",
  "/services",
  "/contact",
  "/about",
  "/privacy",
  "/terms",
  "/review-policy",
  "/halal-evidence",
];

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

const xmlResponse = (body: string) =>
  new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });

export async function sitemapIndex(): Promise<Response> {
  const [[listings], businesses] = await Promise.all([
    db().select({ n: count() }).from(businessListing).where(eq(businessListing.status, "published")),
    publishedBusinesses(),
  ]);
  const parts = ["pages"];
  for (let i = 1; i <= Math.ceil((listings?.n ?? 0) / SITEMAP_CHUNK); i++) parts.push(`listings-${i}`);
  for (let i = 1; i <= Math.ceil(businesses / SITEMAP_CHUNK); i++) parts.push(`businesses-${i}`);
  const entries = parts.map(
    (part) => `  <sitemap><loc>${escapeXml(absoluteUrl(`/sitemaps/${part}.xml`))}</loc></sitemap>`,
  );
  return xmlResponse(
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
  );
}

/** One part of the sitemap, by file name: pages.xml, listings-N.xml, businesses-N.xml. Null if no such part. */
export async function sitemapPart(file: string): Promise<Response | null> {
  const match = /^(pages|listings|businesses)(?:-(\d{1,4}))?\.xml$/.exec(file);
  if (!match) return null;
  const [, kind, number] = match;
  let urls: { path: string; updatedAt?: Date }[];
  if (kind === "pages") {
    if (number) return null;
    urls = staticPaths.map((path) => ({ path }));
  } else {
    const page = Number(number ?? 0);
    if (page < 1) return null;
    const offset = (page - 1) * SITEMAP_CHUNK;
    if (kind === "listings") {
      const rows = await db()
        .select({ ...maskableColumns, updatedAt: businessListing.updatedAt })
        .from(businessListing)
        .where(eq(businessListing.status, "published"))
        .orderBy(asc(businessListing.id))
        .limit(SITEMAP_CHUNK)
        .offset(offset);
      // A confidential listing is listed at its public address, as a visitor sees it (decision 0033).
      urls = rows.map((row) => ({ path: `/buy/${maskListing(row).slug}`, updatedAt: row.updatedAt }));
    } else {
      const rows = await db()
        .select({ slug: directoryBusiness.slug, updatedAt: directoryBusiness.updatedAt })
        .from(directoryBusiness)
        .where(eq(directoryBusiness.published, true))
        .orderBy(asc(directoryBusiness.id))
        .limit(SITEMAP_CHUNK)
        .offset(offset);
      urls = rows.map((row) => ({ path: `/halal-network-space/${row.slug}`, updatedAt: row.updatedAt }));
    }
    if (urls.length === 0) return null;
  }
  const entries = urls.map(
    ({ path, updatedAt }) =>
      `  <url><loc>${escapeXml(absoluteUrl(path))}</loc>${updatedAt ? `<lastmod>${updatedAt.toISOString()}</lastmod>` : ""}</url>`,
  );
  return xmlResponse(
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`,
  );
}

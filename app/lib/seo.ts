import type { MetaDescriptor } from "react-router";

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute image URL for link previews. */
  image?: string | null;
  jsonLd?: Record<string, unknown>;
}

/** Title, description, canonical link, Open Graph and JSON-LD for a page. */
export function seoMeta({ title, description, url, image, jsonLd }: PageSeo): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "HBS" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_GB" },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(jsonLd ? [{ "script:ld+json": jsonLd }] : []),
  ];
}

/** A description of at most about 160 characters, cut at a word. */
export function summarise(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, clean.lastIndexOf(" ", max - 1))}…`;
}

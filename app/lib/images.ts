// Responsive images. Every image under /uploads is a WebP at least 1,200
// pixels wide (the seed's and staff's are 1,200 × 800; sellers' photos up to
// 2,000); the server makes narrower copies on first request
// (app/server/image-variants.server.ts), so a phone downloads what it shows.

/** The narrower copies: `<name>-400.webp`, `-600` and `-800` beside `<name>.webp`. */
export const IMAGE_WIDTHS = [400, 600, 800] as const;

/** `srcSet` for an uploaded image: its copies, then itself. */
export function srcSetOf(url: string): string | undefined {
  if (!url.startsWith("/uploads/") || !url.endsWith(".webp")) return undefined;
  const base = url.slice(0, -".webp".length);
  return [...IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`), `${url} 1200w`].join(", ");
}

/** `sizes` of a card in the lists' grid: one, two or three columns of a 72rem page. */
export const CARD_SIZES = "(min-width: 1152px) 368px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 92vw";

/**
 * How an image loads: the one a visitor sees first (the largest on the
 * screen as the page opens) at once and ahead of other images, any other
 * only as it nears the screen.
 */
export function imageLoading(first: boolean) {
  return first ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
}

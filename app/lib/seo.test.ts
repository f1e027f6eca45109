import { describe, expect, it } from "vitest";
import { seoMeta, summarise } from "./seo";

describe("seoMeta", () => {
  it("gives a canonical link, Open Graph tags and JSON-LD", () => {
    const meta = seoMeta({
      title: "Café | HBS",
      description: "A café.",
      url: "https://hbs.example/buy/cafe",
      image: "https://hbs.example/uploads/a.webp",
      jsonLd: { "@type": "Offer" },
    });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://hbs.example/buy/cafe" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://hbs.example/uploads/a.webp" });
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "Offer" } });
  });
});

describe("summarise", () => {
  it("keeps short text and cuts long text at a word", () => {
    expect(summarise("Short text.")).toBe("Short text.");
    const cut = summarise("word ".repeat(60));
    expect(cut.length).toBeLessThanOrEqual(161);
    expect(cut.endsWith("word…")).toBe(true);
  });
});

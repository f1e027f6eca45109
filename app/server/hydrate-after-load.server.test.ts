import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { documentRewriter, hydrateAfterLoad } from "./hydrate-after-load.server";

const rewrite = (html: string) => documentRewriter()(html);

// The shape of what React Router's <Scripts> writes, as React serialises it.
const page = [
  '<!DOCTYPE html><html lang="en-GB"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/><link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  "</head><body><main><p>Halal bakery, £45,000 &lt;freehold&gt;</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {};</script>',
  '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");</script>',
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

/** What the page asks for after the load event: the module script's text and the preloads. */
function afterLoad(html: string) {
  const args = /\}\)\)\)\)\((.*),document\.currentScript\.nonce\)<\/script>/s.exec(html)?.[1];
  return args ? (JSON.parse(`[${args}]`) as [string, string[]]) : null;
}

describe("hydrateAfterLoad", () => {
  it("leaves out the preloads and asks for them and the module script after load, keeping everything else", () => {
    const html = rewrite(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain("<p>Halal bakery, £45,000 &lt;freehold&gt;</p>");
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
    expect(html).toContain('addEventListener("load"');
    expect(afterLoad(html)).toEqual([
      'import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");',
      ["/assets/entry.client.js", "/assets/root.js"],
    ]);
  });

  it("gives the same document however the stream is cut, even inside a tag or a character", async () => {
    const bytes = Buffer.from(page);
    const expected = rewrite(page);
    for (const size of [1, 7, 64, 333, bytes.length]) {
      const chunks = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(hydrateAfterLoad())), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it("passes a document without React Router's scripts through unchanged", () => {
    const plain = "<!DOCTYPE html><html><body><p>We are down for maintenance</p></body></html>";
    expect(rewrite(plain)).toBe(plain);
  });
});

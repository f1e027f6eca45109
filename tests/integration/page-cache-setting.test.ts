// PAGE_CACHE (decision 0081), on PGlite and PostgreSQL: on, a production
// server keeps a visitor's public page, answers the next request from it and
// empties it when content changes; off, as behind nginx's cache, every request
// is rendered, nothing is kept and the server listens for no change.
import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cspNonceContext } from "../../app/context";
import { PUBLIC_CACHING } from "../../app/server/http-cache.server";
import {
  keptPage,
  pageCache,
  PUBLIC_CONTENT_CHANNEL,
  startPageCache,
  takenByPageCache,
} from "../../app/server/page-cache.server";
import { businessListing } from "../../app/server/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.destroy());

const PATH = "/buy?category=food";

/** A request for the page through the root middleware, as React Router runs it, rendering on a miss. */
async function visit() {
  const nonce = crypto.randomBytes(16).toString("base64");
  const context = new RouterContextProvider();
  context.set(cspNonceContext, nonce);
  const render = vi.fn(
    () =>
      new Response(`<p>Cafés for sale</p><script nonce="${nonce}">hydrate()</script>`, {
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": PUBLIC_CACHING, vary: "Cookie" },
      }),
  );
  const response = (await pageCache(
    { request: new Request(`https://hbs.example${PATH}`), context, params: {}, unstable_pattern: "" } as never,
    render as never,
  )) as Response;
  return {
    rendered: render.mock.calls.length === 1,
    age: response.headers.get("age"),
    timing: response.headers.get("server-timing") ?? "",
    text: await response.text(),
    compressedByPageCache: takenByPageCache(context),
  };
}

/** What server.ts asks before Express: the page kept for this address, if any. */
const kept = () => keptPage("GET", PATH, undefined, "nonce", undefined);

describe("PAGE_CACHE off, or in development", () => {
  it("renders the page for every request, keeps nothing and listens for no change", async () => {
    for (const env of [
      { NODE_ENV: "production", PAGE_CACHE: false },
      { NODE_ENV: "development", PAGE_CACHE: true },
    ] as const) {
      const listen = vi.fn(database.listen);
      const stop = await startPageCache({ listen }, env);
      expect(listen).not.toHaveBeenCalled();
      for (let i = 0; i < 3; i++) {
        const answer = await visit();
        expect(answer).toMatchObject({ rendered: true, age: null });
        expect(answer.timing).not.toContain("cache");
        expect(answer.text).toContain("Cafés for sale");
        // Compressed as it is sent, like any other page, not left for a cache that will not keep it.
        expect(answer.compressedByPageCache).toBe(false);
        expect(kept()).toBeUndefined();
      }
      await stop();
    }
  });
});

describe("PAGE_CACHE on, in production", () => {
  it("keeps the page for the next visitor until content changes", async () => {
    const listen = vi.fn(database.listen);
    const stop = await startPageCache({ listen }, { NODE_ENV: "production", PAGE_CACHE: true });
    try {
      expect(listen).toHaveBeenCalledWith(PUBLIC_CONTENT_CHANNEL, expect.anything());
      const first = await visit();
      expect(first).toMatchObject({ rendered: true, age: null, compressedByPageCache: true });
      // Kept once compressed, off the main thread.
      await vi.waitFor(() => expect(kept()).toBeDefined());
      const second = await visit();
      expect(second).toMatchObject({ rendered: false, age: "0" });
      expect(second.timing).toContain("page cache hit");
      expect(second.text).toContain("Cafés for sale");
      expect(kept()?.headers).toContainEqual(["server-timing", expect.stringContaining("page cache hit")]);

      // A listing added: the database announces it, and the kept page goes.
      await database.db.insert(businessListing).values({
        slug: "corner-cafe",
        title: "Corner Café",
        category: "food",
        town: "Newport",
        askingPricePence: 30_000_00,
        description: "A café on a corner.",
        status: "published",
      });
      await vi.waitFor(async () => {
        // On PostgreSQL the message crosses a connection, on PGlite it follows a query.
        await database.db.select().from(businessListing).limit(1);
        expect(kept()).toBeUndefined();
      });
      expect((await visit()).rendered).toBe(true);
    } finally {
      await stop();
    }
    // Stopped, it keeps nothing more.
    await visit();
    expect(kept()).toBeUndefined();
  });
});

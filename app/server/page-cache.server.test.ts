import zlib from "node:zlib";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cspNonceContext, pageRefreshContext } from "~/context";
import { PUBLIC_CACHING } from "./http-cache.server";
import { clearPageCache, disablePageCache, enablePageCache, keptPage, pageCache } from "./page-cache.server";

const PAGE = "https://hbs.example/buy?category=food";

function contextWith(nonce: string, refresh = false) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, nonce);
  context.set(pageRefreshContext, refresh);
  return context;
}

/** A render of the page, with its scripts carrying the response's nonce, as entry.server.tsx makes it. */
function rendered(
  nonce: string,
  { status = 200, headers = {} as Record<string, string>, text = "Cafés for sale" } = {},
) {
  return new Response(`<p>${text}</p><script nonce="${nonce}">hydrate()</script><link nonce="${nonce}">`, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": PUBLIC_CACHING,
      vary: "Cookie",
      ...headers,
    },
  });
}

/** Runs the middleware as React Router would, rendering with `render` on a miss. */
async function request(
  url: string,
  nonce: string,
  render: (nonce: string) => Response | Promise<Response>,
  init: RequestInit = {},
  { refresh = false } = {},
) {
  const renders = vi.fn(() => render(nonce));
  const response = await pageCache(
    {
      request: new Request(url, init),
      context: contextWith(nonce, refresh),
      params: {},
      unstable_pattern: "",
    } as never,
    renders as never,
  );
  return { response: response as Response, rendered: renders.mock.calls.length };
}

/** What server.ts sends for a GET, before React Router, if the page is kept. */
function kept(url: string, nonce: string, { cookie, gzip = false }: { cookie?: string; gzip?: boolean } = {}) {
  const { pathname, search } = new URL(url);
  return keptPage("GET", `${pathname}${search}`, cookie, nonce, gzip ? "gzip, deflate, br" : undefined);
}

/** A page is kept once compressed, off the main thread: wait for that. */
async function keptSoon(url: string, nonce: string, options: { cookie?: string; gzip?: boolean } = {}) {
  return vi.waitFor(() => {
    const page = kept(url, nonce, options);
    if (!page) throw new Error(`${url} is not kept yet`);
    return page;
  });
}

/** Once a page asked for after `url` is kept, `url` would have been by now, were it to be. */
async function settled() {
  const control = `https://hbs.example/control?${Math.random()}`;
  await request(control, "n", rendered);
  await keptSoon(control, "n");
}

/** PAGE kept, then the clock in the test's hands. */
async function keptWithClock() {
  await request(PAGE, "n1", rendered);
  await keptSoon(PAGE, "n1");
  vi.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
}

beforeEach(() => enablePageCache());
afterEach(() => {
  vi.useRealTimers();
  disablePageCache();
});

describe("the page cache", () => {
  it("renders a public page once, then serves it with each response's own nonce", async () => {
    const first = await request(PAGE, "first-nonce-0000000000==", rendered);
    expect(first.rendered).toBe(1);
    expect(await first.response.text()).toContain('nonce="first-nonce-0000000000=="');

    const page = await keptSoon(PAGE, "other-nonce-0000000000==");
    expect(page.status).toBe(200);
    const body = page.body.toString();
    expect(body).toBe(
      '<p>Cafés for sale</p><script nonce="other-nonce-0000000000==">hydrate()</script><link nonce="other-nonce-0000000000==">',
    );
    const headers = Object.fromEntries(page.headers);
    expect(headers["cache-control"]).toBe(PUBLIC_CACHING);
    expect(headers["age"]).toBe("0");
    expect(headers["vary"]).toBe("Cookie, Accept-Encoding");
    expect(headers["content-length"]).toBe(String(page.body.length));

    // Compressed once when kept: a gzip client gets the same page, decompressed by any gzip decoder.
    const gzipped = kept(PAGE, "third-nonce-0000000000==", { gzip: true });
    expect(Object.fromEntries(gzipped!.headers)["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped!.body).toString()).toBe(body.replaceAll("other", "third"));

    // A request React Router sees (one that waited for a render, say) is served the same way.
    const again = await request(PAGE, "fourth-nonce-000000000==", rendered);
    expect(again.rendered).toBe(0);
    expect(await again.response.text()).toContain('nonce="fourth-nonce-000000000=="');
  });

  it("answers the render itself from the page it keeps: compressed once, gzipped for a gzip client", async () => {
    const miss = await request(PAGE, "n1-nonce-00000000000000==", rendered, {
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(miss.rendered).toBe(1);
    expect(miss.response.headers.get("content-encoding")).toBe("gzip");
    expect(miss.response.headers.get("age")).toBeNull();
    const compressed = Buffer.from(await miss.response.arrayBuffer());
    expect(miss.response.headers.get("content-length")).toBe(String(compressed.length));
    expect(zlib.gunzipSync(compressed).toString()).toContain('nonce="n1-nonce-00000000000000=="');
    // Kept by the time it is answered: the next visitor is answered from it.
    expect(kept(PAGE, "n2-nonce-00000000000000==")).toBeDefined();
  });

  it("keeps a page apart for each set of cookies, as Vary: Cookie asks", async () => {
    await request(PAGE, "n1", rendered, { headers: { cookie: "cookie-consent=accepted" } });
    await keptSoon(PAGE, "n2", { cookie: "cookie-consent=accepted" });
    expect(kept(PAGE, "n2")).toBeUndefined();
    expect(kept(PAGE, "n2", { cookie: "cookie-consent=declined" })).toBeUndefined();
    expect(
      kept("https://hbs.example/buy?category=retail", "n2", { cookie: "cookie-consent=accepted" }),
    ).toBeUndefined();
  });

  it("keeps nothing private, personal, failed or posted", async () => {
    const cases: [string, (nonce: string) => Response, RequestInit?][] = [
      ["private", (n) => rendered(n, { headers: { "cache-control": "private, s-maxage=60" } })],
      ["no-store", (n) => rendered(n, { headers: { "cache-control": "no-store, s-maxage=60" } })],
      ["no s-maxage", (n) => rendered(n, { headers: { "cache-control": "public, max-age=60" } })],
      ["sets a cookie", (n) => rendered(n, { headers: { "set-cookie": "__Host-hbs_toast=x" } })],
      ["not found", (n) => rendered(n, { status: 404 })],
      ["a form's answer", rendered, { method: "POST", body: "name=x" }],
    ];
    for (const [name, render, init] of cases) {
      const url = `https://hbs.example/case?${encodeURIComponent(name)}`;
      await request(url, "n1", render, init);
      await settled();
      expect(kept(url, "n2"), name).toBeUndefined();
      expect((await request(url, "n3", rendered)).rendered, name).toBe(1);
    }
  });

  it("answers a page past its s-maxage for one more, the first answer asking for it to be rendered again", async () => {
    await keptWithClock();
    vi.advanceTimersByTime(59_000);
    const fresh = kept(PAGE, "n2")!;
    expect(Object.fromEntries(fresh.headers)["age"]).toBe("59");
    expect(fresh.refresh).toBeUndefined();
    vi.advanceTimersByTime(1_000);
    const stale = kept(PAGE, "n3")!;
    expect(stale.body.toString()).toContain("Cafés for sale");
    expect(Object.fromEntries(stale.headers)["server-timing"]).toContain("page cache stale");
    expect(stale.refresh).toBe(true);
    expect(kept(PAGE, "n4")!.refresh).toBeUndefined(); // asked once
    // A visitor who reaches React Router all the same gets a render, not the stale page.
    expect((await request(PAGE, "n5", rendered)).rendered).toBe(1);
  });

  it("keeps a stale page no longer than twice its s-maxage", async () => {
    await keptWithClock();
    vi.advanceTimersByTime(119_000);
    expect(kept(PAGE, "n2")).toBeDefined();
    vi.advanceTimersByTime(1_000);
    expect(kept(PAGE, "n3")).toBeUndefined();
  });

  it("renders a kept page again when asked to refresh it, and keeps the new render", async () => {
    await request(PAGE, "n1", rendered);
    await keptSoon(PAGE, "n1");
    const bakeries = (nonce: string) => rendered(nonce, { text: "Bakeries for sale" });
    expect((await request(PAGE, "n2", bakeries, {}, { refresh: true })).rendered).toBe(1);
    await vi.waitFor(() => expect(kept(PAGE, "n3")!.body.toString()).toContain("Bakeries for sale"));
  });

  it("lets the next visitor ask again when a refresh kept nothing", async () => {
    await keptWithClock();
    vi.advanceTimersByTime(60_000);
    expect(kept(PAGE, "n2")!.refresh).toBe(true);
    await request(PAGE, "n3", (nonce) => rendered(nonce, { status: 503 }), {}, { refresh: true });
    expect(kept(PAGE, "n4")!.refresh).toBe(true);
  });

  it("forgets everything when public content changes, and a render under way then is not kept", async () => {
    await request(PAGE, "n1", rendered);
    await keptSoon(PAGE, "n1");
    clearPageCache();
    expect(kept(PAGE, "n2")).toBeUndefined();

    // The listing changed while its old version was being rendered.
    await request(PAGE, "n3", (nonce) => {
      clearPageCache();
      return rendered(nonce);
    });
    await settled();
    expect(kept(PAGE, "n4")).toBeUndefined();
  });

  it("keeps nothing while it cannot hear about changes", async () => {
    disablePageCache();
    await request(PAGE, "n1", rendered);
    await new Promise((resolve) => setTimeout(resolve, 100)); // what settled() waits for: nothing is kept now
    expect(kept(PAGE, "n2")).toBeUndefined();
    expect((await request(PAGE, "n3", rendered)).rendered).toBe(1);
  });

  it("keeps every page of a busy minute: the load benchmark's thousand searches and listings of 80 KB", async () => {
    // A directory page with its cards: markup that repeats, as a page's does, with something of its own in each.
    const page = (i: number) => rendered("n0", { text: `Grill ${i} `.repeat(8_000) });
    const urls = Array.from(
      { length: 1_000 },
      (_, i) => `https://hbs.example/halal-network-space?search=grill&page=${i}`,
    );
    for (const [i, url] of urls.entries()) await request(url, "n0", () => page(i));
    await keptSoon(urls.at(-1)!, "n1");
    expect(urls.filter((url) => !kept(url, "n1")).length).toBe(0);
  });

  it("renders a page once for many visitors asking at the same moment", async () => {
    let finish: () => void = () => {};
    const slow = (nonce: string) =>
      new Promise<Response>((resolve) => (finish = () => resolve(rendered(nonce, { text: "Bakeries" }))));
    const first = request(PAGE, "n0", slow);
    const others = Array.from({ length: 5 }, (_, i) => request(PAGE, `n${i + 1}`, rendered));
    // The first render finishes a moment later, as a real one would.
    setTimeout(() => finish(), 10);
    const all = await Promise.all([first, ...others]);
    expect(all.reduce((sum, r) => sum + r.rendered, 0)).toBe(1);
    for (const [i, { response }] of all.entries()) {
      const body = await response.text();
      expect(body).toContain("Bakeries");
      expect(body).toContain(`nonce="n${i}"`);
    }
  });
});

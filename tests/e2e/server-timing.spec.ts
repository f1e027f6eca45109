// Where a page's time goes, as a browser's devtools and an operator's
// Prometheus see it (decision 0037).
import { METRICS_TOKEN } from "../../playwright.config";
import { expect, keptAnswer, test } from "./fixtures";

/** Server-Timing's entries by name: { db: { dur: 1.2 }, compression: { desc: "br", dur: 0.4 } }. */
function serverTiming(header: string | undefined) {
  const entries: Record<string, { desc?: string; dur?: number }> = {};
  for (const metric of (header ?? "").split(",")) {
    const [name = "", ...params] = metric.split(";").map((part) => part.trim());
    const entry: { desc?: string; dur?: number } = {};
    for (const param of params) {
      const [key, value = ""] = param.split("=");
      if (key === "dur") entry.dur = Number(value);
      if (key === "desc") entry.desc = value.replace(/^"|"$/g, "");
    }
    entries[name] = entry;
  }
  return entries;
}

test("every page says where its time went: database, loaders, render and compression", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  // A member's page is rendered afresh and compressed before it is sent.
  const account = await page.request.get("/my-account", { headers: { "accept-encoding": "gzip, br" } });
  const timing = serverTiming(account.headers()["server-timing"]);
  expect(timing.db?.dur).toBeGreaterThan(0);
  expect(timing.loaders?.dur).toBeGreaterThan(0);
  expect(timing.render?.dur).toBeGreaterThan(0);
  expect(timing.compression).toEqual({ desc: account.headers()["content-encoding"], dur: expect.any(Number) });
  expect(account.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
  expect(await account.text()).toContain("</html>");

  // A client-side navigation's data: the database and the loaders.
  const data = serverTiming((await page.request.get("/buy.data")).headers()["server-timing"]);
  expect(Object.keys(data).sort()).toEqual(["db", "loaders"]);
});

test("a kept page says it came from the page cache, with no database time", async ({ request }) => {
  const path = "/about?server-timing";
  const kept = await keptAnswer(() => request.get(path, { headers: { "accept-encoding": "gzip" } }));
  const timing = serverTiming(kept.headers()["server-timing"]);
  expect(timing.cache).toEqual({ desc: "page cache hit" });
  expect(timing.compression?.dur).toBeGreaterThanOrEqual(0);
  expect(timing.db).toBeUndefined();
});

test("/metrics answers Prometheus only with the token, with requests by route and page-cache hits", async ({
  request,
}) => {
  expect((await request.get("/metrics")).status()).toBe(401);
  expect((await request.get("/metrics", { headers: { authorization: "Bearer guess" } })).status()).toBe(401);

  const scrape = async () => {
    const response = await request.get("/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status()).toBe(200);
    return response.text();
  };
  const count = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const contactRequests =
    /hbs_http_request_duration_seconds_count\{route="\/contact",method="GET",status="200"\} (\d+)/;
  const hits = /hbs_page_cache_requests_total\{result="hit"\} (\d+)/;

  const before = await scrape();
  await keptAnswer(() => request.get("/contact?metrics=1", { headers: { cookie: "fresh=1" } }));
  const after = await scrape();
  // Other tests ask for /contact at the same time: at least ours are counted.
  expect(count(after, contactRequests)).toBeGreaterThanOrEqual(count(before, contactRequests) + 1);
  expect(count(after, hits)).toBeGreaterThanOrEqual(count(before, hits) + 1);
  for (const name of [
    "hbs_outbox_depth",
    "hbs_outbox_oldest_age_seconds",
    "hbs_scheduler_runs_total",
    "hbs_live_connections",
  ]) {
    expect(after).toContain(name);
  }
});

// HTTP caching as a browser and a proxy see it: public pages kept briefly for
// visitors, nothing of a member's ever stored, fingerprinted assets kept for
// a year, and everything compressed.
import { expect, test } from "./fixtures";

test("a visitor's public pages may be kept by a shared cache for a minute; a member's pages never", async ({
  page,
  signUpAndSignIn,
}) => {
  const html = await (await page.request.get("/buy")).text();
  const listing = /href="(\/buy\/[^"?]+)"/.exec(html)![1]!;
  for (const path of ["/", "/buy", listing, "/halal-network-space", "/contact"]) {
    const headers = (await page.request.get(path)).headers();
    expect(headers["cache-control"], path).toBe("public, max-age=0, must-revalidate, s-maxage=60");
    expect(headers["vary"], path).toMatch(/Cookie/i);
  }
  // A client-side navigation's data, the same.
  expect((await page.request.get("/buy.data")).headers()["cache-control"]).toMatch(/^public/);
  for (const path of ["/auth", "/reset-password?token=made-up", "/no-such-page", "/my-queries"]) {
    expect((await page.request.get(path)).headers()["cache-control"], path).toBe("private, no-store");
  }

  await signUpAndSignIn();
  for (const path of ["/", "/buy", listing, "/my-account", "/saved-listings", "/buy.data"]) {
    expect((await page.request.get(path)).headers()["cache-control"], path).toBe("private, no-store");
  }
});

test("assets are fingerprinted and immutable, and pages and scripts are compressed", async ({ request }) => {
  const home = await request.get("/", { headers: { "accept-encoding": "gzip, br" } });
  expect(home.headers()["content-encoding"]).toMatch(/gzip|br/);
  const script = /<link rel="modulepreload" href="(\/assets\/[^"]+-[A-Za-z0-9_-]{8}\.js)"/.exec(await home.text())![1]!;
  const asset = await request.get(script, { headers: { "accept-encoding": "gzip, br" } });
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toMatch(/gzip|br/);
});

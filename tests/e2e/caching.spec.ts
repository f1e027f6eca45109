// HTTP caching as a browser and a proxy see it: public pages kept briefly for
// visitors, nothing of a member's ever stored, fingerprinted assets kept for
// a year, and everything compressed.
import { expect, hydrated, keptAnswer, test } from "./fixtures";

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
  const script = /\/assets\/[\w.-]+-[A-Za-z0-9_-]{8}\.js/.exec(await home.text())![0];
  const asset = await request.get(script, { headers: { "accept-encoding": "gzip, br" } });
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toMatch(/gzip|br/);
});

test("the server keeps a visitor's page and serves it again with a fresh nonce; a member's never", async ({
  page,
  signUpAndSignIn,
}) => {
  const path = "/buy?category=food&sort=price-asc";
  const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")![1]!;
  const rendered = await page.request.get(path);
  expect(rendered.headers()["age"]).toBeUndefined();
  const answers = [await keptAnswer(() => page.request.get(path)), await keptAnswer(() => page.request.get(path))];
  const nonces = answers.map((answer) => nonceOf(answer.headers()["content-security-policy"]));
  expect(nonces[0]).not.toBe(nonces[1]);
  // Kept pages are answered ahead of Express (server.ts): with the same security headers all the same.
  const security = (headers: Record<string, string>) => [
    headers["content-security-policy"]?.replace(/'nonce-[^']+'/, "'nonce'"),
    ...["x-content-type-options", "referrer-policy", "permissions-policy", "x-frame-options"].map((h) => headers[h]),
    ...["cross-origin-opener-policy", "cross-origin-resource-policy", "strict-transport-security"].map(
      (h) => headers[h],
    ),
  ];
  expect(security(rendered.headers())).not.toContain(undefined);
  for (const answer of answers) expect(security(answer.headers())).toEqual(security(rendered.headers()));
  for (const [i, answer] of answers.entries()) {
    expect(answer.headers()["content-encoding"]).toBe("gzip");
    const html = await answer.text();
    expect(html).toContain(`nonce="${nonces[i]}"`);
    expect(html).not.toContain(`nonce="${nonces[1 - i]}"`);
  }

  // In a browser the kept page runs: its scripts are allowed, and it hydrates and navigates.
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await keptAnswer(() => page.goto(path));
  await hydrated(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "The Halal Directory" }).click();
  await expect(page).toHaveURL(/\/halal-network-space$/);
  expect(blocked).toEqual([]);

  await signUpAndSignIn();
  const member = await page.request.get(path);
  expect(member.headers()["age"]).toBeUndefined();
  expect(member.headers()["cache-control"]).toBe("private, no-store");
});

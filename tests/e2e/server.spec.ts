// The server as operations see it: health, headers, static caching, refusing
// a second process on the same embedded database, bad configuration, and a
// clean shutdown. Runs the production build like `npm start` does.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { freePort, spawnServer } from "../helpers/server-process";
import { e2eServer } from "./fixtures";

test("GET /healthz answers 200 while the database answers", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("pages carry security headers and a CSP nonce that matches their scripts", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("geolocation=(self)");
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const html = await response.text();
  expect(html).toContain(`nonce="${nonce}"`);
  expect(headers["content-encoding"] ?? "gzip").toMatch(/gzip|br/);
});

test("seed images are real WebP files served as immutable", async ({ page, request }) => {
  await page.goto("/buy");
  const src = await page.getByRole("main").locator("img").first().getAttribute("src");
  expect(src).toMatch(/^\/uploads\/seed\/.+\.[0-9a-f]{10}\.webp$/);
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/webp");
  expect(response.headers()["cache-control"]).toContain("immutable");
  const body = await response.body();
  expect(body.subarray(8, 12).toString("ascii")).toBe("WEBP");

  expect((await request.get("/uploads/seed/missing.webp")).status()).toBe(404);
  // Only WebP is ever served from uploads: a planted page is not, though it is there.
  const planted = path.join(e2eServer().dataDir, "uploads", "planted.html");
  fs.writeFileSync(planted, "<script>alert(1)</script>");
  try {
    const answer = await request.get("/uploads/planted.html");
    expect(answer.status()).toBe(404);
    expect(await answer.text()).toBe("Not found");
  } finally {
    fs.rmSync(planted);
  }
});

test("a phone gets narrower copies of images: made on first request, kept, and only the widths srcset names", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const loaded: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/uploads/")) loaded.push(new URL(response.url()).pathname);
  });
  await page.goto("/halal-network-space");
  const image = page.getByRole("main").locator("img").first();
  const srcset = await image.getAttribute("srcset");
  const src = (await image.getAttribute("src"))!;
  const base = src.replace(/\.webp$/, "");
  expect(srcset).toBe(`${base}-400.webp 400w, ${base}-600.webp 600w, ${base}-800.webp 800w, ${src} 1200w`);
  // At 390 px wide a card is 92vw, 359 px: the 400 copy is enough.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname))
    .toBe(`${base}-400.webp`);
  expect(loaded).not.toContain(src);

  for (const width of [400, 600, 800]) {
    const copy = await request.get(`${base}-${width}.webp`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(await copy.body()).metadata()).toMatchObject({
      format: "webp",
      width,
      height: Math.round((width * 2) / 3),
    });
    // Kept beside the image, so the next request is a plain file.
    expect(fs.existsSync(path.join(e2eServer().dataDir, `${base}-${width}.webp`.replace(/^\//, "")))).toBe(true);
  }
  for (const refused of [`${base}-500.webp`, "/uploads/seed/no-such-image-400.webp", `${base}-400.webp.tmp`]) {
    expect((await request.get(refused)).status(), refused).toBe(404);
  }
});

test("a client's pooled connection, idle for 6 s, is answered on the same connection", async ({ baseURL }) => {
  // Node's default closed idle connections after 5 s, and a client reusing one
  // as it closed got ECONNRESET (a flaky test on a busy machine).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.get(new URL("/healthz", baseURL), { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });
  try {
    expect(await get()).toEqual({ status: 200, reused: false });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get()).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});

test("a second server on the same embedded database stops with a clear message", async () => {
  const second = spawnServer({ PORT: "0", DATA_DIR: e2eServer().dataDir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by another HBS process");
});

test("a bad environment variable stops the server and is named", async () => {
  const bad = spawnServer({ PORT: "eighty", DATA_DIR: e2eServer().dataDir });
  expect(await bad.exited).toBe(1);
  expect(bad.output()).toMatch(/Invalid environment[\s\S]*PORT/);
});

test("SIGTERM finishes cleanly: the database is closed and its lock released", async () => {
  const prepared = process.env.E2E_PREPARED_DIR;
  if (!prepared) throw new Error("Run the browser tests with npm run test:e2e: it prepares the data folder.");
  // A copy of the folder the suite's servers started from, migrated and seeded: the first start of a
  // new folder is other-port.spec.ts's, and here it would only add a minute and more under load.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-shutdown-"));
  fs.cpSync(prepared, dataDir, { recursive: true });
  // A port nobody holds (a random one once met the other run's, two runs at once).
  const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
  try {
    await server.ready(120_000);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("database closed");
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  } finally {
    server.process.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// The JavaScript a first visit downloads, read from the production build:
// every module the page names (its route modules and the entry, which it
// starts after load) and every module those import statically, gzipped, at
// most 150 KB on the home page, the two lists and a listing's page
// (bench/README.md). What loads on first use — dialogs, toasts, a form's
// checks, the carousel — is imported dynamically and not counted: a visit
// that never uses it never downloads it.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, hydrated, test } from "./fixtures";

const BUDGET_BYTES = 150 * 1024;

/** The scripts the page names, with everything they import statically, as paths under build/client. */
function scriptsOf(html: string) {
  // The page's module script (a string in the page until load) imports its
  // route modules and then the entry: `from "/assets/…"`, `import("/assets/…")`.
  const scripts = new Set([...html.matchAll(/(?:from |import\()\\?"(\/assets\/[\w.-]+\.js)/g)].map((m) => m[1]!));
  for (const script of scripts) {
    const code = fs.readFileSync(path.join("build/client", script), "utf8");
    // `import … from"./x.js"` and `import"./x.js"`; never `import("./x.js")`.
    for (const [, file] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) scripts.add(`/assets/${file}`);
  }
  return [...scripts];
}

test("first-load JavaScript is at most 150 KB gzipped on the home page, the lists and a listing", async ({
  request,
}) => {
  const report: string[] = [];
  const listing = /href="(\/buy\/[^"?]+)"/.exec(await (await request.get("/buy")).text())![1]!;
  for (const page of ["/", "/buy", "/halal-network-space", listing]) {
    const scripts = scriptsOf(await (await request.get(page)).text());
    expect(scripts.length, page).toBeGreaterThan(2);
    let total = 0;
    for (const script of scripts) {
      const file = path.join("build/client", script);
      expect(fs.existsSync(file), `${script} is in the build`).toBe(true);
      total += zlib.gzipSync(fs.readFileSync(file)).length;
    }
    report.push(`${page}: ${(total / 1024).toFixed(1)} KB`);
    expect(total, `${page} loads ${(total / 1024).toFixed(1)} KB of JavaScript gzipped`).toBeLessThanOrEqual(
      BUDGET_BYTES,
    );
  }
  test.info().annotations.push({ type: "first-load JavaScript (gzip)", description: report.join("; ") });
});

test("a page asks for its scripts only once it has loaded, then comes alive (decision 0019)", async ({ page }) => {
  const html = await (await page.request.get("/")).text();
  expect(html).not.toContain('<link rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]* type="module"/);

  await page.goto("/");
  await hydrated(page);
  const timings = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/.+\.js$/.test(entry.name));
    return { loadEventStart: navigation!.loadEventStart, scriptStarts: scripts.map((entry) => entry.startTime) };
  });
  expect(timings.scriptStarts.length).toBeGreaterThan(2);
  for (const start of timings.scriptStarts) expect(start).toBeGreaterThanOrEqual(timings.loadEventStart);
});

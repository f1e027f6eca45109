// The JavaScript a first visit downloads, read from the production build:
// every module a page preloads or imports, gzipped, at most 150 KB. The lists
// meet it; the home page (160 KB) and a listing's page (200 KB, its inline
// enquiry form's validation) do not yet — bench/README.md, issue #8.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "./fixtures";

const BUDGET_BYTES = 150 * 1024;

/** The page's own scripts: modulepreload links and the entry's dynamic import. */
function scriptsOf(html: string) {
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!);
  const imported = [...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!);
  return [...new Set([...preloaded, ...imported])];
}

test("first-load JavaScript is at most 150 KB gzipped on /buy and the directory", async ({ request }) => {
  const report: string[] = [];
  for (const page of ["/buy", "/halal-network-space"]) {
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

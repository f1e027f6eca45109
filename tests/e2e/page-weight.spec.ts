// The JavaScript a first visit downloads, read from the production build:
// every module a page preloads or imports, gzipped, at most 150 KB on the
// home page, the two lists and a listing's page (bench/README.md). What loads
// on first use — dialogs, toasts, a form's checks, the carousel — is not
// counted: a visit that never uses it never downloads it.
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

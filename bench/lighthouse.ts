// npm run bench:lighthouse — Lighthouse's mobile audit (its default: a
// mid-range phone on a slow 4G connection, simulated) of the home page, /buy,
// the directory and a listing page, on the production build with the sample
// data, in Debian's Chromium. Writes each report as HTML and a summary as JSON
// under bench/results/, and prints the scores. See bench/README.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer } from "./bench-server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-lighthouse-"));
  const server = await startBenchServer({ DATA_DIR: dataDir });
  const { url } = server;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-sync",
    ],
  });
  try {
    const listing = /href="(\/buy\/[^"?]+)"/.exec(await (await fetch(`${url}/buy`)).text())![1]!;
    const date = new Date().toISOString().slice(0, 10);
    const out = path.join(root, "bench/results", `lighthouse-${date}`);
    fs.mkdirSync(out, { recursive: true });
    const summary: Record<string, Record<string, number>> = {};
    for (const page of ["/", "/buy", "/halal-network-space", listing]) {
      const result = await lighthouse(`${url}${page}`, { port: chrome.port, output: "html", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const name = page === "/" ? "home" : page.slice(1).replace(/\//g, "-");
      fs.writeFileSync(path.join(out, `${name}.html`), result.report as string);
      const { categories, audits } = result.lhr;
      summary[page] = Object.fromEntries([
        ...CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
        ["largestContentfulPaintMs", Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)],
        ["totalBlockingTimeMs", Math.round(audits["total-blocking-time"]?.numericValue ?? 0)],
        ["cumulativeLayoutShift", Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000],
      ]);
      const lost = Object.values(categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category.id}: ${ref.id}`),
      );
      console.log(
        `${page}: ${JSON.stringify(summary[page])}${lost.length ? `\n  not full marks: ${lost.join(", ")}` : ""}`,
      );
    }
    const file = path.join(root, "bench/results", `lighthouse-${date}.json`);
    fs.writeFileSync(
      file,
      `${JSON.stringify({ date, url, chromium: await chromeVersion(chrome.port), summary }, null, 2)}\n`,
    );
    console.log(`Reports in ${path.relative(root, out)}/, summary in ${path.relative(root, file)}`);
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function chromeVersion(port: number) {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return info.Browser;
}

await main();

// npm run bench:lighthouse — Lighthouse's mobile audit (its default: a
// mid-range phone on a slow 4G connection, simulated) of the home page, /buy,
// the directory, a listing page and a business page with its map (tiles from
// the stand-in), on the production build with the sample
// data, in Debian's Chromium. Each page is audited several times and the run
// with the median performance score is kept, as Lighthouse's own guidance on
// variability advises (one run on a shared machine swings by several points).
// Writes each kept report as HTML and a summary as JSON under bench/results/,
// and prints the scores. See bench/README.md.
//
//   npm run bench:lighthouse                 (5 runs a page)
//   npm run bench:lighthouse -- --runs 1
//   npm run bench:lighthouse -- --tag before  (lighthouse-<date>-before.json: runs of one day kept apart)
//   npm run bench:lighthouse -- --beside ../hbs-old   (the same pages of another built checkout, audited in
//                                                      turn with ours, so both see the machine at the same speed)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { ensureChromium } from "../scripts/ensure-chromium.js";
import { startProductionServer } from "../tests/helpers/server-process";
import { startTilePeer } from "../tests/helpers/tile-peer";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function summaryOf({ lhr }: RunnerResult) {
  const { categories, audits } = lhr;
  return Object.fromEntries([
    ...CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    ["firstContentfulPaintMs", Math.round(audits["first-contentful-paint"]?.numericValue ?? 0)],
    ["largestContentfulPaintMs", Math.round(audits["largest-contentful-paint"]?.numericValue ?? 0)],
    ["totalBlockingTimeMs", Math.round(audits["total-blocking-time"]?.numericValue ?? 0)],
    ["cumulativeLayoutShift", Math.round((audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000],
    ["speedIndexMs", Math.round(audits["speed-index"]?.numericValue ?? 0)],
    // Lighthouse's own measure of the machine's speed: total blocking time,
    // and with it the score, follows it, so runs on two machines compare only beside it.
    ["benchmarkIndex", Math.round(lhr.environment.benchmarkIndex)],
  ]) as Record<string, number>;
}

/** Audits short of full marks, for the log. */
function shortfalls({ lhr }: RunnerResult) {
  return Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category.id}: ${ref.id}`),
  );
}

/** A page's runs: a run Lighthouse itself could not finish (a runtime error, scored 0) says nothing about it. */
function collector(page: string, runs: number) {
  const results: RunnerResult[] = [];
  let attempts = 0;
  return {
    results,
    wanted: () => results.length < runs && attempts < runs * 2,
    add(result: RunnerResult | undefined) {
      attempts++;
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      if (result.lhr.runtimeError)
        console.log(`${page}: a run failed (${result.lhr.runtimeError.code}); running again`);
      else results.push(result);
    },
  };
}

const performance = (result: RunnerResult) => result.lhr.categories.performance?.score ?? 0;

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "5" }, tag: { type: "string" }, beside: { type: "string" } },
  });
  const runs = Math.max(1, Number(values.runs));
  const chromePath = ensureChromium("full");
  // The business page's map draws tiles from the stand-in, as in the browser tests: nothing leaves the machine.
  const tiles = await startTilePeer();
  const env = { MAP_TILES_URL: `${tiles.url}/{z}/{x}/{y}.png` };
  const checkouts = { ours: root, ...(values.beside ? { beside: path.resolve(values.beside) } : {}) };
  const servers = Object.fromEntries(
    await Promise.all(
      Object.entries(checkouts).map(async ([side, checkout]) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-lighthouse-"));
        const server = await startProductionServer({ ...env, DATA_DIR: dataDir }, [], checkout);
        return [side, { dataDir, server }] as const;
      }),
    ),
  );
  const { url } = servers.ours!.server;
  const chrome = await chromeLauncher.launch({
    chromePath,
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
    const directory = await (await fetch(`${url}/halal-network-space`)).text();
    const business = /href="(\/halal-network-space\/[^"?]+)"/.exec(directory)![1]!;
    const date = new Date().toISOString().slice(0, 10);
    const name = `lighthouse-${date}${values.tag ? `-${values.tag}` : ""}`;
    const out = path.join(root, "bench/results", name);
    fs.mkdirSync(out, { recursive: true });
    const summary: Record<string, Record<string, Record<string, number | number[]>>> = {};
    for (const page of ["/", "/buy", "/halal-network-space", listing, business]) {
      const sides = Object.keys(servers).map((side) => ({ side, runs: collector(`${side} ${page}`, runs) }));
      // In turn, one run a side, so that neither gets the machine's quieter minutes.
      while (sides.some((s) => s.runs.wanted())) {
        for (const { side, runs: collected } of sides.filter((s) => s.runs.wanted())) {
          const target = `${servers[side]!.server.url}${page}`;
          collected.add(await lighthouse(target, { port: chrome.port, output: "html", logLevel: "error" }));
        }
      }
      summary[page] = {};
      for (const { side, runs: collected } of sides) {
        const { results } = collected;
        if (results.length < runs) throw new Error(`Lighthouse could not finish ${runs} runs of ${side} ${page}`);
        const median = [...results].sort((a, b) => performance(a) - performance(b))[Math.floor(runs / 2)]!;
        const report = `${page === "/" ? "home" : page.slice(1).replace(/\//g, "-")}${side === "ours" ? "" : `-${side}`}`;
        fs.writeFileSync(path.join(out, `${report}.html`), median.report as string);
        summary[page][side] = {
          ...summaryOf(median),
          performanceRuns: results.map((r) => Math.round(performance(r) * 100)),
        };
        const lost = shortfalls(median);
        console.log(
          `${side === "ours" ? "" : `${side} `}${page}: ${JSON.stringify(summary[page][side])}${lost.length ? `\n  not full marks: ${lost.join(", ")}` : ""}`,
        );
      }
    }
    const file = path.join(root, "bench/results", `${name}.json`);
    const besideCode = values.beside ? { beside: checkouts.beside } : {};
    fs.writeFileSync(
      file,
      `${JSON.stringify({ date, url, runs, ...besideCode, chromium: await chromeVersion(chrome.port), summary }, null, 2)}\n`,
    );
    console.log(`Reports in ${path.relative(root, out)}/, summary in ${path.relative(root, file)}`);
  } finally {
    chrome.kill();
    for (const { server, dataDir } of Object.values(servers)) {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    await tiles.close();
  }
}

async function chromeVersion(port: number) {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
  return info.Browser;
}

await main();

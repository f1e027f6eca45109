// A Markdown table of several runs of bench/browse.ts side by side, for
// bench/README.md:
//
//   npx tsx bench/report.ts [--p95-only] bench/results/browse-pglite-….json bench/results/browse-postgres-….json
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { targetP95Ms, type BrowseResults } from "./browse";

type Figures = Omit<BrowseResults, "explain">;

/** A p95 at or over its database's target (20 ms on PostgreSQL, 50 on PGlite) is in bold, in older runs too. */
export function markdownTable(runs: Figures[], { p95Only = false } = {}): string {
  const first = runs[0];
  if (!first) return "";
  const title = (r: Figures) => `${r.db === "pglite" ? "PGlite" : "PostgreSQL"}${r.tag ? ` (${r.tag})` : ""}`;
  const header = [
    "page",
    "scenario",
    "query",
    "rows",
    ...runs.flatMap((r) => (p95Only ? [`${title(r)} p95`] : [`${title(r)} p50`, `${title(r)} p95`])),
  ];
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_, i) => (i < 3 ? "---" : "---:")).join("|")}|`];
  // By page and name: a run from before a scenario was added lacks it, and the rest still line up.
  const find = (run: Figures, scenario: (typeof first.scenarios)[number]) =>
    run.scenarios.find((s) => s.page === scenario.page && s.name === scenario.name);
  first.scenarios.forEach((scenario) => {
    const cells = [
      scenario.page === "directory" ? "directory" : `/${scenario.page}`,
      scenario.name,
      `\`${scenario.query || "—"}\`${scenario.origin ? ` from ${scenario.origin}` : ""}`,
      scenario.total.toLocaleString("en-GB"),
    ];
    for (const run of runs) {
      const r = find(run, scenario);
      const ms = (v: number | undefined) => (v === undefined ? "—" : v.toFixed(1));
      const p95 = ms(r?.p95Ms);
      if (!p95Only) cells.push(ms(r?.p50Ms));
      cells.push(r && r.p95Ms >= targetP95Ms(run.db) ? `**${p95}**` : p95);
    }
    lines.push(`| ${cells.join(" | ")} |`);
  });
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const p95Only = args.includes("--p95-only");
  const runs = args
    .filter((a) => a !== "--p95-only")
    .map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as Figures);
  if (runs.length === 0) {
    console.error("usage: npx tsx bench/report.ts <results.json>…");
    process.exit(2);
  }
  console.log(markdownTable(runs, { p95Only }));
}

// `npm run db:postcodes` at the size of the whole ONS Postcode Directory.
//
//   npx tsx bench/postcodes.ts --db pglite|postgres [--rows 1800000]
//       [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
//
// Writes a generated file in the ONSPD's format (its header, its 7-character
// and display postcodes, latitude and longitude across Great Britain, a few
// rows without coordinates as the real file has) to a temporary folder, loads
// it into a fresh database with the command's own code, and prints the time,
// the summary and the process's peak resident memory. The file and the
// database are removed afterwards. See bench/README.md for the figures.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { importPostcodes } from "../app/features/places/postcode-import.server";
import { setDatabase } from "../app/server/db.server";
import { createBenchDatabase, DEFAULT_POSTGRES_URL } from "./bench-database";

const LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

/** Writes `rows` ONSPD-format rows: distinct postcodes, spread over Great Britain. */
export async function writeOnspdFile(file: string, rows: number): Promise<void> {
  const out = fs.createWriteStream(file);
  let pending: string[] = [];
  // Lines go out 10,000 at a time: one write a line would take longer than the load.
  const write = async (line: string, last = false) => {
    pending.push(line);
    if (pending.length < 10_000 && !last) return;
    const chunk = pending.join("");
    pending = [];
    if (!out.write(chunk)) await once(out, "drain");
  };
  await write(
    '"pcd","pcd2","pcds","dointr","doterm","oscty","oslaua","osward","usertype","oseast1m","osnrth1m","osgrdind","ctry","lat","long"\n',
  );
  // Outward codes AA1..ZZ99 and inward codes 0AA..9ZZ: 4,000 inward codes each.
  for (let i = 0; i < rows; i++) {
    const district = Math.floor(i / 4000);
    const inwardIndex = i % 4000;
    const area =
      LETTERS[Math.floor(district / 99 / LETTERS.length) % LETTERS.length]! +
      LETTERS[Math.floor(district / 99) % LETTERS.length]!;
    const outward = `${area}${(district % 99) + 1}`;
    const inward = `${inwardIndex % 10}${LETTERS[Math.floor(inwardIndex / 10) % 20]}${LETTERS[Math.floor(inwardIndex / 200) % 20]}`;
    const pcds = `${outward} ${inward}`;
    const pcd = `${outward.padEnd(4, " ")}${inward}`;
    // ONSPD's marker for "no grid reference", on one row in a thousand.
    const noGrid = i % 1000 === 999;
    const lat = noGrid ? "99.999999" : (50.2 + (((i * 7919) % 100_000) / 100_000) * 5.5).toFixed(6);
    const lng = noGrid ? "0.000000" : (-5.5 + (((i * 104_729) % 100_000) / 100_000) * 7).toFixed(6);
    await write(
      `"${pcd}","${pcd}","${pcds}","198001","","E99999999","E08000025","E05011151","0","406740","286701","${noGrid ? 9 : 1}","E92000001",${lat},${lng}\n`,
    );
  }
  await write("", true);
  out.end();
  await once(out, "finish");
}

export async function runPostcodesBenchmark(options: {
  db: "pglite" | "postgres";
  rows: number;
  postgresUrl?: string;
  log?: (line: string) => void;
}) {
  const log = options.log ?? console.log;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-postcodes-bench-"));
  const file = path.join(dir, "onspd.csv");
  const bench = await createBenchDatabase({ db: options.db, postgresUrl: options.postgresUrl });
  try {
    let t = performance.now();
    await writeOnspdFile(file, options.rows);
    log(
      `Wrote ${options.rows.toLocaleString("en-GB")} rows (${(fs.statSync(file).size / 1024 ** 2).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s.`,
    );
    await bench.handle.migrate();
    setDatabase(bench.handle);
    const rssBefore = process.memoryUsage().rss;
    t = performance.now();
    const summary = await importPostcodes(file, { print: log, every: 200_000 });
    const seconds = (performance.now() - t) / 1000;
    // resourceUsage().maxRSS: the process's peak, in KiB.
    const peakRssMb = process.resourceUsage().maxRSS / 1024;
    const result = {
      db: options.db,
      rows: options.rows,
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(summary.read / seconds),
      rssBeforeMb: Math.round(rssBefore / 1024 ** 2),
      peakRssMb: Math.round(peakRssMb),
      added: summary.added,
      refused: summary.refused,
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    setDatabase(undefined);
    await bench.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "pglite" },
      rows: { type: "string", default: "1800000" },
      "postgres-url": { type: "string" },
    },
  });
  await runPostcodesBenchmark({
    db: values.db === "postgres" ? "postgres" : "pglite",
    rows: Number(values.rows),
    postgresUrl:
      values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? DEFAULT_POSTGRES_URL,
  });
}

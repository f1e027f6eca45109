// npm run bench:load — the production build under a mixed load (autocannon):
// home, directory searches, /buy filters, listing pages, enquiry posts and
// sign-ins, from many visitors at once, at 100,000 directory businesses and
// 20,000 listings. See bench/README.md.
//
//   npm run bench:load -- --db postgres      (or --db pglite; --mix browsing or writes)
//   npm run bench:load -- --rate 400         (that many requests a second, not as many as it can answer)
//   npm run bench:load -- --tag run1         (ends the results file's name: runs of a day kept apart)
//   npm run bench:load -- --smoke            (2,000 / 500 rows, 5 s: checks it runs)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { seedDatabase } from "../db/seed/seed";
import { insertBulkData } from "../db/seed/bulk";
import { clientOf, createBenchDatabase, machineInfo } from "./bench-database";
import { startProductionServer, type ServerProcess } from "../tests/helpers/server-process";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface LoadOptions {
  db: "pglite" | "postgres";
  businesses: number;
  listings: number;
  mix: Mix;
  connections: number;
  durationSeconds: number;
  /** Requests a second from all connections together (autocannon's overallRate); as fast as answered when unset. */
  rate?: number;
  /** Seconds of the same load first, not measured: a running site has its caches filled and its code compiled. */
  warmupSeconds: number;
  postgresUrl?: string;
  /** A folder for the server's CPU profile (node --cpu-prof), written when it stops. */
  cpuProfileDir?: string;
  log?: (line: string) => void;
}

/** What a visitor reads: the home page, searches of both lists and listings. */
const READS = ["home", "directory", "directory", "buy", "buy", "listing", "listing", "home"];

/**
 * The request cycles each connection goes round. `browsing` is a busy day:
 * one enquiry and one sign-in in every 50 requests, already more than a
 * marketplace sees (a few enquiries per hundred visits of several pages).
 * `writes` is a stress test: an enquiry and a sign-in in every 10.
 */
const MIXES = {
  browsing: [...Array.from({ length: 6 }, () => READS).flat(), "enquiry", "sign-in"],
  writes: [...READS, "enquiry", "sign-in"],
};
export type Mix = keyof typeof MIXES;

export async function runLoadBenchmark(options: LoadOptions) {
  const log = options.log ?? (() => {});
  const bench = await createBenchDatabase({
    db: options.db,
    postgresUrl: options.postgresUrl,
    pgliteDir: options.db === "pglite" ? fs.mkdtempSync(path.join(os.tmpdir(), "hbs-load-")) : undefined,
  });
  const dataDir = bench.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hbs-load-"));
  let server: ServerProcess | undefined;
  try {
    log(`Preparing ${options.db}: ${options.businesses} businesses, ${options.listings} listings…`);
    await bench.handle.migrate();
    await seedDatabase(bench.handle.db, { uploadsDir: path.join(dataDir, "uploads") });
    await insertBulkData(bench.handle.db, { businesses: options.businesses, listings: options.listings, seed: 1 });
    await bench.handle.db.execute(sql`vacuum (analyze)`);
    const machine = await machineInfo(bench.handle);
    const client = clientOf(bench.handle);
    const slugs = async (table: string) =>
      (await client.query(`select slug from ${table} where status = 'published' order by id limit 500`)).rows.map((r) =>
        String(r.slug),
      );
    const listingSlugs = await slugs("business_listing");
    const towns = (await client.query("select distinct town from directory_business order by 1 limit 50")).rows.map(
      (r) => String(r.town),
    );
    // The server opens the database itself: PGlite allows one process.
    if (options.db === "pglite") await bench.handle.close();

    // Every request will say which visitor it is (X-Forwarded-For, trusted from
    // this machine), as behind a proxy: the per-visitor limits then treat the
    // load as many people, not one.
    server = await startProductionServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: bench.databaseUrl ?? "",
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      },
      options.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
    );
    const { url } = server;
    const member = { email: "load@example.com", password: "Quiet-Harbour-19", fullName: "Load Test" };
    await fetch(`${url}/auth`, { method: "POST", body: new URLSearchParams({ intent: "sign-up", ...member }) });

    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const terms = ["halal", "grill", "dental", "bakery", "kebab", "cafe", "butcher", "travel"];
    const sorts = ["latest", "price-asc", "price-desc", "revenue"];
    const categories = ["food", "retail", "ecommerce", "services"];
    const visitor = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const requestFor: Record<string, () => autocannon.Request> = {
      home: () => ({ method: "GET", path: "/" }),
      directory: () => ({
        method: "GET",
        path: `/halal-network-space?${new URLSearchParams({ search: pick(terms), location: pick(towns) })}`,
      }),
      buy: () => ({
        method: "GET",
        path: `/buy?${new URLSearchParams({ category: pick(categories), sort: pick(sorts) })}`,
      }),
      listing: () => ({ method: "GET", path: `/buy/${pick(listingSlugs)}` }),
      enquiry: () => ({
        method: "POST",
        path: "/contact",
        headers: form,
        body: new URLSearchParams({
          name: "Load Test",
          email: `visitor-${crypto.randomInt(1e9)}@example.com`,
          subject: "Opening hours",
          message: "Are you open on Sundays?",
        }).toString(),
      }),
      "sign-in": () => ({
        method: "POST",
        path: "/auth",
        headers: form,
        body: new URLSearchParams({ intent: "sign-in", email: member.email, password: member.password }).toString(),
      }),
    };
    const requests = MIXES[options.mix].map((kind) => ({
      setupRequest: (request: autocannon.Request) => {
        const made = requestFor[kind]!();
        // As a browser asks: pages come compressed.
        const headers = { ...made.headers, "accept-encoding": "gzip, deflate, br", "x-forwarded-for": visitor() };
        return { ...request, ...made, headers };
      },
    }));

    const load = (duration: number) =>
      autocannon({
        url,
        connections: options.connections,
        duration,
        requests: requests as autocannon.Request[],
        ...(options.rate ? { overallRate: options.rate } : {}),
      });
    if (options.warmupSeconds > 0) {
      log(`Warming up for ${options.warmupSeconds} s…`);
      await load(options.warmupSeconds);
    }
    const pace = options.rate ? `, ${options.rate} requests a second,` : "";
    log(`Loading ${url} with ${options.connections} connections${pace} for ${options.durationSeconds} s…`);
    const result = await load(options.durationSeconds);
    // Redirects (a sign-in's answer) are successes; 4xx and 5xx are not.
    const errors = result.errors + result.timeouts + result["4xx"] + result["5xx"];
    return {
      db: options.db,
      date: new Date().toISOString(),
      rows: { businesses: options.businesses, listings: options.listings },
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rate: options.rate ?? null,
      warmupSeconds: options.warmupSeconds,
      mix: options.mix,
      cycle: MIXES[options.mix],
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      requests: result.requests.total,
      non2xx: result.non2xx,
      status: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
      errors,
      machine,
    };
  } finally {
    await server?.stop();
    // PGlite's handle is closed already: only its folder is left to remove.
    if (options.db === "postgres") await bench.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "postgres" },
      mix: { type: "string", default: "browsing" },
      businesses: { type: "string", default: "100000" },
      listings: { type: "string", default: "20000" },
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "60" },
      warmup: { type: "string", default: "20" },
      rate: { type: "string" },
      "postgres-url": { type: "string" },
      smoke: { type: "boolean", default: false },
      "cpu-prof": { type: "string" },
      out: { type: "string", default: path.join(root, "bench/results") },
      // Ends the results file's name, so that runs of one day do not overwrite each other.
      tag: { type: "string" },
    },
  });
  if (values.db !== "pglite" && values.db !== "postgres") throw new Error("--db is pglite or postgres");
  if (!(values.mix in MIXES)) throw new Error(`--mix is one of ${Object.keys(MIXES).join(", ")}`);
  const results = await runLoadBenchmark({
    db: values.db,
    mix: values.mix as Mix,
    businesses: values.smoke ? 2_000 : Number(values.businesses),
    listings: values.smoke ? 500 : Number(values.listings),
    connections: values.smoke ? 10 : Number(values.connections),
    durationSeconds: values.smoke ? 5 : Number(values.duration),
    warmupSeconds: values.smoke ? 0 : Number(values.warmup),
    rate: values.rate ? Number(values.rate) : undefined,
    postgresUrl: values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL,
    cpuProfileDir: values["cpu-prof"] && path.resolve(values["cpu-prof"]),
    log: (line) => console.log(line),
  });
  const { machine, ...figures } = results;
  console.log(JSON.stringify(figures, null, 2));
  if (!values.smoke) {
    fs.mkdirSync(values.out, { recursive: true });
    const paced = results.rate ? `-${results.rate}rps` : "";
    const tagged = values.tag ? `-${values.tag}` : "";
    const name = `load-${results.db}-${results.mix}${paced}-${results.date.slice(0, 10)}${tagged}.json`;
    const file = path.join(values.out, name);
    fs.writeFileSync(file, `${JSON.stringify({ ...figures, machine }, null, 2)}\n`);
    console.log(`Written to ${path.relative(root, file)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

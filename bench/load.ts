// npm run bench:load — the production build under a mixed load (autocannon; loadtest at a fixed rate):
// home, directory searches, /buy filters, listing pages, enquiry posts and
// sign-ins, from many visitors at once, at 100,000 directory businesses and
// 20,000 listings. See bench/README.md.
//
//   npm run bench:load -- --db postgres      (or --db pglite; --mix browsing or writes)
//   npm run bench:load -- --rate 400         (that many requests a second, arriving steadily, not as many as 50 connections get answered)
//   npm run bench:load -- --tag run1         (ends the results file's name: runs of a day kept apart)
//   npm run bench:load -- --smoke            (2,000 / 500 rows, 5 s: checks it runs)
import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { loadTest, type LoadTestOptions, type LoadTestResult } from "loadtest";
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
    const metricsToken = crypto.randomBytes(16).toString("hex");
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
        METRICS_TOKEN: metricsToken,
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
    const requestFor: Record<string, () => Omit<MadeRequest, "headers"> & { headers?: Record<string, string> }> = {
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
    // As a browser asks: pages come compressed.
    const made = (kind: string) => {
      const request = requestFor[kind]!();
      const headers = { ...request.headers, "accept-encoding": "gzip, deflate, br", "x-forwarded-for": visitor() };
      return { ...request, headers };
    };
    const cycle = MIXES[options.mix];
    // The warm-up is always from the connections: at a fixed rate, the cold
    // server's first renders would pile up a queue that the measured run inherits.
    if (options.warmupSeconds > 0) {
      log(`Warming up for ${options.warmupSeconds} s…`);
      await loadFromConnections(url, options.connections, options.warmupSeconds, cycle, made);
    }
    const how = options.rate ? `${options.rate} requests a second` : `${options.connections} connections`;
    log(`Loading ${url} with ${how} for ${options.durationSeconds} s…`);
    const before = await scrapeMetrics(url, metricsToken);
    const loaderCpu = process.cpuUsage();
    const result = options.rate
      ? await loadAtRate(url, options.rate, options.durationSeconds, cycle, made)
      : await loadFromConnections(url, options.connections, options.durationSeconds, cycle, made);
    const { user, system } = process.cpuUsage(loaderCpu);
    const after = await scrapeMetrics(url, metricsToken);
    const byRoute = requestsByRoute(before.buckets, after.buckets);
    return {
      db: options.db,
      date: new Date().toISOString(),
      rows: { businesses: options.businesses, listings: options.listings },
      connections: options.rate ? null : options.connections,
      durationSeconds: options.durationSeconds,
      rate: options.rate ?? null,
      warmupSeconds: options.warmupSeconds,
      mix: options.mix,
      cycle,
      ...result,
      // The load generator's own CPU, in cores: it shares the machine with the server and the database.
      loaderCores: Math.round((user + system) / 1e4 / options.durationSeconds) / 100,
      byRoute,
      // Visitors' pages in the measured run: kept and fresh (hit), kept past their s-maxage (stale), rendered (miss).
      pageCache: Object.fromEntries(
        Object.entries(after.pageCache).map(([k, n]) => [k, n - (before.pageCache[k] ?? 0)]),
      ),
      pageCacheBytes: after.pageCacheBytes,
      machine,
    };
  } finally {
    await server?.stop();
    // PGlite's handle is closed already: only its folder is left to remove.
    if (options.db === "postgres") await bench.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One request of the cycle, as sent. */
interface MadeRequest {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What a run gives, whichever way it loads the server. */
interface Measured {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  /** By class; redirects (a sign-in's answer) are successes. */
  status: { "2xx": number; "3xx": number; "4xx": number; "5xx": number };
  /** 4xx, 5xx, connection errors and timeouts. */
  errors: number;
}

/**
 * As many requests as the connections get answered: each sends its next
 * request when the last is answered, going round the cycle.
 */
async function loadFromConnections(
  url: string,
  connections: number,
  seconds: number,
  cycle: string[],
  made: (kind: string) => MadeRequest,
): Promise<Measured> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: cycle.map((kind) => ({ setupRequest: (request: autocannon.Request) => ({ ...request, ...made(kind) }) })),
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    status: { "2xx": result["2xx"], "3xx": result["3xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
    errors: result.errors + result.timeouts + result["4xx"] + result["5xx"],
  };
}

/**
 * `rate` requests a second, one every 1/rate s whether or not the earlier
 * ones are answered (as visitors arrive), over as many connections as that
 * takes; each request's time counts from the moment it was due. loadtest
 * does this. autocannon's own pacing does not: each connection sends its
 * second's quota at once when the second starts, so the server meets bursts
 * of every connection together, and its correction for requests not sent
 * while one waits counts a response of n ms about n times over (autocannon
 * 8.0, lib/run.js) — the paced runs before 27 November 2026 overstate their
 * tails (bench/README.md).
 */
async function loadAtRate(
  url: string,
  rate: number,
  seconds: number,
  cycle: string[],
  made: (kind: string) => MadeRequest,
): Promise<Measured> {
  let sent = 0;
  const status = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0 };
  // loadtest 8 returns a promise when given no callback; its bundled types predate that.
  const run = loadTest as unknown as (options: LoadTestOptions) => Promise<LoadTestResult>;
  const result = await run({
    url,
    requestsPerSecond: rate,
    maxSeconds: seconds,
    agentKeepAlive: true,
    timeout: 10_000,
    quiet: true,
    // loadtest calls it with its options, this request's parameters, http.request and its own response handler.
    requestGenerator: (_options, params: http.RequestOptions, client: typeof http.request, onResponse) => {
      const { method, path: address, headers, body = "" } = made(cycle[sent++ % cycle.length]!);
      const requestHeaders = { ...params.headers, ...headers, "content-length": Buffer.byteLength(body) };
      const request = client({ ...params, method, path: address, headers: requestHeaders }, onResponse as () => void);
      if (body) request.write(body);
      return request;
    },
    statusCallback: (_error: unknown, answer: { statusCode?: number } | undefined) => {
      const kind = `${Math.floor((answer?.statusCode ?? 0) / 100)}xx`;
      if (kind in status) status[kind as keyof typeof status]++;
    },
  });
  // loadtest leaves a percentile false when failures are more than the rest of it: no figure then.
  const percentile = (p: number) => (typeof result.percentiles[p] === "number" ? result.percentiles[p] : Number.NaN);
  return {
    requestsPerSecond: result.totalRequests / seconds,
    latencyMs: { p50: percentile(50), p90: percentile(90), p99: percentile(99), max: Number(result.maxLatencyMs) },
    requests: result.totalRequests,
    status,
    errors: result.totalErrors,
  };
}

/** The server's request-duration histogram, bucket by bucket (`route method le` → requests so far), and its page cache's figures. */
async function scrapeMetrics(url: string, token: string) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const buckets = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^hbs_http_request_duration_seconds_bucket\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const key = `${labels.route} ${labels.method} ${labels.le}`;
    buckets.set(key, (buckets.get(key) ?? 0) + Number(match[2]));
  }
  const pageCacheBytes = Number(/^hbs_page_cache_bytes (\S+)$/m.exec(text)?.[1]);
  const pageCache = Object.fromEntries(
    [...text.matchAll(/^hbs_page_cache_requests_total\{result="(\w+)"\} (\S+)$/gm)].map((m) => [m[1]!, Number(m[2])]),
  );
  return { buckets, pageCacheBytes, pageCache };
}

/**
 * Where the tail comes from: for each route, the measured run's requests and
 * how many of them the server took more than 100 and 250 ms over (its own
 * clock, from arrival to the end of the answer, queueing included).
 */
function requestsByRoute(before: Map<string, number>, after: Map<string, number>) {
  const during = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
  const routes = new Set([...after.keys()].map((key) => key.slice(0, key.lastIndexOf(" "))));
  return [...routes]
    .map((route) => {
      const requests = during(`${route} +Inf`);
      return {
        route,
        requests,
        over100ms: requests - during(`${route} 0.1`),
        over250ms: requests - during(`${route} 0.25`),
      };
    })
    .filter((row) => row.requests > 0)
    .sort((a, b) => b.over100ms - a.over100ms);
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

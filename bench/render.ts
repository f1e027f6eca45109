// npm run bench:render — how fast the production build renders pages nobody
// has cached: pages per second and server CPU time per page, for visitors'
// pages and members' pages, with a summary of where the server's CPU went
// (node --cpu-prof). Each request has a query string of its own, so neither
// the page cache nor a proxy can answer it. See bench/README.md.
//
//   npm run bench:render -- --db pglite      (or postgres; --duration 15 per page)
//   npm run bench:render -- --smoke          (20 requests per page: checks it runs)
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { insertBulkData } from "../db/seed/bulk";
import { seedDatabase } from "../db/seed/seed";
import { startProductionServer, type ServerProcess } from "../tests/helpers/server-process";
import { clientOf, createBenchDatabase, machineInfo } from "./bench-database";
import { summariseProfile, type ProfileShare } from "./cpu-profile";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface RenderOptions {
  db: "pglite" | "postgres";
  /** Generated rows on top of the spec's sample data; 0 is a new install, as a new user tries it. */
  businesses: number;
  listings: number;
  connections: number;
  /** How long each page is measured for… */
  secondsPerPage: number;
  /** …or, instead, how many requests each page is sent: a smoke run that must see every page
   * answer, however busy the machine (a timed run drops the requests still in flight). */
  requestsPerPage?: number;
  postgresUrl?: string;
  log?: (line: string) => void;
}

export interface PageFigures {
  page: string;
  path: string;
  member: boolean;
  answered: number;
  pagesPerSecond: number;
  cpuMsPerPage: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
}

/** Server CPU time (user + system) of a process so far, in ms, from Linux's /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of the line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export async function runRenderBenchmark(options: RenderOptions) {
  const log = options.log ?? (() => {});
  const bench = await createBenchDatabase({ db: options.db, postgresUrl: options.postgresUrl });
  const dataDir = bench.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hbs-render-"));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-render-profile-"));
  let server: ServerProcess | undefined;
  try {
    log(`Preparing ${options.db}: the sample data and ${options.businesses} businesses, ${options.listings} listings…`);
    await bench.handle.migrate();
    await seedDatabase(bench.handle.db, { uploadsDir: path.join(dataDir, "uploads") });
    if (options.businesses || options.listings) {
      await insertBulkData(bench.handle.db, { businesses: options.businesses, listings: options.listings, seed: 1 });
    }
    await bench.handle.db.execute(sql`vacuum (analyze)`);
    const machine = await machineInfo(bench.handle);
    const client = clientOf(bench.handle);
    const first = async (query: string) => String((await client.query(query)).rows[0]!.slug);
    const listing = await first("select slug from business_listing where status = 'published' order by id limit 1");
    const business = await first("select slug from directory_business where published order by id limit 1");
    // The server opens the database itself: PGlite allows one process.
    if (options.db === "pglite") await bench.handle.close();

    server = await startProductionServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: bench.databaseUrl ?? "",
        BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      },
      ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    );
    const { url } = server;
    const pid = server.process.pid!;
    const cookie = await signedUpMember(url);

    const pages = [
      { page: "home", path: "/" },
      { page: "about", path: "/about" },
      { page: "buy", path: "/buy" },
      { page: "directory", path: "/halal-network-space" },
      { page: "listing", path: `/buy/${listing}` },
      { page: "business", path: `/halal-network-space/${business}` },
      { page: "my-account", path: "/my-account", member: true },
      { page: "saved-listings", path: "/saved-listings", member: true },
      { page: "my-listings", path: "/my-listings", member: true },
      { page: "messages", path: "/messages", member: true },
    ];
    const figures: PageFigures[] = [];
    for (const { page, path: pagePath, member = false } of pages) {
      let n = 0;
      const headers = { "accept-encoding": "gzip, deflate, br", ...(member ? { cookie } : {}) };
      const run = (seconds: number, amount?: number) =>
        autocannon({
          url,
          connections: options.connections,
          ...(amount ? { amount } : { duration: seconds }),
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                method: "GET",
                path: `${pagePath}?bench=${n++}`,
                headers,
              }),
            },
          ] as autocannon.Request[],
        });
      // Warm first: compiled code, filled connection pools.
      await run(Math.min(2, options.secondsPerPage), options.requestsPerPage && options.connections);
      const cpuBefore = cpuMs(pid);
      const result = await run(options.secondsPerPage, options.requestsPerPage);
      const cpu = cpuMs(pid) - cpuBefore;
      const answered = result["2xx"];
      const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
      const errors = result.errors + result.timeouts + result.non2xx;
      figures.push({
        page,
        path: pagePath,
        member,
        answered,
        pagesPerSecond: Math.round((answered / seconds) * 10) / 10,
        cpuMsPerPage: answered ? Math.round((cpu / answered) * 100) / 100 : 0,
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
        errors,
      });
      log(`${page}: ${figures.at(-1)!.pagesPerSecond} pages/s, ${figures.at(-1)!.cpuMsPerPage} ms CPU per page`);
    }
    await server.stop();
    server = undefined;
    const profile = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
    const cpuProfile: ProfileShare[] = profile
      ? summariseProfile(JSON.parse(fs.readFileSync(path.join(profileDir, profile), "utf8")))
      : [];
    return {
      db: options.db,
      date: new Date().toISOString(),
      rows: { businesses: options.businesses, listings: options.listings },
      connections: options.connections,
      secondsPerPage: options.secondsPerPage,
      pages: figures,
      cpuProfile,
      machine,
    };
  } finally {
    await server?.stop();
    if (options.db === "postgres") await bench.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/** A new member, signed in: the session cookie its pages are asked for with. */
async function signedUpMember(url: string) {
  const member = { email: "render@example.com", password: "Quiet-Harbour-19", fullName: "Render Bench" };
  await fetch(`${url}/auth`, { method: "POST", body: new URLSearchParams({ intent: "sign-up", ...member }) });
  const signIn = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "sign-in", email: member.email, password: member.password }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const account = await fetch(`${url}/my-account`, { headers: { cookie }, redirect: "manual" });
  if (account.status !== 200) throw new Error(`the bench's member could not sign in (my-account: ${account.status})`);
  return cookie;
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "pglite" },
      businesses: { type: "string", default: "0" },
      listings: { type: "string", default: "0" },
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "15" },
      "postgres-url": { type: "string" },
      smoke: { type: "boolean", default: false },
      out: { type: "string", default: path.join(root, "bench/results") },
    },
  });
  if (values.db !== "pglite" && values.db !== "postgres") throw new Error("--db is pglite or postgres");
  const results = await runRenderBenchmark({
    db: values.db,
    businesses: Number(values.businesses),
    listings: Number(values.listings),
    connections: Number(values.connections),
    secondsPerPage: Number(values.duration),
    requestsPerPage: values.smoke ? 20 : undefined,
    postgresUrl: values["postgres-url"],
    log: (line) => console.log(line),
  });
  console.log("Where the server's CPU went:");
  for (const share of results.cpuProfile.slice(0, 12)) console.log(`  ${share.percent.toFixed(1)}%  ${share.part}`);
  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, `render-${values.db}-${results.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Results in ${path.relative(root, file)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}

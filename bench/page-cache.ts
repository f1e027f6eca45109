// npm run bench:page-cache — a kept page (decision 0016) against nginx
// serving the very same bytes: the production server (one process) answers
// /buy from its page cache, Debian's nginx (one worker) answers a copy of
// that answer, its body and its headers, from a file; autocannon asks each in
// turn, several rounds, and the ratio of their requests per second is the
// figure. See bench/README.md.
//
//   npm run bench:page-cache                  (--duration 10 --rounds 3 --connections 10)
//   npm run bench:page-cache -- --smoke       (1 s, one round: checks it runs)
//   npm run bench:page-cache -- --cpu-prof    (the server's CPU profile, summarised)
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { seedDatabase } from "../db/seed/seed";
import { ensureNginx } from "../scripts/ensure-nginx.js";
import { freePort, startProductionServer, type ServerProcess } from "../tests/helpers/server-process";
import { createBenchDatabase } from "./bench-database";
import { summariseProfile, type ProfileShare } from "./cpu-profile";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface PageCacheOptions {
  connections: number;
  secondsPerRun: number;
  rounds: number;
  cpuProfile?: boolean;
  log?: (line: string) => void;
}

/** What a browser sends for a page: compressed answers, please. */
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
const PAGE = "/buy";

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET as the wire carries it: the body still compressed. */
function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

/** The page once the server answers it from its cache (it is kept once compressed, just after its first render). */
async function keptAnswer(url: string): Promise<Answer> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await get(url);
    const kept = String(answer.headers["server-timing"] ?? "").startsWith("cache");
    if (answer.status === 200 && kept && answer.headers["content-encoding"] === "gzip") return answer;
    if (Date.now() > deadline) throw new Error(`${url} was never answered from the page cache`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Headers nginx writes itself, or that describe the body it sends as it is.
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-type",
  "transfer-encoding",
]);

/** nginx, one worker, answering `page` with the kept answer's body and headers; its access log on, as ours logs. */
function nginxConf(dir: string, port: number, answer: Answer) {
  const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;
  const headers = Object.entries(answer.headers)
    .filter(([name]) => !OWN_HEADERS.has(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value ?? ""]).map((v) => [name, v]))
    .map(([name, value]) => `            add_header ${name} ${quoted(value!)} always;`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `    ${t}_temp_path ${dir}/${t};`);
  return `${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
${temp.join("\n")}
    access_log ${dir}/access.log;
    server_tokens off;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:${port};
        location = ${PAGE} {
            types { }
            default_type ${quoted(String(answer.headers["content-type"]))};
            root ${dir};
            try_files /page.gz =404;
${headers.join("\n")}
        }
    }
}
`;
}

async function startNginx(dir: string, answer: Answer) {
  const nginx = ensureNginx();
  const port = await freePort();
  fs.writeFileSync(path.join(dir, "page.gz"), answer.body);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConf(dir, port, answer));
  const child = spawn(nginx, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}${PAGE}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const served = await get(url).catch(() => undefined);
    if (served?.status === 200) {
      if (!served.body.equals(answer.body)) throw new Error("nginx does not send the kept page's bytes");
      break;
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

export interface RunFigures {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number };
  errors: number;
}

async function load(url: string, connections: number, seconds: number): Promise<RunFigures> {
  const result = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
  const answered = result["2xx"];
  return {
    requestsPerSecond: Math.round(answered / seconds),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runPageCacheBenchmark(options: PageCacheOptions) {
  const log = options.log ?? (() => {});
  const bench = await createBenchDatabase({ db: "pglite" });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-page-cache-"));
  const profileDir = path.join(dir, "profile");
  let server: ServerProcess | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    log("Preparing the sample data…");
    await bench.handle.migrate();
    await seedDatabase(bench.handle.db, { uploadsDir: path.join(bench.dataDir!, "uploads") });
    await bench.handle.close(); // the server opens it: PGlite allows one process
    // One server with its page cache on and nothing in front: the set-up the page cache is for (decision 0081).
    server = await startProductionServer(
      { DATA_DIR: bench.dataDir!, BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"), PAGE_CACHE: "on" },
      options.cpuProfile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
    );
    const serverUrl = `${server.url}${PAGE}`;
    const answer = await keptAnswer(serverUrl);
    nginx = await startNginx(dir, answer);
    log(`${PAGE}: ${answer.body.length} bytes gzipped, ${Object.keys(answer.headers).length} headers`);

    const targets = { server: serverUrl, nginx: nginx.url };
    const runs: Record<keyof typeof targets, RunFigures[]> = { server: [], nginx: [] };
    const warm = Math.min(2, options.secondsPerRun);
    for (const name of ["server", "nginx"] as const) await load(targets[name], options.connections, warm);
    for (let round = 1; round <= options.rounds; round++) {
      // Side by side, in turn, so a change in the machine's load falls on both.
      for (const name of ["server", "nginx"] as const) {
        const figures = await load(targets[name], options.connections, options.secondsPerRun);
        runs[name].push(figures);
        log(`round ${round}, ${name}: ${figures.requestsPerSecond} requests/s, p99 ${figures.latencyMs.p99} ms`);
      }
    }
    const ratios = runs.server.map((run, i) => run.requestsPerSecond / runs.nginx[i]!.requestsPerSecond);
    await server.stop();
    server = undefined;
    const profile = fs.existsSync(profileDir)
      ? fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"))
      : undefined;
    const cpuProfile: ProfileShare[] = profile
      ? summariseProfile(JSON.parse(fs.readFileSync(path.join(profileDir, profile), "utf8")))
      : [];
    return {
      date: new Date().toISOString(),
      page: PAGE,
      bytes: answer.body.length,
      connections: options.connections,
      secondsPerRun: options.secondsPerRun,
      runs,
      ratios: ratios.map((ratio) => Math.round(ratio * 1000) / 1000),
      medianRatio: Math.round(median(ratios) * 1000) / 1000,
      cpuProfile,
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, kernel: os.release() },
    };
  } finally {
    await server?.stop();
    await nginx?.stop();
    fs.rmSync(bench.dataDir!, { recursive: true, force: true }); // closed above, for the server
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      "cpu-prof": { type: "boolean", default: false },
      smoke: { type: "boolean", default: false },
      out: { type: "string", default: path.join(root, "bench/results") },
    },
  });
  const results = await runPageCacheBenchmark({
    connections: Number(values.connections),
    secondsPerRun: values.smoke ? 1 : Number(values.duration),
    rounds: values.smoke ? 1 : Number(values.rounds),
    cpuProfile: values["cpu-prof"],
    log: (line) => console.log(line),
  });
  console.log(`The page cache answers ${results.medianRatio} of nginx's requests per second (median of the rounds).`);
  if (results.cpuProfile.length) console.log("Where the server's CPU went:");
  for (const share of results.cpuProfile.slice(0, 15)) console.log(`  ${share.percent.toFixed(1)}%  ${share.part}`);
  fs.mkdirSync(values.out, { recursive: true });
  const file = path.join(values.out, `page-cache-${results.date.replace(/[:.]/g, "-")}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Results in ${path.relative(root, file)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}

// What the reliability tests run: a throwaway PostgreSQL cluster of their own
// (initdb and pg_ctl, on its own port, so the machine's shared service is
// never disturbed), HBS production servers on it, and a round-robin proxy.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

function postgresBin(name: string) {
  const versions = fs.readdirSync("/usr/lib/postgresql").sort().reverse();
  return `/usr/lib/postgresql/${versions[0]}/bin/${name}`;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function asPostgres(command: string, args: string[]) {
  const runAsRoot = process.getuid?.() === 0;
  execFileSync(runAsRoot ? "runuser" : command, runAsRoot ? ["-u", "postgres", "--", command, ...args] : args, {
    stdio: "pipe",
  });
}

export interface Cluster {
  url: string;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  destroy(): void;
}

export async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-pg-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  asPostgres(postgresBin("initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      asPostgres(postgresBin("pg_ctl"), ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]),
    stop: (mode: "fast" | "immediate" = "fast") =>
      asPostgres(postgresBin("pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"]),
    destroy() {
      try {
        cluster.stop("immediate");
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

export interface AppServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** Resolves when /healthz answers 200. */
  ready(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A production HBS server (npm start) on the cluster. Servers sharing a database share `secret`. */
export async function startApp(env: Record<string, string>): Promise<AppServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["scripts/start.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "hbs-app-")),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url,
    process: child,
    output: () => output,
    async ready() {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
        const status = await fetch(`${url}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`the server did not become ready:\n${output}`);
    },
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A proxy that sends each request to the next of `upstreams` in turn, as a load balancer would. */
export async function startRoundRobinProxy(upstreams: string[]) {
  let next = 0;
  const server = http.createServer((request, response) => {
    const upstream = new URL(upstreams[next++ % upstreams.length]!);
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sharedSecret = () => crypto.randomBytes(32).toString("hex");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

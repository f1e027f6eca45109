// What the reliability tests run: a throwaway PostgreSQL cluster of their own
// (initdb and pg_ctl, on its own port, so the machine's shared service is
// never disturbed) and a round-robin proxy in front of HBS production servers
// (tests/helpers/server-process.ts).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../helpers/server-process";

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

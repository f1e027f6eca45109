// What the reliability tests run: a throwaway PostgreSQL cluster of their own
// (initdb and pg_ctl, on its own port, so the machine's shared service is
// never disturbed) for HBS production servers (tests/helpers/server-process.ts),
// which tests put behind nginx (./nginx.ts) as production does.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
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

export const sharedSecret = () => crypto.randomBytes(32).toString("hex");

// `npm start` in a child process, as the browser tests, the reliability
// tests and the benchmarks run it: its output collected, ready once /healthz
// answers, stopped with a signal.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  output(): string;
  /** The exit code, once it has exited. */
  exited: Promise<number | null>;
  /** Resolves when /healthz answers 200; throws if the server exits first. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends the signal (SIGTERM: a clean shutdown) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts scripts/start.js with `env` added to this process's; `nodeArgs` go to Node (e.g. --cpu-prof).
 * `checkout` is the copy of HBS to run: this one unless another is named (a benchmark beside older code).
 */
export function spawnServer(env: Record<string, string>, nodeArgs: string[] = [], checkout = root): ServerProcess {
  const child = spawn(process.execPath, [...nodeArgs, "scripts/start.js"], {
    cwd: checkout,
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://localhost:${env.PORT}`;
  return {
    url,
    process: child,
    output: () => output,
    exited,
    async ready(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
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
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * A production server on a free port and a folder of its own (unless `env`
 * names one), trusting X-Forwarded-For from this machine as behind a proxy,
 * and ready.
 */
export async function startProductionServer(env: Record<string, string>, nodeArgs: string[] = [], checkout = root) {
  const port = await freePort();
  const server = spawnServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "hbs-app-")),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      ...env,
    },
    nodeArgs,
    checkout,
  );
  try {
    await server.ready();
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = http.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

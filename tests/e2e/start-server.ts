// Another `npm start` beside the one the tests share, for what happens at
// start and stop: configuration refused, a clean shutdown.
import { spawn } from "node:child_process";

export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["scripts/start.js"], {
    env: { ...process.env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

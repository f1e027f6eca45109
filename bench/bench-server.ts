// The production server (npm start) for a benchmark: on its own port, with
// the environment given, ready when /healthz answers; stopped with SIGTERM.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function startBenchServer(env: Record<string, string>, nodeArgs: string[] = []) {
  const port = 4600 + Math.floor(Math.random() * 390);
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, [...nodeArgs, "scripts/start.js"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), SITE_URL: url, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (
      (await fetch(`${url}/healthz`).then(
        (r) => r.status,
        () => 0,
      )) === 200
    )
      return { url, stop };
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error("the server did not start");
}

// npm run test:e2e — builds, makes sure Chromium is there, and runs the
// Playwright suite against the production build on a fresh data folder.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./ensure-chromium.js";

ensureChromium();
fs.rmSync(process.env.E2E_DATA_DIR ?? "data-e2e", { recursive: true, force: true });
const run = (args) => spawnSync(process.execPath, args, { stdio: "inherit" }).status ?? 1;
if (run(["node_modules/@react-router/dev/bin.js", "build"]) !== 0) process.exit(1);
process.exit(run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]));

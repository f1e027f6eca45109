// npm run test:e2e — builds, makes sure Chromium is there, and runs the
// Playwright suite against the production build on a fresh data folder.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./ensure-chromium.js";

ensureChromium();
const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
fs.rmSync(dataDir, { recursive: true, force: true });
const run = (args, options = {}) => spawnSync(process.execPath, args, { stdio: "inherit", ...options }).status ?? 1;
if (run(["node_modules/@react-router/dev/bin.js", "build"]) !== 0) process.exit(1);

// The first member of staff, made as a new site's owner would: the tests'
// admin fixture signs in as them to make each test an admin of its own.
const adminEmail = "e2e-owner@hbs.test";
const created = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", adminEmail], {
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  encoding: "utf8",
});
const password = /One-time password \(shown only now\): (\S+)/.exec(created.stdout ?? "")?.[1];
if (!password) {
  console.error("npm run admin:create did not print a one-time password:\n", created.stdout, created.stderr);
  process.exit(1);
}
// The FSA establishments the directory's specs link businesses to: our fixtures in the FSA's
// format (tests/fixtures/fsa, decision 0029), loaded as an operator would with npm run fsa:import.
const fixtures = ["tests/fixtures/fsa/FHRS557en-GB.xml", "tests/fixtures/fsa/FHRS776en-GB.json"];
const imported = spawnSync(process.execPath, ["--import", "tsx", "scripts/fsa-import.ts", ...fixtures], {
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  encoding: "utf8",
});
if (imported.status !== 0) {
  console.error("npm run fsa:import did not load the fixtures:\n", imported.stdout, imported.stderr);
  process.exit(1);
}
process.exit(
  run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
    env: { ...process.env, E2E_ADMIN_EMAIL: adminEmail, E2E_ADMIN_PASSWORD: password },
  }),
);

// npm run test:e2e — makes sure Chromium is there and the build is current,
// prepares one data folder as a new site's owner would, copies it for each
// Playwright project's server (playwright.config.ts), and runs the suite.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { buildIfStale } from "./build-if-stale.js";
import { ensureChromium } from "./ensure-chromium.js";

ensureChromium();
buildIfStale();
const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";
const prepared = `${dataDir}-prepared`;
fs.rmSync(prepared, { recursive: true, force: true });
const operator = (script, args) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATA_DIR: prepared, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });

// The first member of staff, made as a new site's owner would: the tests'
// admin fixture signs in as them to make each test an admin of its own.
const adminEmail = "e2e-owner@hbs.test";
const created = operator("scripts/admin-create.ts", ["--email", adminEmail]);
const password = /One-time password \(shown only now\): (\S+)/.exec(created.stdout ?? "")?.[1];
if (!password) {
  console.error("npm run admin:create did not print a one-time password:\n", created.stdout, created.stderr);
  process.exit(1);
}
// The FSA establishments the directory's specs link businesses to: our fixtures in the FSA's
// format (tests/fixtures/fsa, decision 0029), loaded as an operator would with npm run fsa:import.
const fixtures = ["tests/fixtures/fsa/FHRS557en-GB.xml", "tests/fixtures/fsa/FHRS776en-GB.json"];
// The sample data, seeded here once rather than by each server as it starts.
for (const [command, args] of [
  ["scripts/fsa-import.ts", fixtures],
  ["scripts/db-seed.ts", []],
]) {
  const done = operator(command, args);
  if (done.status !== 0) {
    console.error(`${command} failed:\n`, done.stdout, done.stderr);
    process.exit(1);
  }
}
// One copy for each project's server: the chromium project's, and the publishing project's.
for (const folder of [dataDir, `${dataDir}-publishing`]) {
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(prepared, folder, { recursive: true });
}

const { status } = spawnSync(
  process.execPath,
  ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    // The prepared folder stays for the tests that start a server of their own and need not
    // migrate and seed a new one (server.spec.ts); the next run replaces it.
    env: { ...process.env, E2E_ADMIN_EMAIL: adminEmail, E2E_ADMIN_PASSWORD: password, E2E_PREPARED_DIR: prepared },
  },
);
// A failure in CI is read from its output alone: print the page as it stood when each failed test
// stopped (Playwright's error-context.md, the page's accessibility tree), which the list reporter only names.
if (status !== 0) {
  const results = "test-results/playwright";
  const contexts = fs.existsSync(results) ? fs.readdirSync(results, { recursive: true }) : [];
  for (const file of contexts.filter((name) => name.endsWith("error-context.md")).map((name) => `${results}/${name}`)) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    console.log(`\n── ${file} ──\n${lines.slice(0, 200).join("\n")}${lines.length > 200 ? "\n…" : ""}`);
  }
}
process.exit(status ?? 1);

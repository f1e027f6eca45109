// npm test — the whole suite, in order: types, lint, unit and integration
// tests (Vitest), then the browser tests (Playwright) against a production
// build. Ends with one line counting the tests that passed and failed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { summarise } from "./test-summary.js";

const steps = [
  ["types", ["node_modules/@react-router/dev/bin.js", "typegen"]],
  ["types", ["node_modules/typescript/bin/tsc"]],
  ["lint", ["node_modules/eslint/bin/eslint.js", "."]],
  [
    "unit and integration",
    ["node_modules/vitest/vitest.mjs", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"],
  ],
  ["browser", ["scripts/e2e.js"]],
];

fs.rmSync("test-results", { recursive: true, force: true });
let failedStep = null;
for (const [name, args] of steps) {
  console.log(`\n▶ ${name}: ${args.join(" ")}`);
  const { status } = spawnSync(process.execPath, args, { stdio: "inherit" });
  if (status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed: counted, skipped } = summarise(["test-results/vitest.json", "test-results/e2e.json"]);
// A step that failed without failing a test (types, lint, build) counts as one failure.
const failed = failedStep ? Math.max(counted, 1) : counted;
if (failedStep) console.error(`\n✖ npm test stopped: the ${failedStep} step failed.`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);

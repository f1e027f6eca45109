// npm test — the whole suite: types and lint beside the unit and integration
// tests (Vitest), then the browser tests (Playwright) against a production
// build. Ends with one line counting the tests that passed and failed.
// Types and lint print when they end, so Vitest's output is not cut into.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./ensure-chromium.js";
import { summarise } from "./test-summary.js";

const node = (args, options) => spawn(process.execPath, args, options);

/** Runs each command in turn; resolves to the exit code of the first that failed, or 0. */
function sequence(name, commands, { quiet }) {
  return new Promise((resolve) => {
    const output = [];
    const next = (i) => {
      if (i === commands.length) return done(0);
      const child = node(commands[i], { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
      child.stdout?.on("data", (chunk) => output.push(chunk));
      child.stderr?.on("data", (chunk) => output.push(chunk));
      child.on("close", (code) => (code === 0 ? next(i + 1) : done(code ?? 1)));
    };
    const done = (code) => {
      console.log(`\n▶ ${name}: ${code === 0 ? "passed" : "FAILED"}`);
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    console.log(`▶ ${name}: ${commands.map((args) => args.join(" ")).join(", then ")}`);
    next(0);
  });
}

// First, before Vitest: the data room's stamped images (decision 0089) need the fonts that come with it.
ensureChromium();
fs.rmSync("test-results", { recursive: true, force: true });
const results = await Promise.all([
  sequence("types", [["node_modules/@react-router/dev/bin.js", "typegen"], ["node_modules/typescript/bin/tsc"]], {
    quiet: true,
  }),
  sequence(
    "lint",
    [
      ["node_modules/eslint/bin/eslint.js", "."],
      ["node_modules/prettier/bin/prettier.cjs", "--check", "."],
    ],
    {
      quiet: true,
    },
  ),
  sequence(
    "unit and integration",
    [
      [
        "node_modules/vitest/vitest.mjs",
        "run",
        "--reporter=default",
        "--reporter=json",
        "--outputFile.json=test-results/vitest.json",
      ],
    ],
    { quiet: false },
  ),
]);
const names = ["types", "lint", "unit and integration"];
let failedStep = names.find((_, i) => results[i] !== 0);
if (!failedStep && (await sequence("browser", [["scripts/e2e.js"]], { quiet: false })) !== 0) failedStep = "browser";

const { passed, failed: counted, skipped } = summarise(["test-results/vitest.json", "test-results/e2e.json"]);
// A step that failed without failing a test (types, lint, build) counts as one failure.
const failed = failedStep ? Math.max(counted, 1) : counted;
if (failedStep) console.error(`\n✖ npm test stopped: the ${failedStep} step failed.`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);

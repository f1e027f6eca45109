// Prints one closing line, "tests: N passed, N failed, N skipped", over the
// JSON reports of Vitest and Playwright named on the command line.
import fs from "node:fs";

export function summarise(files) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    if (report.stats) {
      // Playwright
      total.passed += report.stats.expected + report.stats.flaky;
      total.failed += report.stats.unexpected;
      total.skipped += report.stats.skipped;
    } else {
      // Vitest
      total.passed += report.numPassedTests;
      total.failed += report.numFailedTests;
      total.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    }
  }
  return total;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed, skipped } = summarise(process.argv.slice(2));
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed ? 1 : 0);
}

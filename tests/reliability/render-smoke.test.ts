// A short run of the render benchmark (bench/render.ts) against the production
// build on the embedded database: every page it measures, a visitor's and a
// member's, answers without an error, uncached, and the CPU profile is read.
// The figures are not checked: a few requests per page on a busy machine say nothing.
// Each page is sent a number of requests, not a number of seconds, so a slow
// machine still sees every page answer.
import { expect, it } from "vitest";
import { runRenderBenchmark } from "../../bench/render";

it("renders every measured page, visitors' and members', without an error", { timeout: 180_000 }, async () => {
  const results = await runRenderBenchmark({
    db: "pglite",
    businesses: 0,
    listings: 0,
    connections: 4,
    secondsPerPage: 1,
    requestsPerPage: 12,
  });
  expect(results.pages.map((p) => p.page)).toEqual(
    expect.arrayContaining([
      "home",
      "buy",
      "directory",
      "listing",
      "business",
      "my-account",
      "my-listings",
      "messages",
    ]),
  );
  for (const page of results.pages) {
    expect(page.errors, page.page).toBe(0);
    expect(page.answered, page.page).toBe(12);
    expect(page.pagesPerSecond, page.page).toBeGreaterThan(0);
    expect(page.cpuMsPerPage, page.page).toBeGreaterThan(0);
  }
  const shares = results.cpuProfile.map((share) => share.part);
  expect(shares).toContain("react-dom");
  const total = results.cpuProfile.reduce((sum, share) => sum + share.percent, 0);
  expect(total).toBeCloseTo(100, 0);
});

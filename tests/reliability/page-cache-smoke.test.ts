// A short run of the page-cache benchmark (bench/page-cache.ts): the
// production server answers a kept /buy, and Debian's nginx the same bytes
// (the benchmark checks they are the same), both without an error. The ratio
// is not checked: a second on a busy test machine says nothing about speed.
// The server runs as the page cache is meant to be used (decision 0081): on
// its own, no shared cache in front, PAGE_CACHE=on. (The nginx here is a
// yardstick serving a file, not deploy/nginx.conf.)
import { expect, it } from "vitest";
import { runPageCacheBenchmark } from "../../bench/page-cache";

it("the server's kept page and nginx's copy of it both answer a load without an error", async () => {
  const results = await runPageCacheBenchmark({ connections: 4, secondsPerRun: 1, rounds: 1 });
  for (const name of ["server", "nginx"] as const) {
    expect(results.runs[name], name).toHaveLength(1);
    expect(results.runs[name][0]!.errors, name).toBe(0);
    expect(results.runs[name][0]!.requestsPerSecond, name).toBeGreaterThan(0);
  }
  expect(results.bytes).toBeGreaterThan(1000);
  expect(results.medianRatio).toBeGreaterThan(0);
});

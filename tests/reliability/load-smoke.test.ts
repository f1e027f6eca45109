// A short run of the load benchmark (bench/load.ts) against a production
// server on the cluster, so the benchmark keeps working and the server keeps
// answering a mixed load without a single error, from connections and at a
// steady rate. The figures are not checked: five seconds on a busy test
// machine say nothing about speed (nor, then, how many requests were made).
import { afterAll, beforeAll, expect, it } from "vitest";
import { runLoadBenchmark } from "../../bench/load";
import { startCluster, type Cluster } from "./harness";

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.destroy());

/** Five seconds of the mix with writes, on a small directory, on the cluster's PostgreSQL. */
const smokeRun = (rate?: number) =>
  runLoadBenchmark({
    db: "postgres",
    postgresUrl: cluster.url,
    mix: "writes",
    businesses: 2_000,
    listings: 500,
    connections: 10,
    durationSeconds: 5,
    warmupSeconds: 0,
    rate,
  });

/**
 * The load went round its cycle (pages, searches, an enquiry, a sign-in) at least twice, so "no
 * errors" is about requests made. How many more it made depends on the machine's speed, which
 * this test does not measure (two runs at once on two cores made 41 in the 5 s).
 */
function expectCycleRan(results: Awaited<ReturnType<typeof smokeRun>>) {
  expect(results.requests).toBeGreaterThanOrEqual(2 * results.cycle.length);
  expect(results.byRoute.map((row) => row.route)).toEqual(expect.arrayContaining(["/auth POST", "/contact POST"]));
}

it("a mixed load of pages, searches, enquiries and sign-ins gets no errors", async () => {
  const results = await smokeRun();
  expectCycleRan(results);
  expect(results.errors).toBe(0);
  // Every kind of answer the cycle expects: pages (200) and sign-ins (redirects).
  expect(results.status["2xx"]).toBeGreaterThan(0);
  expect(results.status["3xx"]).toBeGreaterThan(0);
});

it("the same load at a steady rate gets no errors either, and the server's figures are read", async () => {
  const results = await smokeRun(40);
  // One request every 25 ms for 5 s, each answered.
  expectCycleRan(results);
  expect(results.errors).toBe(0);
  expect(results.status["3xx"]).toBeGreaterThan(0);
});

// A small run of the browse benchmark (bench/browse.ts), so that it keeps
// working as the queries change. The figures themselves are not checked: at
// this size and on a busy test machine they mean nothing.
import { describe, expect, it } from "vitest";
import { adminLists } from "../app/features/admin/lists/registry.server";
import { ADMIN_LISTS_SMOKE_SIZE, runAdminListsBenchmark } from "./admin-lists";
import { runAlertsBenchmark } from "./alerts";
import { runBrowseBenchmark, SMOKE_SIZE } from "./browse";
import { REVIEWS_SMOKE_SIZE, runReviewsBenchmark } from "./reviews";

describe("browse benchmark (smoke)", () => {
  it(
    "times every scenario of the directory, /buy, /promote and the price guide, and each finds rows but the one meant to find none",
    { timeout: 60_000 },
    async () => {
      const results = await runBrowseBenchmark({ db: "pglite", pgliteDir: "memory://", ...SMOKE_SIZE, warmup: 1 });

      expect(results.sizes.businesses).toBe(SMOKE_SIZE.businesses);
      expect(results.sizes.listings).toBe(SMOKE_SIZE.listings);
      expect(results.machine.databaseVersion).toMatch(/PostgreSQL/);
      expect(results.scenarios.length).toBeGreaterThanOrEqual(20);
      for (const page of ["directory", "buy", "promote", "sell", "my-listings"] as const) {
        expect(results.scenarios.some((s) => s.page === page)).toBe(true);
      }
      for (const scenario of results.scenarios) {
        const label = `${scenario.page} · ${scenario.name}`;
        expect(scenario.iterations, label).toBe(SMOKE_SIZE.iterations);
        for (const ms of [scenario.p50Ms, scenario.p95Ms, scenario.maxMs]) {
          expect(Number.isFinite(ms), label).toBe(true);
          expect(ms, label).toBeGreaterThan(0);
        }
        expect(scenario.p50Ms, label).toBeLessThanOrEqual(scenario.p95Ms);
        expect(scenario.p95Ms, label).toBeLessThanOrEqual(scenario.maxMs);
        // Each finds rows, but the one meant to find none (nothing open at 07:00), which must not.
        expect(scenario.total > 0, label).toBe(!scenario.findsNone);
        expect(scenario.items > 0, label).toBe(!scenario.findsNone);
      }
      // The query plans of the slowest scenarios were collected.
      expect(results.explain).toMatch(/Execution Time/);
    },
  );
});

describe("alerts benchmark (smoke)", () => {
  it(
    "matches the new listings against the saved searches and queues one e-mail a matching search",
    { timeout: 60_000 },
    async () => {
      const results = await runAlertsBenchmark({
        db: "pglite",
        pgliteDir: "memory://",
        searches: 300,
        fresh: 20,
        listings: 200,
        runs: 1,
        log: () => undefined,
      });
      expect(results.searchesMatched).toBeGreaterThan(0);
      expect(results.matchedPairs).toBeGreaterThanOrEqual(results.searchesMatched);
      expect(results.emailsQueued).toBe(results.searchesMatched);
      expect(results.outboxRows).toBe(results.emailsQueued);
      expect(results.matchMs).toHaveLength(1);
    },
  );
});

describe("reviews benchmark (smoke)", () => {
  it(
    "adds the reviews, keeps the businesses' counts, and times the list, the business pages and the staff queue",
    { timeout: 60_000 },
    async () => {
      const results = await runReviewsBenchmark({
        db: "pglite",
        pgliteDir: "memory://",
        ...REVIEWS_SMOKE_SIZE,
        log: () => undefined,
      });
      // Every reviewer's reviews, and the popular business's extra ones.
      expect(results.sizes.reviews).toBeGreaterThan(REVIEWS_SMOKE_SIZE.reviewers * REVIEWS_SMOKE_SIZE.perReviewer);
      expect(results.scenarios.map((s) => s.name)).toEqual(
        expect.arrayContaining(["directory list, averages", "popular business, highest", "staff queue"]),
      );
      for (const scenario of results.scenarios) {
        expect(Number.isFinite(scenario.p95Ms), scenario.name).toBe(true);
        expect(scenario.p50Ms, scenario.name).toBeLessThanOrEqual(scenario.p95Ms);
        expect(scenario.rows, scenario.name).toBeGreaterThan(0);
      }
    },
  );
});

describe("back-office lists benchmark (smoke)", () => {
  it(
    "fills every table a list reads and times every list's pages, search, sorts and filters",
    { timeout: 120_000 },
    async () => {
      const results = await runAdminListsBenchmark({
        db: "pglite",
        pgliteDir: "memory://",
        ...ADMIN_LISTS_SMOKE_SIZE,
        log: () => undefined,
      });
      const firstPages = results.scenarios.filter((s) => s.name === "first page");
      expect(firstPages.map((s) => s.list).sort()).toEqual(Object.keys(adminLists).sort());
      // Every list's tables were filled: each first page has rows (a queue's default view, such as the
      // reviews waiting for staff, holds only some of them).
      for (const scenario of firstPages) expect(scenario.rows, scenario.list).toBeGreaterThan(0);
      for (const scenario of results.scenarios) {
        expect(Number.isFinite(scenario.p95Ms), `${scenario.list}: ${scenario.name}`).toBe(true);
        expect(scenario.p50Ms).toBeLessThanOrEqual(scenario.p95Ms);
      }
    },
  );
});

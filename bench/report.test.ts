import { describe, expect, it } from "vitest";
import { markdownTable } from "./report";

type Run = Parameters<typeof markdownTable>[0][number];

const scenario = (name: string, p95Ms: number) => ({
  page: "directory" as const,
  name,
  query: "open=now",
  origin: null,
  filtered: true,
  iterations: 10,
  p50Ms: p95Ms / 2,
  p95Ms,
  maxMs: p95Ms,
  meanMs: p95Ms / 2,
  total: 1,
  items: 1,
});

const run = (tag: string, scenarios: ReturnType<typeof scenario>[]) => ({ db: "postgres", tag, scenarios }) as Run;

describe("markdownTable", () => {
  it("lines runs up by scenario, so a run from before a scenario was added shows a dash for it", () => {
    const before = run("before", [scenario("open now", 21.9), scenario("near", 12.9)]);
    const after = run("after", [scenario("open now", 12.9), scenario("open now, 07:00", 2.3), scenario("near", 13.6)]);
    const rows = markdownTable([after, before], { p95Only: true }).split("\n").slice(2);
    expect(rows).toEqual([
      "| directory | open now | `open=now` | 1 | 12.9 | **21.9** |",
      "| directory | open now, 07:00 | `open=now` | 1 | 2.3 | — |",
      "| directory | near | `open=now` | 1 | 13.6 | 12.9 |",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { RequestTimings, requestTimings, timedQuery, timeRequest } from "./server-timing.server";

describe("request timings", () => {
  it("add each query's time to the request it ran for, and nothing outside a request", async () => {
    const first = new RequestTimings();
    const second = new RequestTimings();
    const slowQuery = () => new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([
      timeRequest(first, async () => {
        await timedQuery(slowQuery);
        await timedQuery(slowQuery);
      }),
      timeRequest(second, () => timedQuery(slowQuery)),
      timedQuery(slowQuery),
    ]);
    expect(first.database).toBeGreaterThanOrEqual(38);
    expect(second.database).toBeGreaterThanOrEqual(19);
    expect(second.database).toBeLessThan(first.database);
    expect(requestTimings()).toBeUndefined();
  });

  it("say the loaders' span, the deepest route, the render and the compression", () => {
    const timings = new RequestTimings();
    timings.addQuery(1.234);
    timings.addHandler("", 10, 15);
    timings.addHandler("buy/:slug", 11, 22.5);
    timings.render = 3;
    timings.compression = { coding: "br", ms: 0.5 };
    expect(timings.route).toBe("/buy/:slug");
    expect(timings.header()).toBe(
      'db;desc="database";dur=1.23, loaders;dur=12.5, render;dur=3, compression;desc="br";dur=0.5',
    );
  });
});

// /metrics and Server-Timing's database figure, on PGlite and PostgreSQL (decision 0037).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, setDatabase } from "../../app/server/db.server";
import { metricsResponse, observeRequest } from "../../app/server/metrics.server";
import { enqueueMail } from "../../app/server/outbox.server";
import { RequestTimings, timeRequest } from "../../app/server/server-timing.server";
import { createTestDatabase } from "../helpers/test-database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
});
afterAll(async () => {
  setDatabase(undefined);
  await database.destroy();
});

const TOKEN = "a-long-scrape-token";
const scrape = async (authorization: string | null, token: string | undefined) => {
  const response = await metricsResponse(authorization, { token });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

describe("/metrics", () => {
  it("is off without METRICS_TOKEN and refuses a scraper without the right token", async () => {
    expect((await scrape(`Bearer ${TOKEN}`, undefined)).status).toBe(404);
    expect((await scrape(null, TOKEN)).status).toBe(401);
    const wrong = await scrape(`Bearer ${TOKEN}x`, TOKEN);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(wrong.text).not.toContain("hbs_");
  });

  it("reports request durations by route and the outbox's depth and age", async () => {
    observeRequest("/buy/:slug", "GET", 200, 0.012);
    await db().transaction((tx) => enqueueMail(tx, { to: "buyer@example.com", subject: "Hello", text: "Hi" }));
    await db().execute(sql`update outbox set created_at = now() - interval '90 seconds'`);
    const { status, headers, text } = await scrape(`Bearer ${TOKEN}`, TOKEN);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(text).toMatch(/hbs_http_request_duration_seconds_count\{route="\/buy\/:slug",method="GET",status="200"\} 1/);
    expect(text).toMatch(/^hbs_outbox_depth 1$/m);
    const age = Number(/^hbs_outbox_oldest_age_seconds (\S+)$/m.exec(text)![1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(200);
    for (const name of ["hbs_page_cache_requests_total", "hbs_live_connections", "hbs_process_cpu_seconds_total"]) {
      expect(text).toContain(name);
    }
  });
});

describe("Server-Timing's database figure", () => {
  it("counts the time of the request's own queries, through the driver", async () => {
    const timings = new RequestTimings();
    // Drizzle's queries start when awaited: inside the request, as in a loader.
    await timeRequest(timings, async () => {
      await db().execute(sql`select pg_sleep(0.05)`);
    });
    expect(timings.database).toBeGreaterThanOrEqual(45);
    // A query outside any request changes nothing (compared with itself: a loaded machine
    // stretches the sleep, so a bound on the sum would fail for the wrong reason).
    const inside = timings.database;
    await db().execute(sql`select pg_sleep(0.05)`);
    expect(timings.database).toBe(inside);
  });
});

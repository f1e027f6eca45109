// Prometheus metrics at /metrics (decision 0037), through prom-client: what an
// operator watches across servers — how long requests take by route, how often
// the page cache answers, how many e-mails wait and for how long, scheduled
// runs, open live streams — plus Node's own (CPU, memory, event-loop delay).
// Each server reports its own figures; Prometheus adds them up.
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { db } from "./db.server";
import { env } from "./env.server";
import { liveListenerCount } from "./live.server";
import { logger } from "./logger.server";
import { keptPageBytes, pageCacheRequests } from "./page-cache.server";
import { outbox } from "./schema";

const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "hbs_" });

const requestDuration = new Histogram({
  name: "hbs_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route pattern, method and status.",
  labelNames: ["route", "method", "status"] as const,
  // Our pages take milliseconds; the upper buckets catch the slow and the stuck.
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

new Counter({
  name: "hbs_page_cache_requests_total",
  help: "Public pages asked for by visitors: answered from the page cache (hit), from a page past its s-maxage while it is rendered again (stale), or rendered (miss, background renders included).",
  labelNames: ["result"] as const,
  registers: [registry],
  // The page cache counts as it answers (it cannot import this module, which reads it).
  collect() {
    const { hit, stale, miss } = pageCacheRequests();
    this.reset();
    this.inc({ result: "hit" }, hit);
    this.inc({ result: "stale" }, stale);
    this.inc({ result: "miss" }, miss);
  },
});

new Gauge({
  name: "hbs_page_cache_bytes",
  help: "Bytes the page cache holds, plain and compressed.",
  registers: [registry],
  collect() {
    this.set(keptPageBytes());
  },
});

export const schedulerRuns = new Counter({
  name: "hbs_scheduler_runs_total",
  help: "Scheduled runs this server carried out, by job and outcome (done or failed).",
  labelNames: ["job", "outcome"] as const,
  registers: [registry],
});

new Gauge({
  name: "hbs_live_connections",
  help: "Members' pages holding a live-updates stream open on this server.",
  registers: [registry],
  collect() {
    this.set(liveListenerCount());
  },
});

const outboxDepth = new Gauge({
  name: "hbs_outbox_depth",
  help: "E-mails in the outbox not yet sent (all servers share it).",
  registers: [registry],
});
const outboxAge = new Gauge({
  name: "hbs_outbox_oldest_age_seconds",
  help: "Age of the oldest e-mail not yet sent; 0 when none waits.",
  registers: [registry],
});

/** Read once per scrape, with one query the outbox's partial index answers. */
async function collectOutbox() {
  const [row] = await db()
    .select({
      depth: sql<number>`count(*)::int`,
      oldest: sql<number | null>`extract(epoch from (now() - min(${outbox.createdAt})))::float8`,
    })
    .from(outbox)
    .where(sql`${outbox.sentAt} is null`);
  outboxDepth.set(row?.depth ?? 0);
  outboxAge.set(Math.max(0, row?.oldest ?? 0));
}

/** For server.ts, once a request is answered. */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  requestDuration.observe({ route, method, status: String(status) }, seconds);
}

/**
 * The /metrics answer. Off unless METRICS_TOKEN is set, and then only for a
 * scraper that sends it as a bearer token: the figures tell an outsider too
 * much about the site's traffic.
 */
export async function metricsResponse(
  authorization: string | null,
  { token } = { token: env().METRICS_TOKEN },
): Promise<Response> {
  const headers = { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" };
  if (!token) return new Response("Metrics are off: set METRICS_TOKEN to turn them on.\n", { status: 404, headers });
  if (!sameSecret(authorization ?? "", `Bearer ${token}`)) {
    return new Response("A bearer token is required.\n", {
      status: 401,
      headers: { ...headers, "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  try {
    await collectOutbox();
  } catch (error) {
    // The rest still tells the operator something; the outbox figures keep their last values.
    logger.warn({ err: error }, "metrics: could not read the outbox");
  }
  return new Response(await registry.metrics(), { headers: { ...headers, "content-type": registry.contentType } });
}

function sameSecret(given: string, expected: string) {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

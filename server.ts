// The Express entry. In development Vite serves and reloads the app; in
// production the React Router build does. Everything the app holds open is
// started and stopped through the build (app/entry.server.tsx).
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import proxyAddr from "proxy-addr";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type RouterContext,
  type ServerBuild,
} from "react-router";
import { admission } from "./app/server/admission.server.ts";
import { CROSS_SITE_MESSAGE, isCrossSiteExempt, isCrossSiteRequest } from "./app/server/cross-site.server.ts";
import { chooseFreePort, EnvError, loadDotEnv, mapTilesSource, env as readEnv } from "./app/server/env.server.ts";
import type { reportError } from "./app/server/error-reporting.server.ts";
import type { observeRequest } from "./app/server/metrics.server.ts";
import type { keptPage } from "./app/server/page-cache.server.ts";
import type { RequestTimings, timeRequest } from "./app/server/server-timing.server.ts";
import type { storage } from "./app/server/storage.server.ts";
import { serveUploads } from "./app/server/uploads.server.ts";

// What app/entry.server.tsx exports besides the renderer. The context key must
// come from the build: a copy imported here would be a different key.
interface AppEntry {
  cspNonceContext: RouterContext<string>;
  clientIpContext: RouterContext<string>;
  pageRefreshContext: RouterContext<boolean>;
  requestIdContext: RouterContext<string>;
  reportError: typeof reportError;
  start(): Promise<void>;
  stop(): Promise<void>;
  closeLiveStreams(): void;
  storage: typeof storage;
  keptPage: typeof keptPage;
  answered(path: string, address: string, userAgent: string | undefined): void;
  RequestTimings: typeof RequestTimings;
  timeRequest: typeof timeRequest;
  observeRequest: typeof observeRequest;
}

let env: ReturnType<typeof readEnv>;
try {
  loadDotEnv();
  await chooseFreePort();
  env = readEnv();
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const production = env.NODE_ENV === "production";
// Buying and 'Manage billing' post to us and are redirected to Stripe's own
// pages, which form-action must allow (decision 0026); in tests, the stand-in's.
const paymentPages =
  env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? [
        "https://checkout.stripe.com",
        "https://billing.stripe.com",
        // Host and port only: the page's own scheme, so no plain-http source appears in the policy.
        ...(env.STRIPE_API_URL ? [new URL(env.STRIPE_API_URL).host] : []),
      ]
    : [];
// Browsers post their error reports to the DSN's host, when there is one (decision 0080).
const { errorReportingSources } = await import("./app/server/error-reporting.server.ts");
// The policy's parts, joined once: only the nonce changes from one answer to the next.
const [policyBeforeNonce, policyAfterNonce] = [
  "default-src 'self'",
  "script-src 'self' 'nonce-\0'",
  "style-src 'self' 'unsafe-inline'",
  // The map's tiles, from MAP_TILES_URL's host only (decision 0034).
  `img-src 'self' data: blob: ${mapTilesSource(env.MAP_TILES_URL)}`,
  "font-src 'self'",
  ["connect-src 'self'", ...errorReportingSources(env.SENTRY_DSN)].join(" "),
  "object-src 'none'",
  "base-uri 'none'",
  ["form-action 'self'", ...paymentPages].join(" "),
  "frame-ancestors 'none'",
]
  .join("; ")
  .split("\0");

const { logger } = await import("./app/server/logger.server.ts");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxy(env.TRUST_PROXY));
app.use(compression());
app.use(
  pinoHttp({
    logger,
    // One short line per request; static files would drown the log.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => /^\/(assets|uploads)\//.test(req.url ?? "") },
  }),
);
app.use(securityHeaders);

let build: ServerBuild | (() => Promise<ServerBuild>);
let entry: AppEntry;
if (production) {
  build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as ServerBuild;
  entry = build.entry.module as unknown as AppEntry;
  // Fingerprinted by Vite: never changes under the same name. Sent as the
  // build compressed it (vite.config.ts), brotli first.
  app.use(
    "/assets",
    expressStaticGzip("build/client/assets", {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  // The few files at the top of build/client (favicon, robots…): only names
  // with an extension, so a page's address costs no look-up on disk.
  const rootFiles = express.static("build/client", { maxAge: "1h", index: false });
  app.use((req, res, next) => (path.extname(req.path) ? rootFiles(req, res, next) : next()));
} else {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  const load = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  build = load;
  entry = (await load()).entry.module as unknown as AppEntry;
}

// Uploaded and generated images, from the disk or the bucket (decision 0021).
app.use("/uploads", serveUploads(entry.storage()));

// How long each request takes, queueing included, by the route that answered
// it: a metric for /metrics (decision 0037). Uploads and assets are left out.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    const timings = res.locals.timings as RequestTimings | undefined;
    const kept = String(res.getHeader("server-timing") ?? "").startsWith("cache");
    const route = timings?.route ?? (kept ? "page cache" : "none");
    entry.observeRequest(route, req.method, res.statusCode, Number(process.hrtime.bigint() - start) / 1e9);
  });
  next();
});

// Forged posts from other websites (CSRF) are refused before the app sees
// them, for every route: pages, resource routes and Better Auth's endpoints.
const siteOrigin = new URL(env.SITE_URL).origin;
app.use((req, res, next) => {
  if (isCrossSiteExempt(req.path)) {
    // RFC 8058's one-click unsubscribe: React Router refuses an action whose Origin is another
    // site's, so the Origin is dropped for this path alone (decision 0031).
    delete req.headers.origin;
    return next();
  }
  const request = { method: req.method, fetchSite: req.get("sec-fetch-site"), origin: req.get("origin") };
  if (!isCrossSiteRequest(request, siteOrigin)) return next();
  res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
});

// Better Auth reads the visitor's address from this header (for its rate
// limits and the list of signed-in devices): always ours, never the client's.
app.use((req, _res, next) => {
  req.headers["x-hbs-client-ip"] = req.ip ?? "";
  next();
});

// Pages, data and forms are served a few requests at a time, first come,
// first served (decision 0017).
// Live streams (decision 0032) stay open for as long as a page does: they
// must not hold the places that pages wait for.
// Health checks and metrics scrapes must answer while pages queue.
// Kept pages do not queue: they need no database and half a millisecond
// (answerKeptPage, decision 0055).
const admitted = admission({ passes: (req) => ["/healthz", "/events", "/metrics"].includes(req.url ?? "") });
app.use(admitted);

// Once admitted, a request keeps its own timings for its Server-Timing header
// (decision 0037): the database, loaders and renderer add to them.
app.use((_req, res, next) => {
  const timings = new entry.RequestTimings();
  res.locals.timings = timings;
  entry.timeRequest(timings, next);
});

// Once the answer is sent, one listener per request:
// - views of listings (decision 0024) are counted here (kept pages count
//   theirs in answerKeptPage), so no request waits for the count;
// - a body the app answered without reading to its end (too large, say) is
//   read and dropped, as Node does for a body no one reads. React Router's
//   adapter has started reading it, so Node would close the connection
//   instead, and a client still sending would see a reset, not the answer.
app.use((req, res, next) => {
  res.on("finish", () => {
    if (req.method === "GET" && res.statusCode === 200) entry.answered(req.path, req.ip ?? "", req.get("user-agent"));
    if (req.complete) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
});

// The same app without Express, for kept pages rendered again in the background.
const renderInBackground = createFetchHandler(build, production ? "production" : "development");

app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (req, res) => {
      const context = new RouterContextProvider();
      context.set(entry.cspNonceContext, res.locals.cspNonce as string);
      context.set(entry.clientIpContext, req.ip ?? "unknown");
      context.set(entry.requestIdContext, String(req.id));
      return context;
    },
  }),
);

// What Express itself refuses, such as an address that is not valid UTF-8:
// a plain answer, never its stack trace. A failure of our own is reported.
app.use(((error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: unknown }).status) || 500;
  if (status >= 500) {
    const route = (res.locals.timings as RequestTimings | undefined)?.route;
    entry.reportError(error, {
      request: { method: req.method, url: req.originalUrl },
      route,
      requestId: String(req.id),
    });
  }
  res
    .status(status)
    .type("text/plain")
    .send(status < 500 ? "Bad request" : "Something went wrong");
}) satisfies ErrorRequestHandler);

try {
  await entry.start();
} catch (error) {
  // e.g. the embedded database is in use by another process: say so plainly.
  console.error(`HBS could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// Without a page cache (PAGE_CACHE off, decision 0081) there is nothing to look up ahead of Express.
const keepsPages = production && env.PAGE_CACHE;
const server = http.createServer((req, res) => (keepsPages && answerKeptPage(req, res)) || void app(req, res));
// Idle keep-alive connections are kept for 65 s, not Node's 5: a client that
// reuses one just as the server closes it gets a reset (ECONNRESET) instead of
// an answer, and the longer the wait, the fewer connections reach that moment.
// nginx closes its own sooner (deploy/nginx.conf). Node's advice is a headers
// timeout above the keep-alive one, hence 66 s (its default was 60).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info({ port }, `HBS is serving on http://localhost:${port}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  // Finish requests in flight, then close the database; give up after 10 s.
  const force = setTimeout(() => server.closeAllConnections(), 10_000).unref();
  // Open pages' live streams end now (their browsers reconnect to another server); they would hold the close up.
  entry.closeLiveStreams();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  clearTimeout(force);
  await entry.stop();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

function securityHeaders(...[, res, next]: Parameters<RequestHandler>) {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  setSecurityHeaders(res, nonce);
  next();
}

function setSecurityHeaders(res: http.ServerResponse, nonce: string) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  // Our images and scripts are for our own pages, not for other sites to embed.
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  res.setHeader("X-Frame-Options", "DENY");
  // Vite's development client needs inline scripts, so the policy is for production.
  if (production) {
    res.setHeader("Content-Security-Policy", `${policyBeforeNonce}${nonce}${policyAfterNonce}`);
    // Browsers ignore it over plain http (a production build on localhost).
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/**
 * A public page kept for visitors (decision 0016) is answered here, ahead of
 * Express, with what Express's middleware would have given it: the security
 * headers and a nonce of its own, the log line, the metric, the listing's view.
 * It needs none of the rest (no body, no session), whose layers cost three
 * times what the answer does (bench/README.md, the page cache), and it does
 * not wait in the admission queue behind renders and sign-ins: at a steady
 * rate that wait was its whole tail (decision 0055). False when it is not kept.
 */
function answerKeptPage(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (req.method !== "GET" || !req.url) return false;
  const start = process.hrtime.bigint();
  const nonce = crypto.randomBytes(16).toString("base64");
  let page: ReturnType<typeof keptPage>;
  try {
    page = entry.keptPage(req.method, req.url, req.headers.cookie, nonce, req.headers["accept-encoding"]);
  } catch {
    return false; // an address or header Express refuses with its own answer
  }
  if (!page) return false;
  // No one reads the body of a GET: read and dropped, as Express's "finish" listener does for its answers.
  req.resume();
  const { method, url } = req;
  setSecurityHeaders(res, nonce);
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.end(page.body);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  entry.observeRequest("page cache", method, page.status, seconds);
  logger.info(
    { req: { method, url }, res: { statusCode: page.status }, responseTime: seconds * 1000 },
    "request completed",
  );
  const address = proxyAddr(req, app.get("trust proxy fn") as (address: string, hop: number) => boolean);
  if (page.status === 200) entry.answered(url.split("?")[0]!, address, req.headers["user-agent"]);
  if (page.refresh) renderAgainLater(url, req.headers.cookie, address);
  return true;
}

/**
 * A kept page past its s-maxage, rendered again once no visitor waits
 * (decision 0055), as the visitor who found it stale asked for it: same
 * address and cookies, their address for the search limit. The page cache
 * keeps the new render; nobody reads this answer, and it counts no view.
 */
function renderAgainLater(url: string, cookie: string | undefined, address: string) {
  admitted.later(async () => {
    const context = new RouterContextProvider();
    context.set(entry.cspNonceContext, crypto.randomBytes(16).toString("base64"));
    context.set(entry.clientIpContext, address);
    context.set(entry.pageRefreshContext, true);
    try {
      // The page cache keys pages by path, query and cookies, never by host: keptPage read the address so.
      const request = new Request(new URL(url, "http://localhost"), { headers: cookie ? { cookie } : {} });
      const response = await entry.timeRequest(new entry.RequestTimings(), () => renderInBackground(request, context));
      await response.arrayBuffer();
    } catch (error) {
      logger.warn({ err: error, url }, "a kept page could not be rendered again");
    }
  });
}

/** TRUST_PROXY as Express takes it: a boolean, a hop count, or names and ranges. */
function trustProxy(value: string): boolean | number | string {
  if (value === "true" || value === "false") return value === "true";
  return /^\d+$/.test(value) ? Number(value) : value;
}

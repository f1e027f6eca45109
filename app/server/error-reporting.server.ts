// Errors seen in production (decision 0080). With SENTRY_DSN set, the errors
// behind a 500 — a loader's or action's, a render's, one Express met — go to
// Sentry, or any service that speaks its protocol, through the official SDK,
// with the route, the release and the request's id in the logs; so do the
// browser's, through the script the page starts with, and work no request saw
// (a scheduled job, a Stripe event, an e-mail that keeps failing). Unset, the SDK is never
// loaded and nothing is sent. Either way every error is logged, here: there is
// one way to report one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type * as Sentry from "@sentry/node";
import { isRouteErrorResponse } from "react-router";
import type { BrowserErrorReporting } from "../lib/error-reporter";
import { DATA_COLLECTION, scrubbed, withoutQuery } from "../lib/error-scrubbing";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface ErrorReportingSettings {
  dsn?: string;
  environment: string;
  release?: string;
}

/** Where a report came from: the request it failed, its route pattern and its id in the logs. */
export interface ErrorOrigin {
  request?: Request | { method: string; url: string };
  route?: string;
  requestId?: string;
}

let sentry: typeof Sentry | undefined;
let browser: Omit<BrowserErrorReporting, "route"> | undefined;

/** The settings from the environment; the release is decided once, as the server starts. */
export function settingsFromEnv(): ErrorReportingSettings {
  const e = env();
  if (!e.SENTRY_DSN) return { environment: e.NODE_ENV };
  return {
    dsn: e.SENTRY_DSN,
    environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV,
    release: e.SENTRY_RELEASE ?? commitRelease(),
  };
}

/** "hbs@<commit>": the commit of the checkout the server was built from and runs, when it is one. */
function commitRelease(): string | undefined {
  try {
    const commit = execFileSync("git", ["rev-parse", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return `hbs@${commit.trim()}`;
  } catch {
    return undefined; // no git here: SENTRY_RELEASE names the release
  }
}

/** Starts reporting when there is a DSN, once (app/server/lifecycle.server.ts, at the server's start). */
export async function startErrorReporting(settings = settingsFromEnv()): Promise<void> {
  if (sentry || !settings.dsn) return;
  const { dsn, environment, release } = settings;
  const sdk = await import("@sentry/node");
  sdk.init({
    dsn,
    environment,
    release,
    dataCollection: DATA_COLLECTION,
    // Only what makes a report of an error (its causes, the runtime and machine): none of the SDK's
    // request data, breadcrumbs (log lines, outgoing requests), local variables, source lines (the
    // release's commit has them), tracing or process-wide handlers, and no hooks into Express or
    // the database drivers as they load.
    defaultIntegrations: false,
    integrations: [
      sdk.eventFiltersIntegration(),
      sdk.linkedErrorsIntegration(),
      sdk.dedupeIntegration(),
      sdk.nodeContextIntegration(),
    ],
    enableRuntimeChannelInjection: false,
    maxBreadcrumbs: 0,
    sendClientReports: false,
    beforeSend: scrubbed,
  });
  sentry = sdk;
  const script = reporterScript();
  if (script) browser = { dsn, environment, release, script };
  else logger.warn("the browser's error reporter is not in the build: browser errors are not reported");
}

/** Sends what is waiting and stops reporting (at the server's stop). */
export async function stopErrorReporting(): Promise<void> {
  await sentry?.close(2_000);
  sentry = undefined;
  browser = undefined;
}

/**
 * Logs an error that failed a request and, when reporting is on, reports it.
 * A refusal React Router answers itself (404, 405) is the visitor's doing:
 * logged, never reported.
 */
export function reportError(error: unknown, { request, route, requestId }: ErrorOrigin = {}): void {
  logger.error({ err: error, url: request?.url, route, reqId: requestId }, "request failed");
  if (!sentry || (isRouteErrorResponse(error) && error.status < 500)) return;
  const sdk = sentry;
  sdk.withScope((scope) => {
    if (route) scope.setTransactionName(route).setTag("route", route);
    if (requestId) scope.setTag("request_id", requestId);
    if (request) {
      const userAgent = "headers" in request ? request.headers.get("user-agent") : undefined;
      scope.addEventProcessor((event) => ({
        ...event,
        request: {
          method: request.method,
          url: withoutQuery(request.url),
          ...(userAgent ? { headers: { "User-Agent": userAgent } } : {}),
        },
      }));
    }
    sdk.captureException(error, { mechanism: { handled: false, type: "hbs.request" } });
  });
}

/**
 * Logs and reports an error no request saw: work done in the background that
 * failed where staff would otherwise only find it by looking (a scheduled
 * job's run, a Stripe event that could not be applied, an e-mail that keeps
 * failing). `task` names the work, and groups its reports in Sentry.
 */
export function reportBackgroundError(error: unknown, task: string, tags: Record<string, string> = {}): void {
  logger.error({ err: error, task, ...tags }, "background work failed");
  if (!sentry) return;
  const sdk = sentry;
  sdk.withScope((scope) => {
    scope.setTransactionName(task).setTag("task", task).setTags(tags);
    sdk.captureException(error, { mechanism: { handled: true, type: "hbs.background" } });
  });
}

/** Waits until the reports made so far are sent (or `timeout` ms pass). */
export async function flushErrorReports(timeout = 2_000): Promise<boolean> {
  return (await sentry?.flush(timeout)) ?? true;
}

/**
 * The page with its first script when reporting is on (decision 0080): a few
 * hundred bytes of HTML, none of the page's JavaScript. It keeps the page's
 * errors from the start (uncaught ones, promises rejected with no one to
 * handle them, and what React and React Router report: app/entry.client.tsx)
 * and on the first loads the reporter, which sends them. Ten at most a page,
 * so that an error in a loop sends ten reports, not thousands. `route` is the
 * pattern the page was rendered for, until the router can say which it is on.
 */
export function withErrorReporting(html: Buffer, nonce: string, route: string | undefined): Buffer {
  // Off (no SENTRY_DSN): the page as rendered, not even searched.
  if (!browser) return html;
  const head = html.indexOf("<head>");
  if (head === -1) return html;
  const config = JSON.stringify({ ...browser, ...(route ? { route } : {}) }).replace(/</g, "\\u003c");
  const script =
    `<script nonce="${nonce}">((config)=>{let left=10,reporter;` +
    "const report=(error)=>{if(error==null||left--<1)return;" +
    "reporter??=import(config.script).then((module)=>module.start(config));" +
    "reporter.then((capture)=>capture(error),()=>{})};" +
    'addEventListener("error",(event)=>report(event.error));' +
    'addEventListener("unhandledrejection",(event)=>report(event.reason))})' +
    `(${config})</script>`;
  const at = head + "<head>".length;
  return Buffer.concat([html.subarray(0, at), Buffer.from(script), html.subarray(at)]);
}

/**
 * The reporter's address: in development, its source as Vite serves it; in
 * production, the chunk the build made of it under a name with its hash.
 */
function reporterScript(): string | undefined {
  if (env().NODE_ENV !== "production") return "/app/lib/error-reporter.ts";
  const assets = "build/client/assets";
  const chunk =
    fs.existsSync(assets) && fs.readdirSync(assets).find((name) => /^error-reporter-[\w-]+\.js$/.test(name));
  return chunk ? `/assets/${chunk}` : undefined;
}

/**
 * The DSN's host as the CSP's connect-src names it, so that browsers may post
 * reports there and nowhere else; none without a DSN. A plain-http host (the
 * tests' stand-in) is named without its scheme, as the map tiles' is.
 */
export function errorReportingSources(dsn: string | undefined): string[] {
  if (!dsn) return [];
  const { protocol, host } = new URL(dsn);
  return [protocol === "https:" ? `https://${host}` : host];
}

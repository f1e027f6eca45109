import { performance } from "node:perf_hooks";
import { PassThrough, pipeline } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
  ServerInstrumentation,
} from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext, requestIdContext } from "./context";
import { businessSlugFromPath, listingSlugFromPath, recordViews } from "./features/marketplace/listing-views.server";
import { scheduledJobs } from "./jobs.server";
import { NonceContext } from "./lib/nonce";
import { chooseCoding, compress } from "./server/compress-page.server";
import { reportError, withErrorReporting } from "./server/error-reporting.server";
import { hydrateAfterLoad } from "./server/hydrate-after-load.server";
import { setPageCaching } from "./server/http-cache.server";
import { start as startApp } from "./server/lifecycle.server";
import { db } from "./server/db.server";
import { takenByPageCache } from "./server/page-cache.server";
import { pageViews } from "./server/page-views.server";
import { requestTimings } from "./server/server-timing.server";

// server.ts starts and stops the app through these, so that it shares the
// build's single instance of the database and of the context keys.
export { clientIpContext, cspNonceContext, pageRefreshContext, requestIdContext } from "./context";
export { reportError } from "./server/error-reporting.server";
export { stop } from "./server/lifecycle.server";
export { closeLiveStreams } from "./server/live.server";
export { storage } from "./server/storage.server";
export const start = () => startApp(scheduledJobs(), (views) => recordViews(db(), views));
export { keptPage } from "./server/page-cache.server";
export { observeRequest } from "./server/metrics.server";
export { RequestTimings, timeRequest } from "./server/server-timing.server";

/**
 * server.ts reports every 200 answer to a GET here, rendered or kept
 * (decision 0024): a listing's page counts as a view of it, and a directory
 * business's page as one of the business (decision 0036).
 */
export function answered(path: string, address: string, userAgent: string | undefined) {
  const slug = listingSlugFromPath(path);
  if (slug) return void pageViews.count(slug, address, userAgent);
  const business = businessSlugFromPath(path);
  if (business) pageViews.count(business, address, userAgent, "business");
}

export const streamTimeout = 5_000;

/** Each loader's and action's time, and the route that answered, join the request's timings. */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      const timed = async (handler: () => Promise<unknown>, { pattern }: { pattern: string }) => {
        const start = performance.now();
        await handler();
        requestTimings()?.addHandler(pattern, start, performance.now());
      };
      route.instrument({ loader: timed, action: timed });
    },
  },
];

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext);
  setPageCaching(request, responseStatusCode, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const timings = requestTimings();
  const origin = () => ({ request, route: timings?.route, requestId: loadContext.get(requestIdContext) });
  const renderStart = performance.now();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Our pages wait for no data once their loaders are done, so the
          // whole document follows the shell at once: it is sent whole, with
          // its length, compressed in one piece (compress-page.server.ts).
          // A render's own errors are reported by onError below.
          const chunks: Buffer[] = [];
          const page = pipeline(body, hydrateAfterLoad(), (error) => {
            if (error) return reject(error);
            send(Buffer.concat(chunks)).then(resolve, reject);
          });
          page.on("data", (chunk: Buffer) => chunks.push(chunk));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) reportError(error, origin());
        },
      },
    );
  });

  async function send(html: Buffer) {
    if (timings) timings.render = performance.now() - renderStart;
    const page = withErrorReporting(html, nonce, timings?.route);
    let body = page;
    // A page kept for visitors is compressed by the page cache, once for all of them; with no page cache to keep
    // it (PAGE_CACHE off, development, notifications lost), here like any other.
    const kept = keptForVisitors(responseHeaders) && takenByPageCache(loadContext);
    const coding = kept ? undefined : chooseCoding(request.headers.get("accept-encoding"));
    if (coding) {
      const start = performance.now();
      body = await compress(page, coding);
      if (timings) timings.compression = { coding, ms: performance.now() - start };
      responseHeaders.set("Content-Encoding", coding);
      responseHeaders.append("Vary", "Accept-Encoding");
    }
    responseHeaders.set("Content-Length", String(body.length));
    if (timings) responseHeaders.set("Server-Timing", timings.header());
    // zlib's and Buffer.concat's buffers are plain ArrayBuffers, never shared memory.
    return new Response(body as Buffer<ArrayBuffer>, {
      headers: responseHeaders,
      status: responseStatusCode,
    });
  }
}

const keptForVisitors = (headers: Headers) => /s-maxage/.test(headers.get("cache-control") ?? "");

/** Client-side navigations' data, cached by the same rules as the pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setPageCaching(request, response.status, response.headers);
  const timings = requestTimings();
  if (timings) response.headers.set("Server-Timing", timings.header());
  return response;
};

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // the browser went away; nothing failed
  reportError(error, { request, route: requestTimings()?.route, requestId: context.get(requestIdContext) });
};

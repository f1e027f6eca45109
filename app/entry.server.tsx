import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonceContext } from "./context";
import { listingSlugFromPath, recordListingViews } from "./features/marketplace/listing-views.server";
import { scheduledJobs } from "./jobs.server";
import { NonceContext } from "./lib/nonce";
import { hydrateAfterLoad } from "./server/hydrate-after-load.server";
import { setPageCaching } from "./server/http-cache.server";
import { start as startApp } from "./server/lifecycle.server";
import { db } from "./server/db.server";
import { logger } from "./server/logger.server";
import { pageViews } from "./server/page-views.server";

// server.ts starts and stops the app through these, so that it shares the
// build's single instance of the database and of the context keys.
export { clientIpContext, cspNonceContext } from "./context";
export { stop } from "./server/lifecycle.server";
export { closeLiveStreams } from "./server/live.server";
export { storage } from "./server/storage.server";
export const start = () => startApp(scheduledJobs(), (views) => recordListingViews(db(), views));
export { keptPage } from "./server/page-cache.server";

/**
 * server.ts reports every 200 answer to a GET here, rendered or kept
 * (decision 0024): a listing's page counts as a view of it.
 */
export function answered(path: string, address: string, userAgent: string | undefined) {
  const slug = listingSlugFromPath(path);
  if (slug) pageViews.count(slug, address, userAgent);
}

export const streamTimeout = 5_000;

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
          // A browser that goes away stops the render too; a render's own
          // errors are reported by onError below.
          const page = pipeline(body, hydrateAfterLoad(), () => {});
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "error while streaming a page");
        },
      },
    );
  });
}

/** Client-side navigations' data, cached by the same rules as the pages. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setPageCaching(request, response.status, response.headers);
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return; // the browser went away; nothing failed
  logger.error({ err: error, url: request.url }, "unhandled error in a loader or action");
};

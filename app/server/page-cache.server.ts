// The shared cache of decision 0015, inside each server (decision 0016): a
// response the app marks `s-maxage` — a public page for a visitor without a
// session — is rendered once and replayed for that many seconds to requests
// for the same address with the same cookies (what `Vary: Cookie` asks of a
// shared cache), each time with the new response's own CSP nonce. It is
// emptied whenever listings, businesses or packages change (a database
// trigger notifies every server), and it is off while this server cannot hear
// those notifications, so no server shows a change late.
//
// It is for a server with no shared cache in front (PAGE_CACHE, decision
// 0081). Behind nginx's cache (deploy/nginx.conf) it is off: nginx answers the
// repeats, and this cache would only hold copies of nginx's misses.
//
// A page past its s-maxage has not changed (a change would have emptied the
// cache), only grown older: for another s-maxage it is still answered, and
// the first such answer has server.ts render it again in the background, when
// no visitor waits (decision 0055). Pages expire together after a burst of
// renders (a change, a start), and rendering them all again at once held up
// every visitor behind them.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { cspNonceContext, pageRefreshContext } from "~/context";
import { takesGzip } from "./compress-page.server";
import type { DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import { logger } from "./logger.server";
import { requestTimings } from "./server-timing.server";
import { compressPieces, joined, splicedGzip, type SplicedGzip } from "./spliced-gzip.server";

/** The channel drizzle/0009_public_content_changes.sql notifies on. */
export const PUBLIC_CONTENT_CHANNEL = "hbs_public_content";

/** A page kept: as rendered, cut where the nonce it was rendered with stood (each answer puts its own there), and compressed. */
interface Entry {
  status: number;
  headers: [string, string][];
  pieces: Buffer[];
  gzip: SplicedGzip;
  bytes: number;
  storedAt: number;
  /** Until then the page is fresh; after it, stale until `staleUntil`. */
  expiresAt: number;
  staleUntil: number;
  /** A render of it again has been asked for. */
  refreshing: boolean;
}

/** A page as server.ts sends it; `refresh`: server.ts should render it again in the background. */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  body: Buffer<ArrayBuffer>;
  refresh?: boolean;
}

/**
 * Pages are 30–130 KB, and kept compressed too: this keeps two to four
 * thousand. At 64 MB the load benchmark's thousand pages (400 searches, 500
 * listings) did not fit, and the least recently used were put out and
 * rendered again long before they expired (decision 0055).
 */
const MAX_BYTES = 256 * 1024 * 1024;

const entries = new Map<string, Entry>();
let bytes = 0;
/** Renders in progress: other requests for the same page wait for them rather than render it again. */
const rendering = new Map<string, Promise<Entry | undefined>>();
let enabled = false;
/** Visitors' requests for a public page answered from a kept page (fresh or stale), and rendered instead (for /metrics). */
const requests = { hit: 0, stale: 0, miss: 0 };
/** Bumped by every change: a page rendered before a change is not stored after it. */
let generation = 0;
/** Set on a render this cache takes: it compresses the page itself, to keep it (entry.server.tsx asks). */
const takenContext = createContext<boolean>(false);

/**
 * Keeps pages from now on if this server is to: in production (in development
 * the code changes under them) with PAGE_CACHE on (decision 0081), and only
 * while it hears of every change on `database`. Otherwise nothing is kept and
 * nothing listened to. Returns what stops it.
 */
export async function startPageCache(
  database: Pick<DatabaseHandle, "listen">,
  { NODE_ENV, PAGE_CACHE }: Pick<Env, "NODE_ENV" | "PAGE_CACHE">,
): Promise<() => Promise<void>> {
  if (NODE_ENV !== "production" || !PAGE_CACHE) return async () => {};
  const stopListening = await database.listen(PUBLIC_CONTENT_CHANNEL, {
    notify: clearPageCache,
    online: enablePageCache,
    offline: () => {
      disablePageCache();
      logger.warn("lost the database's change notifications: pages are rendered afresh until they are back");
    },
  });
  return async () => {
    disablePageCache();
    await stopListening();
  };
}

/** Starts keeping pages (again): the server now hears about every change. Anything kept before is dropped. */
export function enablePageCache() {
  clearPageCache();
  enabled = true;
}

/** Stops keeping pages: the server may miss changes (its database connection is lost, or it is stopping). */
export function disablePageCache() {
  enabled = false;
  clearPageCache();
}

/** Public content changed: every kept page may show the old version. */
export function clearPageCache() {
  entries.clear();
  rendering.clear();
  bytes = 0;
  generation++;
}

/** Whether this render is the page cache's to compress; any other is compressed as it is sent. */
export const takenByPageCache = (context: Readonly<RouterContextProvider>) => context.get(takenContext);

export const pageCacheRequests = () => ({ ...requests });
export const keptPageBytes = () => bytes;

/** The address (path and query) and the cookies: all that a public page varies by. */
function keyOf(method: string, url: URL, cookie: string | null | undefined): string | undefined {
  if (!enabled || method !== "GET") return undefined;
  return `${url.pathname}${url.search}\n${cookie ?? ""}`;
}

/** The page kept for `key`, fresh or stale. */
function lookup(key: string, now: number): Entry | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  entries.delete(key);
  if (entry.staleUntil <= now) {
    bytes -= entry.bytes;
    return undefined;
  }
  entries.set(key, entry); // most recently used last
  return entry;
}

function store(key: string, entry: Entry) {
  bytes += entry.bytes - (entries.get(key)?.bytes ?? 0);
  entries.delete(key); // most recently used last
  entries.set(key, entry);
  for (const [oldest, old] of entries) {
    if (bytes <= MAX_BYTES) break;
    entries.delete(oldest);
    bytes -= old.bytes;
  }
}

/** How long a shared cache may keep this response, if at all. */
function sharedMaxAge(response: Response): number | undefined {
  if (response.status !== 200 || !response.body || response.headers.has("set-cookie")) return undefined;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(private|no-store)\b/.test(cacheControl)) return undefined;
  const seconds = Number(/\bs-maxage=(\d+)/.exec(cacheControl)?.[1]);
  return seconds > 0 ? seconds : undefined;
}

/** The body cut at each occurrence of the nonce. */
function cutAt(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const marker = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(marker); at !== -1; at = body.indexOf(marker, start)) {
    pieces.push(body.subarray(start, at));
    start = at + marker.length;
  }
  pieces.push(body.subarray(start));
  return pieces;
}

function ageOf(entry: Entry, now: number): [string, string] {
  return ["age", String(Math.floor((now - entry.storedAt) / 1000))];
}

/** The kept page with `nonce` in it, gzipped when the client takes gzip; its Server-Timing and Age are the caller's. */
function answerFrom(entry: Entry, nonce: string, gzip: boolean): KeptPage {
  const joint = Buffer.from(nonce);
  const body = gzip ? splicedGzip(entry.gzip, joint) : joined(entry.pieces, joint);
  const headers: [string, string][] = [
    ...entry.headers.filter(([name]) => !["vary", "server-timing", "content-length", "age"].includes(name)),
    ["vary", "Cookie, Accept-Encoding"],
    ["content-length", String(body.length)],
  ];
  if (gzip) headers.push(["content-encoding", "gzip"]);
  return { status: entry.status, headers, body };
}

/**
 * For server.ts, ahead of React Router: the kept page for a GET of `url`
 * (path and query) with these cookies, carrying `nonce`, gzipped when the
 * client's Accept-Encoding takes gzip.
 */
export function keptPage(
  method: string,
  url: string,
  cookie: string | undefined,
  nonce: string,
  acceptEncoding: string | undefined,
): KeptPage | undefined {
  const key = keyOf(method, new URL(url, "http://localhost"), cookie);
  const now = Date.now();
  const entry = key === undefined ? undefined : lookup(key, now);
  if (!entry) return undefined;
  const stale = entry.expiresAt <= now;
  requests[stale ? "stale" : "hit"]++;
  const start = performance.now();
  const page = answerFrom(entry, nonce, takesGzip(acceptEncoding ?? null));
  // No database, loader or render: the kept page's nonce is spliced into its compressed bytes.
  const splice = (performance.now() - start).toFixed(2);
  page.headers.push(ageOf(entry, now), [
    "server-timing",
    `cache;desc="page cache ${stale ? "stale" : "hit"}", compression;desc="splice";dur=${splice}`,
  ]);
  // The first answer of a stale page asks for it again; the others wait for that.
  if (stale && !entry.refreshing) page.refresh = entry.refreshing = true;
  return page;
}

function replay(entry: Entry, request: Request, nonce: string) {
  requests.hit++;
  const page = answerFrom(entry, nonce, takesGzip(request.headers.get("accept-encoding")));
  const headers = new Headers([...page.headers, ageOf(entry, Date.now())]);
  headers.set("server-timing", 'cache;desc="page cache hit"');
  return new Response(page.body, { status: page.status, headers });
}

/**
 * The root route's first middleware: renders and keeps what may be kept.
 * Requests for a page being rendered wait for it; kept pages are normally
 * answered before React Router (keptPage).
 */
export const pageCache: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const key = keyOf(request.method, new URL(request.url), request.headers.get("cookie"));
  if (key === undefined) return next();
  context.set(takenContext, true);
  const nonce = context.get(cspNonceContext);
  const refresh = context.get(pageRefreshContext);
  if (!refresh) {
    // Looked up without waiting: a miss claims the render below before anything else runs.
    const underWay = rendering.get(key);
    const now = Date.now();
    const found = lookup(key, now);
    // A stale page is answered ahead of React Router only; a request that came this far renders.
    const kept = (found && found.expiresAt > now ? found : undefined) ?? (underWay && (await underWay));
    if (kept) return replay(kept, request, nonce);
  }

  const renderedIn = generation;
  let settle: (page: Entry | undefined) => void = () => {};
  const thisRender = new Promise<Entry | undefined>((resolve) => (settle = resolve));
  rendering.set(key, thisRender);
  let entry: Entry | undefined;
  try {
    const response = await next();
    const maxAge = sharedMaxAge(response);
    if (maxAge === undefined) return response;
    requests.miss++;
    const body = Buffer.from(await response.arrayBuffer());
    const pieces = cutAt(body, nonce);
    // Compressed once, off the main thread, for this answer and every later
    // one: the miss is sent from the kept page too, never compressed twice.
    const start = performance.now();
    let gzip: SplicedGzip;
    try {
      gzip = await compressPieces(pieces, Buffer.byteLength(nonce));
    } catch (error) {
      logger.warn({ err: error }, "a page could not be compressed to be kept");
      return new Response(body, { status: response.status, headers: response.headers });
    }
    const timings = requestTimings();
    if (timings) timings.compression = { coding: "gzip", ms: performance.now() - start };
    const storedAt = Date.now();
    entry = {
      status: response.status,
      headers: [...response.headers],
      pieces,
      gzip,
      bytes: body.length + gzip.compressed.reduce((sum, piece) => sum + piece.length, 0),
      storedAt,
      expiresAt: storedAt + maxAge * 1000,
      staleUntil: storedAt + 2 * maxAge * 1000,
      refreshing: false,
    };
    // Not kept if the content changed meanwhile: this answer is the render's own, and current when it began.
    if (enabled && generation === renderedIn) store(key, entry);
    const page = answerFrom(entry, nonce, takesGzip(request.headers.get("accept-encoding")));
    const headers = new Headers(page.headers);
    if (timings) headers.set("server-timing", timings.header());
    return new Response(page.body, { status: page.status, headers });
  } finally {
    settle(entry);
    if (rendering.get(key) === thisRender) rendering.delete(key);
    // A refresh that kept nothing (the page failed to render) leaves the next visitor to ask again.
    const old = entries.get(key);
    if (refresh && old && old !== entry) old.refreshing = false;
  }
};

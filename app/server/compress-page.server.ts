// A rendered page is compressed here, whole and off the main thread, rather
// than chunk by chunk on it as it streams out through Express's compression
// middleware (decision 0037): zlib's work moves to libuv's thread pool, which a
// 2-core server otherwise leaves idle, and the time it took can be told in the
// page's Server-Timing header, which streaming compression finishes too late for.
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Brotli at the quality the compression middleware uses for streams: much
// faster than its maximum, and still smaller than gzip.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

export type Coding = "br" | "gzip";

/** The codings an Accept-Encoding header takes (a q of 0 refuses one). */
function takenCodings(acceptEncoding: string | null): Set<string> {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(coding);
  }
  return accepted;
}

/** The coding to send for this Accept-Encoding: brotli, then gzip, or none. */
export function chooseCoding(acceptEncoding: string | null): Coding | undefined {
  const accepted = takenCodings(acceptEncoding);
  if (accepted.has("br")) return "br";
  return takesGzip(acceptEncoding) ? "gzip" : undefined;
}

/** Whether gzip may be sent (kept pages are kept gzipped: page-cache.server.ts). */
export function takesGzip(acceptEncoding: string | null): boolean {
  const accepted = takenCodings(acceptEncoding);
  return accepted.has("gzip") || accepted.has("*");
}

export function compress(body: Buffer, coding: Coding): Promise<Buffer> {
  return coding === "br" ? brotli(body, BROTLI_OPTIONS) : gzip(body);
}

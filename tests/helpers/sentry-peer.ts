// A local stand-in for Sentry's ingestion (decision 0080), shaped after its
// envelope protocol (https://develop.sentry.dev/sdk/data-model/envelopes/): the
// official SDKs post to /api/<project>/envelope/ a newline-delimited envelope,
// a header line, then each item's header line and payload (`length` bytes when
// the header says, else up to the next newline), gzipped by the Node SDK when
// large. Older clients post one event as JSON to /api/<project>/store/. It
// answers as Sentry does, with the event's id and CORS headers so that a page
// may post. GET /_peer/events lists the events received.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

type Json = Record<string, unknown>;

export interface Envelope {
  project: string;
  /** The public key the client sent, from the query string or X-Sentry-Auth. */
  key: string | undefined;
  headers: Json;
  items: { headers: Json; payload: Buffer }[];
}

/** An error event as received, with the project it was sent to. */
export type ReceivedEvent = Json & { project: string };

/** An envelope's items: each item's header line, then its payload. */
export function parseEnvelope(body: Buffer): Pick<Envelope, "headers" | "items"> {
  let at = 0;
  const line = () => {
    const end = body.indexOf(0x0a, at);
    const text = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return text;
  };
  const headers = JSON.parse(line().toString("utf8")) as Json;
  const items: Envelope["items"] = [];
  while (at < body.length) {
    const header = line().toString("utf8").trim();
    if (!header) continue;
    const itemHeaders = JSON.parse(header) as Json;
    let payload: Buffer;
    if (typeof itemHeaders.length === "number") {
      payload = body.subarray(at, at + itemHeaders.length);
      at += itemHeaders.length;
      if (body[at] === 0x0a) at += 1;
    } else {
      payload = line();
    }
    items.push({ headers: itemHeaders, payload });
  }
  return { headers, items };
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  return body;
}

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-sentry-error, x-sentry-rate-limits, retry-after",
};

export async function startSentryPeer(port = 0) {
  const envelopes: Envelope[] = [];
  const events: ReceivedEvent[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://peer");
    // A page's post is preflighted when the browser adds a header of its own (the tests' X-Forwarded-For).
    if (req.method === "OPTIONS") {
      return void res
        .writeHead(204, {
          ...CORS,
          "access-control-allow-methods": "POST",
          "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "content-type",
        })
        .end();
    }
    if (req.method === "GET" && url.pathname === "/_peer/events") {
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(events));
    }
    const route = /^\/api\/(\w+)\/(envelope|store)\/$/.exec(url.pathname);
    if (req.method !== "POST" || !route) return void res.writeHead(404, CORS).end();
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const project = route[1]!;
      const key =
        url.searchParams.get("sentry_key") ?? /sentry_key=(\w+)/.exec(String(req.headers["x-sentry-auth"] ?? ""))?.[1];
      let body: Buffer;
      let envelope: Envelope;
      try {
        body = decoded(Buffer.concat(chunks), req.headers["content-encoding"]);
        envelope =
          route[2] === "store"
            ? { project, key, headers: {}, items: [{ headers: { type: "event" }, payload: body }] }
            : { project, key, ...parseEnvelope(body) };
      } catch {
        return void res.writeHead(400, CORS).end();
      }
      envelopes.push(envelope);
      for (const item of envelope.items.filter((i) => i.headers.type === "event")) {
        events.push({ ...(JSON.parse(item.payload.toString("utf8")) as Json), project });
      }
      res
        .writeHead(200, { ...CORS, "content-type": "application/json" })
        .end(JSON.stringify({ id: envelope.headers.event_id ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    /** A DSN for project 1 with the public key "public", as Sentry's project settings show one. */
    dsn: `http://public@127.0.0.1:${actual}/1`,
    envelopes,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Live updates to members' open pages (decision 0032): Server-Sent Events,
// fed by PostgreSQL NOTIFY on LIVE_CHANNEL so that a change made on one
// server reaches a reader connected to another (on the embedded database the
// one backend notifies this process). Nothing here knows what changed: an
// event says "look again", and the page revalidates its data.
import { sql } from "drizzle-orm";
import type { Database } from "./db.server";

export const LIVE_CHANNEL = "hbs_live";
/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** Who is told: members by id, and every member of staff when `staff` is set. */
export interface LiveEvent {
  users: string[];
  staff?: boolean;
}

interface Listener {
  userId: string;
  isStaff: boolean;
  network: string;
  send(chunk: string): void;
  close(): void;
}

const listeners = new Set<Listener>();
/** Set while the server stops: a page reconnecting now is told to come back, to another server. */
let closing = false;

/**
 * Tells the members' open pages, once the transaction commits (NOTIFY is
 * transactional): on every server, through the database.
 */
export async function notifyLive(tx: Pick<Database, "execute">, event: LiveEvent) {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A notification from the database, as every server receives it. */
export function deliverLive(payload: string | undefined) {
  let event: LiveEvent;
  try {
    event = JSON.parse(payload ?? "") as LiveEvent;
  } catch {
    return;
  }
  for (const listener of listeners) {
    if (event.users?.includes(listener.userId) || (event.staff && listener.isStaff))
      listener.send("event: change\ndata: {}\n\n");
  }
}

const encoder = new TextEncoder();

const streamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: the compression middleware leaves it alone, so each event goes at once.
  "cache-control": "private, no-store, no-transform",
  // nginx passes it on unbuffered (deploy/nginx.conf).
  "x-accel-buffering": "no",
  // Its connection ends with it: a stopping server must not see the browser's reconnection
  // arrive on the same kept-alive connection, which would hold the stop up.
  connection: "close",
};

/**
 * How many streams one server holds open at once for a member (a page each: a
 * dozen tabs is plenty) and for a network (an office or a household). Each
 * stream holds a connection and a listener, so without a bound one member could
 * hold the server's connections open (once 400 streams).
 */
export const LIVE_STREAM_LIMITS = { member: 12, network: 60 };

/** The event stream of one member's page; it ends when the page goes, or the server stops. */
export function liveStream(member: { id: string; isStaff: boolean }, network: string, signal: AbortSignal): Response {
  // A stream that ends at once: the browser reconnects in a second, by then to a server that is up.
  if (closing) return new Response("retry: 1000\n\n", { headers: streamHeaders });
  let ofMember = 0;
  let ofNetwork = 0;
  for (const open of listeners) {
    if (open.userId === member.id) ofMember++;
    if (open.network === network) ofNetwork++;
  }
  if (ofMember >= LIVE_STREAM_LIMITS.member || ofNetwork >= LIVE_STREAM_LIMITS.network) {
    // EventSource gives up on a 429 rather than reconnecting: the page still works, without live updates.
    return new Response("Too many live connections. Close some of your pages and try again.", {
      status: 429,
      headers: { "retry-after": "60", "cache-control": "private, no-store" },
    });
  }
  let listener: Listener | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const stop = () => {
    clearInterval(heartbeat);
    if (listener) listeners.delete(listener);
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      listener = {
        userId: member.id,
        isStaff: member.isStaff,
        network,
        send: (chunk) => controller.enqueue(encoder.encode(chunk)),
        close: () => {
          stop();
          controller.close();
        },
      };
      listeners.add(listener);
      // Reconnect after 3 s when the stream breaks (a restart, a deploy).
      controller.enqueue(encoder.encode("retry: 3000\n\n"));
      heartbeat = setInterval(() => controller.enqueue(encoder.encode(": still here\n\n")), HEARTBEAT_MS);
      signal.addEventListener("abort", () => listener?.close(), { once: true });
    },
    cancel: stop,
  });
  return new Response(body, { headers: streamHeaders });
}

/**
 * Ends every open stream, and answers any new one with "come back in a
 * second", so that a stopping server is not held up; browsers reconnect elsewhere.
 */
export function closeLiveStreams() {
  closing = true;
  for (const listener of [...listeners]) listener.close();
}

/** Streams are served again (a server started after a stop in the same process, as tests do). */
export function openLiveStreams() {
  closing = false;
}

/** How many pages are listening here (for tests and the logs). */
export const liveListenerCount = () => listeners.size;

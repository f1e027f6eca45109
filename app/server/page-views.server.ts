// Page views counted on the server (decision 0024): no cookie, no script, and
// kept pages (decision 0016) counted too, since server.ts reports every answer
// here. A visitor is a keyed hash of their address and browser, with a key
// that changes every UK day: the same visitor hashes the same on every server
// that day (one secret), cannot be followed from one day to the next, and the
// address itself is never kept. Views wait in memory and are written a batch
// at a time, so no request waits for the database.
import crypto from "node:crypto";
import { isbot } from "isbot";
import { londonDay } from "~/lib/dates";
import { sessionSecret } from "./secret.server";

/** What pages are counted: listings' (decision 0024) and directory businesses' (decision 0036). */
export type ViewKind = "listing" | "business";

/** One view: of what (a listing's slug, say), on which UK day, by which visitor (hashed). */
export interface View {
  kind: ViewKind;
  subject: string;
  day: string;
  visitor: string;
}

/** Writes a batch of views; each visitor must count at most once per subject and day. */
export type ViewSink = (views: View[]) => Promise<void>;

/** A flood of views (an attack, a database down for long) is not held without end. */
const MAX_PENDING = 100_000;

let dayKey: { secret: string; day: string; key: Buffer } | undefined;

/**
 * The visitor's hash for `day`: an HMAC of the address and the user agent
 * under a key derived from the server's secret and the day. Without the
 * secret it cannot be reversed by trying every address; with a new key each
 * day it cannot link a visitor's days.
 */
export function visitorHash(secret: string, day: string, address: string, userAgent: string): string {
  if (dayKey?.secret !== secret || dayKey.day !== day) {
    dayKey = { secret, day, key: crypto.createHmac("sha256", secret).update(`hbs page views\n${day}`).digest() };
  }
  // 128 bits: collisions between two visitors of one listing on one day are out of reach.
  return crypto.createHmac("sha256", dayKey.key).update(`${address}\n${userAgent}`).digest("base64url").slice(0, 22);
}

/** Crawlers, monitors, link previews and clients that do not say what they are do not count. */
export function countsAsVisitor(userAgent: string | undefined): userAgent is string {
  return !!userAgent && !isbot(userAgent);
}

export interface ViewCounterOptions {
  secret: () => string;
  now?: () => Date;
}

export class ViewCounter {
  /** Keyed by subject, day and visitor: a visitor seen twice before a flush is one row. */
  private pending = new Map<string, View>();
  private flushing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private sink: ViewSink | undefined;

  constructor(private readonly options: ViewCounterOptions) {}

  /** Notes a view of `subject`, unless it is a bot's. Never touches the database. */
  count(subject: string, address: string, userAgent: string | undefined, kind: ViewKind = "listing"): boolean {
    if (!countsAsVisitor(userAgent) || this.pending.size >= MAX_PENDING) return false;
    const day = londonDay(this.options.now?.() ?? new Date());
    const visitor = visitorHash(this.options.secret(), day, address, userAgent);
    this.pending.set(`${kind}\n${subject}\n${day}\n${visitor}`, { kind, subject, day, visitor });
    return true;
  }

  /** Views noted and not yet written. */
  get size(): number {
    return this.pending.size;
  }

  /** Writes what is pending to `sink` every `everyMs`. */
  start(sink: ViewSink, everyMs: number, onError: (error: unknown) => void) {
    this.sink = sink;
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.flush().catch(onError), everyMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left: called before the database closes. */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    this.sink = undefined;
  }

  /** Writes what is pending now; a failed batch is kept for the next attempt. */
  async flush(): Promise<void> {
    // One batch at a time: a slow database does not pile up writes.
    while (this.flushing) await this.flushing;
    const sink = this.sink;
    if (!sink || this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.flushing = sink([...batch.values()])
      .catch((error: unknown) => {
        for (const [key, view] of batch) {
          if (this.pending.size >= MAX_PENDING) break;
          if (!this.pending.has(key)) this.pending.set(key, view);
        }
        throw error;
      })
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }
}

/** This server's views, written every few seconds while the app runs (lifecycle.server.ts). */
export const pageViews = new ViewCounter({ secret: sessionSecret });

/** How often pending views are written. */
export const VIEW_FLUSH_MS = 5_000;

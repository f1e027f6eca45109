// Where a request's time went, in its Server-Timing header (decision 0037):
// the browser's devtools show it beside the request, in production too, as the
// Epic Stack does. server.ts runs each request inside `timeRequest`; the
// database drivers (db.server.ts), the loader instrumentation and the renderer
// (entry.server.tsx) add to the request's own figures through
// AsyncLocalStorage, so no function has to pass them along.
import { AsyncLocalStorage } from "node:async_hooks";
import { performance } from "node:perf_hooks";

export class RequestTimings {
  /** Time spent in the database, summed (queries run side by side add up). */
  database = 0;
  /** From the first loader or action starting to the last one ending. */
  private handlersFrom = Infinity;
  private handlersTo = -Infinity;
  render?: number;
  compression?: { coding: string; ms: number };
  /** The deepest route pattern that answered, e.g. "/buy/:slug": the label of the request's metrics. */
  route?: string;

  addQuery(ms: number) {
    this.database += ms;
  }

  addHandler(pattern: string, from: number, to: number) {
    this.handlersFrom = Math.min(this.handlersFrom, from);
    this.handlersTo = Math.max(this.handlersTo, to);
    // React Router's patterns have no leading slash; the root route's is empty.
    const route = `/${pattern.replace(/^\//, "")}`;
    if (!this.route || route.length > this.route.length) this.route = route;
  }

  /** The header's value: only what this request did. */
  header(): string {
    const metrics = [`db;desc="database";dur=${round(this.database)}`];
    if (this.handlersTo >= this.handlersFrom) metrics.push(`loaders;dur=${round(this.handlersTo - this.handlersFrom)}`);
    if (this.render !== undefined) metrics.push(`render;dur=${round(this.render)}`);
    if (this.compression) {
      metrics.push(`compression;desc="${this.compression.coding}";dur=${round(this.compression.ms)}`);
    }
    return metrics.join(", ");
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;

const store = new AsyncLocalStorage<RequestTimings>();

/** Runs `handle` (a request's handling, to its end) with its own timings. */
export function timeRequest<T>(timings: RequestTimings, handle: () => T): T {
  return store.run(timings, handle);
}

/** The timings of the request being handled; undefined outside a request (jobs, tests, scripts). */
export const requestTimings = () => store.getStore();

/** Times a database call for the request it belongs to, whether it returns a promise or calls back. */
export function timedQuery<T>(call: () => T): T {
  const timings = store.getStore();
  if (!timings) return call();
  const start = performance.now();
  const result = call();
  if (result instanceof Promise) {
    return result.finally(() => timings.addQuery(performance.now() - start)) as T;
  }
  timings.addQuery(performance.now() - start);
  return result;
}

// At most a few requests are worked on at once; the others wait their turn,
// first come, first served (decision 0017).
//
// One Node.js thread serves every request, and a request that needs the
// database goes back to the end of its queue after each query. Under a burst,
// a sign-in (six queries and a password hash) would wait behind every request
// that arrived meanwhile, once per query, and take many times longer than a
// page. With few requests under way, each step waits behind few others: the
// time a request waits to start is shared fairly, and requests with many
// steps no longer pay for the crowd at each one. The total work is the same.
import os from "node:os";
import type { IncomingMessage, ServerResponse } from "node:http";

/** Enough to keep the processor busy while some requests wait for the database. */
export const DEFAULT_ADMISSION_LIMIT = 2 * os.availableParallelism();

interface Waiting {
  gone: boolean;
  start(): void;
}

/**
 * `passes`: requests that never wait — a health check must answer even when
 * the server is busy.
 */
export function admission({
  limit = DEFAULT_ADMISSION_LIMIT,
  passes = () => false,
}: { limit?: number; passes?: (req: IncomingMessage) => boolean } = {}) {
  let working = 0;
  const queue: Waiting[] = [];
  /** Work no visitor waits for (a kept page rendered again): one task at a time, when no request waits. */
  const forLater: (() => Promise<unknown>)[] = [];
  let doingLater = false;

  const startNext = () => {
    while (working < limit && queue.length) {
      const waiting = queue.shift()!;
      if (!waiting.gone) waiting.start();
    }
    if (working < limit && !queue.length && !doingLater && forLater.length) {
      const task = forLater.shift()!;
      working++;
      doingLater = true;
      void task()
        .catch(() => {}) // the task reports its own failures; its place is freed all the same
        .finally(() => {
          working--;
          doingLater = false;
          startNext();
        });
    }
  };

  const admit = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    // An upload takes as long as the sender's connection: it must not hold a
    // place that others wait for. Uploads are few, and limited in size.
    if (req.headers["content-type"]?.startsWith("multipart/form-data") || passes(req)) return next();
    const start = () => {
      working++;
      // "close" follows the response, or a connection lost: either way the place is free.
      res.once("close", () => {
        working--;
        startNext();
      });
      next();
    };
    if (working < limit) return start();
    const waiting: Waiting = { gone: false, start };
    // A visitor who gives up waiting is not served later.
    res.once("close", () => (waiting.gone = true));
    queue.push(waiting);
  };

  /** Queues `task` behind every request, present and to come, that waits when it would start. */
  const later = (task: () => Promise<unknown>) => {
    forLater.push(task);
    startNext();
  };
  return Object.assign(admit, { later });
}

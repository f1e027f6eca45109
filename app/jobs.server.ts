// Every periodic job, run once per period across all servers by the
// scheduler (app/server/scheduler.server.ts, decision 0020). An operator may
// run a job more or less often with JOB_INTERVALS.
import { expireSubscriptions, SUBSCRIPTION_EXPIRY_ACTOR } from "~/features/admin/subscriptions.server";
import { runAlerts } from "~/features/alerts/alerts.server";
import { importLinkedAuthorities } from "~/features/directory/fsa-import.server";
import { compactDirectoryCounts } from "~/features/directory/counts.server";
import { refreshEvidenceLevelsOn } from "~/features/directory/confirmations.server";
import { pruneListingViewVisitors } from "~/features/marketplace/listing-views.server";
import { syncPromotions } from "~/features/payments/promotions.server";
import { retryStoredEvents } from "~/features/payments/webhooks.server";
import { runListingLifecycle } from "~/features/selling/lifecycle.server";
import { db } from "~/server/db.server";
import { env, type Env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { pruneRateLimits } from "~/server/rate-limit.server";
import { londonDaily, londonWeekly, pruneScheduledRuns, type ScheduledJob } from "~/server/scheduler.server";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Counters older than a day are of no use to any rule. */
const RATE_LIMIT_RETENTION_MS = 24 * HOUR;

const FSA_JOB = "fsa.import";

/**
 * Food hygiene ratings (decision 0029): the FSA's files for the authorities our linked
 * businesses are in, after the FSA's overnight update. Only with FSA_IMPORT on.
 */
const fsaImport = (baseUrl: string): ScheduledJob => ({
  name: FSA_JOB,
  periodStart: londonDaily(4),
  run: () => importLinkedAuthorities(db(), baseUrl),
});

const defaults: ScheduledJob[] = [
  {
    name: "subscriptions.expire",
    everyMs: HOUR,
    async run(now) {
      const expired = await expireSubscriptions(now);
      // Paid promotion ends with its period, whether or not Stripe has said anything (decision 0026).
      await db().transaction((tx) => syncPromotions(tx, now, SUBSCRIPTION_EXPIRY_ACTOR));
      return { expired };
    },
  },
  {
    // Stripe events whose handling failed, tried again from what was stored (decision 0026).
    name: "payments.events",
    everyMs: 5 * 60 * 1000,
    run: async (now) => ({ applied: await retryStoredEvents(now) }),
  },
  {
    // "Is your listing still available?" at 60 days, expiry at 90 (decision 0030).
    name: "listings.lifecycle",
    everyMs: HOUR,
    async run(now) {
      const done = await runListingLifecycle(db(), now);
      if (done.asked || done.expired) wakeOutbox();
      return done;
    },
  },
  // Saved searches' alerts (decision 0031): instant ones every 5 minutes rather than on publish, so
  // that publishing stays fast and each alert is claimed once; digests at 07:00 UK time, weekly on Mondays.
  ...(["instant", "daily", "weekly"] as const).map((frequency): ScheduledJob => ({
    name: `alerts.${frequency}`,
    ...(frequency === "instant"
      ? { everyMs: 5 * MINUTE }
      : { periodStart: frequency === "daily" ? londonDaily(7) : londonWeekly(1, 7) }),
    async run(now) {
      const queued = await runAlerts(db(), frequency, now);
      if (queued) wakeOutbox();
      return { queued };
    },
  })),
  {
    // Halal evidence levels the new day changes (decision 0091): certificates
    // expired, checks and diners' confirmations grown too old.
    name: "directory.evidence",
    periodStart: londonDaily(0),
    run: async (now) => ({ changed: await refreshEvidenceLevelsOn(db(), now) }),
  },
  {
    name: "housekeeping",
    everyMs: HOUR,
    async run(now) {
      await pruneRateLimits(db(), RATE_LIMIT_RETENTION_MS, now);
      await pruneScheduledRuns(db(), now);
      // Visitors' daily hashes are needed only for their day (decision 0024).
      await pruneListingViewVisitors(db(), now);
      // The counts of businesses published and open now sum these rows (decisions 0053, 0058).
      await compactDirectoryCounts(db());
    },
  },
];

export class UnknownJobError extends Error {}

/**
 * The jobs, with the intervals JOB_INTERVALS gives; a name that is no job stops the start.
 * The FSA import is one only when FSA_IMPORT is on.
 */
export function scheduledJobs(
  intervals = env().JOB_INTERVALS,
  config: Pick<Env, "FSA_IMPORT" | "FSA_OPEN_DATA_URL"> = env(),
): ScheduledJob[] {
  const names = [...defaults.map((job) => job.name), FSA_JOB];
  const unknown = Object.keys(intervals).filter((name) => !names.includes(name));
  if (unknown.length) {
    throw new UnknownJobError(`JOB_INTERVALS names no such job: ${unknown.join(", ")} (jobs: ${names.join(", ")})`);
  }
  const jobs = config.FSA_IMPORT ? [...defaults, fsaImport(config.FSA_OPEN_DATA_URL)] : defaults;
  // A fixed interval given for a job at a local hour replaces that hour: tests run digests every few seconds.
  return jobs.map((job): ScheduledJob => {
    const everyMs = intervals[job.name];
    return everyMs === undefined ? job : { name: job.name, run: job.run, everyMs };
  });
}

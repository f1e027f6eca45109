import { describe, expect, it } from "vitest";
import { scheduledJobs, UnknownJobError } from "./jobs.server";
import { EnvError, parseEnv } from "./server/env.server";

describe("JOB_INTERVALS", () => {
  it("reads job=duration pairs in seconds, minutes, hours and days", () => {
    expect(parseEnv({ JOB_INTERVALS: "subscriptions.expire=5m, housekeeping=2h" }).JOB_INTERVALS).toEqual({
      "subscriptions.expire": 300_000,
      housekeeping: 7_200_000,
    });
    expect(parseEnv({ JOB_INTERVALS: "housekeeping=1d,subscriptions.expire=2s" }).JOB_INTERVALS).toEqual({
      housekeeping: 86_400_000,
      "subscriptions.expire": 2_000,
    });
    expect(parseEnv({}).JOB_INTERVALS).toEqual({});
  });

  it("refuses what is not a positive duration, naming the variable", () => {
    for (const value of ["housekeeping", "housekeeping=0s", "housekeeping=5 weeks", "=5m"]) {
      expect(() => parseEnv({ JOB_INTERVALS: value })).toThrow(EnvError);
      expect(() => parseEnv({ JOB_INTERVALS: value })).toThrow(/JOB_INTERVALS/);
    }
  });

  it("changes how often the named jobs run and leaves the others at their default", () => {
    const jobs = scheduledJobs({ "subscriptions.expire": 300_000 });
    expect(Object.fromEntries(jobs.map((j) => [j.name, j.everyMs]))).toEqual({
      "subscriptions.expire": 300_000,
      "listings.lifecycle": 3_600_000,
      "payments.events": 300_000,
      "alerts.instant": 300_000,
      "alerts.daily": undefined,
      "alerts.weekly": undefined,
      "directory.evidence": undefined,
      housekeeping: 3_600_000,
    });
  });

  it("runs the daily and weekly alerts at 07:00 London, unless an interval replaces the hour", () => {
    const daily = scheduledJobs({}).find((job) => job.name === "alerts.daily")!;
    expect(daily.periodStart?.(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-15T06:00:00.000Z");
    const weekly = scheduledJobs({}).find((job) => job.name === "alerts.weekly")!;
    // Wednesday 18 November 2026: the week began on Monday the 16th at 07:00 GMT.
    expect(weekly.periodStart?.(new Date("2026-11-18T12:00:00Z")).toISOString()).toBe("2026-11-16T07:00:00.000Z");
    const fast = scheduledJobs({ "alerts.daily": 2_000 }).find((job) => job.name === "alerts.daily")!;
    expect(fast.everyMs).toBe(2_000);
    expect(fast.periodStart).toBeUndefined();
  });

  it("stops the start when it names no such job", () => {
    expect(() => scheduledJobs({ "subscription.expire": 60_000 })).toThrow(UnknownJobError);
    expect(() => scheduledJobs({ "subscription.expire": 60_000 })).toThrow(/subscription\.expire/);
  });
});

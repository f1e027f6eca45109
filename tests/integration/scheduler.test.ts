// The scheduler with two "servers" (two schedulers) on one database: each
// period's run happens once, a failed run is retried by whoever comes next,
// a run whose server stopped answering is taken over, and a long run keeps
// its lease. On PostgreSQL in CI the two claim concurrently through a pool.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { scheduledRun } from "../../app/server/schema";
import {
  MAX_ATTEMPTS,
  pruneScheduledRuns,
  RUN_RETENTION_MS,
  startScheduler,
  type ScheduledJob,
  type Scheduler,
} from "../../app/server/scheduler.server";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let running: Scheduler[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await Promise.all(running.map((s) => s.stop()));
  running = [];
  await database.db.delete(scheduledRun);
});

const MINUTE = 60_000;
const start = new Date("2026-11-23T10:00:00Z");

/** Two servers sharing one clock that the test moves. */
function twoServers(job: ScheduledJob, leaseMs = 30_000) {
  const clock = { now: new Date(start) };
  const servers = ["server-a", "server-b"].map((owner) =>
    startScheduler(database.db, [job], { owner, leaseMs, clock: () => clock.now, ticking: false }),
  );
  running.push(...servers);
  return { clock, servers, tickBoth: () => Promise.all(servers.map((s) => s.tick())) };
}

const runsOf = (job: string) =>
  database.db.select().from(scheduledRun).where(eq(scheduledRun.job, job)).orderBy(scheduledRun.periodStart);

describe("the scheduler", () => {
  it("runs each period once with two servers asking at the same moment", async () => {
    const ran: string[] = [];
    const job = { name: "count", everyMs: MINUTE, run: async (now: Date) => void ran.push(now.toISOString()) };
    const { clock, tickBoth } = twoServers(job);
    for (let period = 0; period < 5; period++) {
      clock.now = new Date(start.getTime() + period * MINUTE + 1_000);
      await tickBoth();
      await tickBoth(); // asking again in the same period changes nothing
    }
    expect(ran).toHaveLength(5);
    const runs = await runsOf("count");
    expect(runs.map((r) => r.periodStart.getTime() - start.getTime())).toEqual([0, 1, 2, 3, 4].map((p) => p * MINUTE));
    expect(runs.every((r) => r.status === "done" && r.attempts === 1 && r.finishedAt)).toBe(true);
  });

  it("retries a failed run after a pause, on whichever server asks next", async () => {
    let calls = 0;
    const job = {
      name: "flaky",
      everyMs: MINUTE,
      async run() {
        if (++calls === 1) throw new Error("the mail server is away");
      },
    };
    const { clock, servers } = twoServers(job);
    clock.now = new Date(start.getTime() + 1_000);
    await servers[0]!.tick();
    let [row] = await runsOf("flaky");
    expect(row).toMatchObject({ status: "retrying", attempts: 1, lastError: "the mail server is away" });
    // Not before the pause has passed…
    await servers[1]!.tick();
    expect(calls).toBe(1);
    // …then by the other server.
    clock.now = new Date(start.getTime() + 7_000);
    await servers[1]!.tick();
    [row] = await runsOf("flaky");
    expect(calls).toBe(2);
    expect(row).toMatchObject({ status: "done", attempts: 2, owner: "server-b", lastError: null });
  });

  it(`gives up on a period after ${MAX_ATTEMPTS} failures and runs the next period afresh`, async () => {
    let calls = 0;
    const job = {
      name: "broken",
      everyMs: 10 * MINUTE,
      async run() {
        calls++;
        throw new Error("still broken");
      },
    };
    const { clock, tickBoth } = twoServers(job);
    for (let second = 1; second < 9 * 60; second += 30) {
      clock.now = new Date(start.getTime() + second * 1_000);
      await tickBoth();
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    expect((await runsOf("broken"))[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    clock.now = new Date(start.getTime() + 10 * MINUTE + 1_000);
    await tickBoth();
    expect(calls).toBe(MAX_ATTEMPTS + 1);
  });

  it("takes over a run whose server stopped renewing its lease, and the late server cannot overwrite it", async () => {
    let release!: () => void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const job = {
      name: "takeover",
      everyMs: 10 * MINUTE,
      run: () => (++calls === 1 ? hung : Promise.resolve()),
    };
    const { clock, servers } = twoServers(job, 30_000);
    clock.now = new Date(start.getTime() + 1_000);
    const first = servers[0]!.tick(); // claims, then hangs as if the process froze
    await expect.poll(async () => (await runsOf("takeover"))[0]?.owner).toBe("server-a");
    // Within the lease the other server leaves it alone.
    clock.now = new Date(start.getTime() + 20_000);
    await servers[1]!.tick();
    expect(calls).toBe(1);
    // After it, the other server takes the run over.
    clock.now = new Date(start.getTime() + 40_000);
    await servers[1]!.tick();
    expect(calls).toBe(2);
    expect((await runsOf("takeover"))[0]).toMatchObject({ status: "done", owner: "server-b", attempts: 2 });
    // The frozen server finishing late changes nothing.
    release();
    await first;
    expect((await runsOf("takeover"))[0]).toMatchObject({ status: "done", owner: "server-b", attempts: 2 });
  });

  it("renews the lease of a long run so that nobody takes it over", async () => {
    let calls = 0;
    let finish = () => {};
    const job = {
      name: "long",
      everyMs: 10 * MINUTE,
      run: () => {
        calls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    // The renewals come every third of the lease (here 300 ms of real time) and reach as far as the
    // servers' clock says; the clock moves only when the test says, so a renewal late on a busy
    // machine changes nothing but when the test goes on.
    const leaseMs = 900;
    const { clock, servers } = twoServers(job, leaseMs);
    clock.now = new Date(start.getTime() + 1_000);
    const first = servers[0]!.tick();
    await expect.poll(() => calls).toBe(1);
    for (let step = 1; step <= 3; step++) {
      clock.now = new Date(start.getTime() + 1_000 + step * leaseMs);
      // Renewed from the new time: the lease claimed before it has passed, the renewed one has not.
      const renewedUntil = clock.now.getTime() + leaseMs;
      await expect
        .poll(async () => (await runsOf("long"))[0]?.leaseUntil?.getTime(), { timeout: 10_000 })
        .toBe(renewedUntil);
      clock.now = new Date(renewedUntil - 1);
      await servers[1]!.tick();
    }
    finish();
    await first;
    expect(calls).toBe(1);
    const [row] = await runsOf("long");
    expect(row).toMatchObject({ status: "done", owner: "server-a", attempts: 1 });
  });

  it("forgets runs older than its retention", async () => {
    const old = new Date(start.getTime() - RUN_RETENTION_MS - MINUTE);
    const recent = new Date(start.getTime() - MINUTE);
    for (const periodStart of [old, recent]) {
      await database.db.insert(scheduledRun).values({
        job: "history",
        periodStart,
        status: "done",
        owner: "server-a",
        leaseUntil: periodStart,
        startedAt: periodStart,
      });
    }
    await pruneScheduledRuns(database.db, start);
    const kept = await database.db
      .select({ periodStart: scheduledRun.periodStart })
      .from(scheduledRun)
      .where(and(eq(scheduledRun.job, "history")));
    expect(kept).toEqual([{ periodStart: recent }]);
  });
});

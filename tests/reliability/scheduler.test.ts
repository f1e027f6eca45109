// Scheduled work on two servers sharing one PostgreSQL: each period's run of
// a job happens once, and a run whose server is killed mid-run is taken over
// by the other (decision 0020). The subscription expiry runs every 10 s here
// (JOB_INTERVALS) instead of hourly, with a 2 s lease.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase } from "../helpers/throwaway-database";
import { sharedSecret, startCluster, type Cluster } from "./harness";

const JOB = "subscriptions.expire";
const PERIOD_MS = 10_000;

let cluster: Cluster;
let client: pg.Client;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  const { url } = await createThrowawayDatabase(cluster.url, "scheduler");
  const env = {
    DATABASE_URL: url,
    BETTER_AUTH_SECRET: sharedSecret(),
    JOB_INTERVALS: `${JOB}=${PERIOD_MS / 1000}s`,
    SCHEDULER_LEASE_SECONDS: "2",
  };
  servers = await Promise.all([startProductionServer(env), startProductionServer(env)]);
  client = new pg.Client({ connectionString: url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await Promise.all(servers.map((s) => s.stop()));
  cluster?.destroy();
});

interface Run {
  period_start: Date;
  status: string;
  owner: string;
  attempts: number;
}

async function runs(): Promise<Run[]> {
  const { rows } = await client.query<Run>(
    "select period_start, status, owner, attempts from scheduled_run where job = $1 order by period_start",
    [JOB],
  );
  return rows;
}

const pidOf = (owner: string) => Number(owner.split(":").at(-2));

describe("scheduled work on two servers", () => {
  it("runs each period once", async () => {
    await expect
      .poll(async () => (await runs()).filter((r) => r.status === "done").length, { timeout: 50_000, interval: 500 })
      .toBeGreaterThanOrEqual(3);
    const done = (await runs()).filter((r) => r.status === "done");
    // One row per period, every period since the first, each claimed once.
    const periods = done.map((r) => r.period_start.getTime());
    expect(periods).toEqual(periods.map((_, i) => periods[0]! + i * PERIOD_MS));
    expect(done.map((r) => r.attempts)).toEqual(done.map(() => 1));
    const pids = servers.map((s) => s.process.pid);
    expect(done.every((r) => pids.includes(pidOf(r.owner)))).toBe(true);
  });

  it("hands a run to the other server when the one running it is killed", async () => {
    // Hold the subscriptions table so that the next run cannot finish.
    await client.query("begin");
    await client.query("lock table subscription in access exclusive mode");
    const before = (await runs()).length;
    let stuck: Run | undefined;
    await expect
      .poll(
        async () => {
          stuck = (await runs()).slice(before).find((r) => r.status === "running");
          return stuck;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeDefined();
    const victim = servers.find((s) => s.process.pid === pidOf(stuck!.owner))!;
    const survivor = servers.find((s) => s !== victim)!;
    await victim.stop("SIGKILL");
    await client.query("rollback");
    // After the 2 s lease, the survivor claims that same period and finishes it.
    await expect
      .poll(async () => (await runs()).find((r) => r.period_start.getTime() === stuck!.period_start.getTime()), {
        timeout: 15_000,
        interval: 250,
      })
      .toMatchObject({ status: "done", attempts: 2 });
    const taken = (await runs()).find((r) => r.period_start.getTime() === stuck!.period_start.getTime())!;
    expect(pidOf(taken.owner)).toBe(survivor.process.pid);
  });
});

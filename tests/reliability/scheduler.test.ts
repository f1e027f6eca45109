// Scheduled work on two servers sharing one PostgreSQL: each period's run of
// a job happens once, and a run whose server is killed mid-run is taken over
// by the other (decision 0020). The subscription expiry runs every 10 s here
// (JOB_INTERVALS) instead of hourly, with a 2 s lease; the listings' 60/90-day
// lifecycle (decision 0030) every 2 s, on listings dated back instead of a
// moved clock; saved searches' instant alerts (decision 0031) every 2 s.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase } from "../helpers/throwaway-database";
import { sharedSecret, startCluster, type Cluster } from "./harness";

const JOB = "subscriptions.expire";
const LIFECYCLE = "listings.lifecycle";
const ALERTS = "alerts.instant";
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
    JOB_INTERVALS: `${JOB}=${PERIOD_MS / 1000}s,${LIFECYCLE}=2s,${ALERTS}=2s`,
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

  it("asks each seller once and expires each listing once, and a link works once on either server", async () => {
    // Twelve listings unconfirmed for 61 days (due the question), twelve asked 31 days ago and unconfirmed for 91 (due to expire).
    await client.query(`insert into "user" (id, email, email_verified)
      select 'lifecycle-' || n, 'lifecycle-' || n || '@example.com', true from generate_series(1, 24) n`);
    await client.query(`insert into business_listing
        (slug, title, category, town, asking_price_pence, description, status, seller_id, published_at, reminded_at)
      select 'lifecycle-' || n, 'Lifecycle ' || n, 'food', 'Leeds', 5000000, 'A business.', 'published', 'lifecycle-' || n,
        now() - (case when n <= 12 then interval '61 days' else interval '91 days' end),
        case when n <= 12 then null else now() - interval '31 days' end
      from generate_series(1, 24) n`);
    const mails = async (subject: string) =>
      (
        await client.query<{ to: string; text: string }>(
          "select payload->>'to' as to, payload->>'text' as text from outbox where payload->>'subject' like $1",
          [`${subject}%`],
        )
      ).rows;
    await expect
      .poll(async () => [(await mails("Is your listing")).length, (await mails("Your listing has expired")).length], {
        timeout: 30_000,
        interval: 500,
      })
      .toEqual([12, 12]);
    // Several more periods on both servers change nothing.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const asked = await mails("Is your listing");
    const expired = await mails("Your listing has expired");
    expect(new Set(asked.map((m) => m.to)).size).toBe(12);
    expect(new Set(expired.map((m) => m.to)).size).toBe(12);
    expect(expired.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `lifecycle-${i + 13}@example.com`).sort(),
    );
    const { rows: statuses } = await client.query(
      "select status, count(*)::int as n from business_listing where slug like 'lifecycle-%' group by status order by status",
    );
    expect(statuses).toEqual([
      { status: "published", n: 12 },
      { status: "expired", n: 12 },
    ]);
    const { rows: lifecycleRuns } = await client.query(
      "select attempts from scheduled_run where job = $1 and status = 'done'",
      [LIFECYCLE],
    );
    expect(lifecycleRuns.length).toBeGreaterThanOrEqual(3);
    expect(lifecycleRuns.every((r) => r.attempts === 1)).toBe(true);

    // The e-mailed link: opened on one server, answered on the other, refused the second time.
    const [a, b] = servers;
    const token = /\/listing-check\/([\w-]+)\?answer=confirm/.exec(asked[0]!.text)![1]!;
    expect((await fetch(`${a!.url}/listing-check/${token}?answer=confirm`)).status).toBe(200);
    const post = (server: ServerProcess) =>
      fetch(`${server.url}/listing-check/${token}`, {
        method: "POST",
        body: new URLSearchParams({ answer: "confirm" }),
      });
    const first = await post(b!);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Thank you: your listing stays on the market");
    const again = await post(a!);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This link has already been used");
  });

  it("queues each saved search's alert once, never one listing twice, and unsubscribes in one click", async () => {
    const alerts = async () =>
      (
        await client.query<{ to: string; text: string; unsubscribe: string }>(
          `select payload->>'to' as to, payload->>'text' as text, payload->'headers'->>'List-Unsubscribe' as unsubscribe
           from outbox where payload->>'to' like 'alerts-%' order by id`,
        )
      ).rows;
    await client.query(`insert into "user" (id, email, email_verified)
      select 'alerts-' || n, 'alerts-' || n || '@example.com', true from generate_series(1, 10) n`);
    await client.query(`insert into saved_search (user_id, name, query, frequency)
      select 'alerts-' || n, 'Reliaby ' || n, 'location=Reliaby', 'instant' from generate_series(1, 10) n`);
    const publish = (from: number) =>
      client.query(`insert into business_listing (slug, title, category, town, asking_price_pence, description, status, published_at)
        select 'reliaby-' || n, 'Reliaby Cafe ' || n, 'food', 'Reliaby', 5000000, 'A cafe.', 'published', now()
        from generate_series(${from}, ${from + 2}) n`);
    await publish(1);
    await expect.poll(async () => (await alerts()).length, { timeout: 30_000, interval: 500 }).toBe(10);
    // Several more periods on both servers queue nothing more.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const first = await alerts();
    expect(first.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `alerts-${i + 1}@example.com`).sort(),
    );
    expect(
      first.every((m) => ["Reliaby Cafe 1,", "Reliaby Cafe 2,", "Reliaby Cafe 3,"].every((t) => m.text.includes(t))),
    ).toBe(true);

    // One member unsubscribes with their mail program's one-click POST, on one server.
    const link = /^<(.+)>$/.exec(first.find((m) => m.to === "alerts-1@example.com")!.unsubscribe)![1]!;
    const oneClick = await fetch(`${servers[1]!.url}${new URL(link).pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://webmail.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);

    await publish(4);
    await expect.poll(async () => (await alerts()).length, { timeout: 30_000, interval: 500 }).toBe(19);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = (await alerts()).slice(10);
    expect(second).toHaveLength(9);
    expect(second.map((m) => m.to)).not.toContain("alerts-1@example.com");
    for (const mail of second) {
      expect(mail.text).toContain("Reliaby Cafe 4,");
      expect(mail.text).not.toContain("Reliaby Cafe 1,");
    }
    const { rows: sent } = await client.query(
      "select count(*)::int as n, count(distinct (search_id, listing_id))::int as pairs from saved_search_sent",
    );
    expect(sent).toEqual([{ n: 57, pairs: 57 }]);
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

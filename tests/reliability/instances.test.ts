// Two HBS servers on one PostgreSQL behind a round-robin proxy, as a load
// balancer would run them: a session made on one works on the other, rate
// limits are counted once for both, the outbox sends each e-mail once, and a
// change made through one empties the page cache of both.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMail, startSmtpPeer } from "../helpers/smtp-peer";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { sharedSecret, startCluster, startRoundRobinProxy, type Cluster } from "./harness";

let cluster: Cluster;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  smtp = await startSmtpPeer();
  const upstreams: string[] = [];
  proxy = await startRoundRobinProxy(upstreams);
  const env = {
    DATABASE_URL: cluster.url,
    SMTP_URL: smtp.url,
    BETTER_AUTH_SECRET: sharedSecret(),
    SITE_URL: proxy.url.replace("127.0.0.1", "localhost"),
  };
  // Both at once, as after a deployment: one migrates, the other waits for it.
  servers = await Promise.all([startProductionServer(env), startProductionServer(env)]);
  upstreams.push(...servers.map((s) => s.url));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await proxy?.close();
  await smtp?.close();
  cluster?.destroy();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("two servers on one PostgreSQL", () => {
  it("a session made on one server works on the other", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const member = { email: `both-${Date.now()}@example.com`, password: "Quiet-Harbour-19", fullName: "Amal Both" };
    const signUp = await fetch(`${a.url}/auth`, {
      method: "POST",
      body: form({ intent: "sign-up", ...member }),
      redirect: "manual",
    });
    expect(signUp.status).toBe(302);
    const signIn = await fetch(`${a.url}/auth`, {
      method: "POST",
      body: form({ intent: "sign-in", ...member }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    const cookie = cookiesOf(signIn);
    expect(cookie).toContain("__Secure-hbs.session_token=");
    for (const server of [b, a]) {
      const page = await fetch(`${server.url}/my-account`, { headers: { cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(member.email);
    }
  });

  it("rate limits count every server's attempts together", async () => {
    const visitor = { "x-forwarded-for": "10.77.0.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await fetch(`${proxy.url}/auth`, {
        method: "POST",
        headers: visitor,
        body: form({ intent: "sign-in", email: "nobody@example.com", password: "Wrong-Password-1" }),
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    // Ten attempts, five on each server, then the eleventh is refused whichever server has it.
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    for (const server of servers) {
      const again = await fetch(`${server.url}/auth`, {
        method: "POST",
        headers: visitor,
        body: form({ intent: "sign-in", email: "nobody@example.com", password: "Wrong-Password-1" }),
        redirect: "manual",
      });
      expect(again.status).toBe(429);
    }
  });

  it("each enquiry's e-mails are sent once, though both servers' outboxes run", async () => {
    const run = Date.now();
    const subjects = Array.from({ length: 20 }, (_, i) => `Both servers ${run}-${i}`);
    const senders = subjects.map((_, i) => `sender-${run}-${i}@example.com`);
    await Promise.all(
      subjects.map(async (subject, i) => {
        const response = await fetch(`${proxy.url}/contact`, {
          method: "POST",
          headers: { "x-forwarded-for": `10.78.0.${i}` },
          body: form({ name: "Yusuf", email: senders[i]!, subject, message: "Two servers, one inbox." }),
        });
        expect(response.status).toBe(200);
      }),
    );
    const ours = () =>
      smtp.received.filter((m) => m.to.some((to) => senders.includes(to)) || subjects.some((s) => m.raw.includes(s)));
    // A notification to the team and a receipt to the sender, for each.
    await expect.poll(() => ours().length, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(40);
    await new Promise((resolve) => setTimeout(resolve, 5_000)); // time for any second copy to arrive
    const ids = ours().map((m) => readMail(m.raw).header("message-id"));
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it("a listing changed through either server shows at once on both, though both keep pages", async () => {
    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const slug = `two-servers-${Date.now()}`;
      await database.query(
        `insert into business_listing (slug, title, category, town, asking_price_pence, description, status, published_at)
         values ($1, 'Corner Grill in Leeds', 'food', 'Leeds', 3000000, 'A grill on a corner.', 'published', now())`,
        [slug],
      );
      const page = (server: ServerProcess) => fetch(`${server.url}/buy/${slug}`);
      for (const server of servers) {
        expect(await (await page(server)).text()).toContain("Corner Grill in Leeds");
        // Kept: the next visitor's copy comes from the server's cache.
        await expect.poll(async () => (await page(server)).headers.get("age")).not.toBeNull();
      }
      // What staff do in the back office of one server, or any other writer, changes the row.
      await database.query(`update business_listing set title = 'Corner Grill and Café in Leeds' where slug = $1`, [
        slug,
      ]);
      for (const server of servers) {
        await expect
          .poll(async () => (await page(server)).text(), { timeout: 1_000, interval: 50 })
          .toContain("Corner Grill and Café in Leeds");
      }
    } finally {
      await database.end();
    }
  });
});

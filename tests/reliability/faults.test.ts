// Faults a live site meets: the server killed mid-burst, the mail server away
// for a minute, PostgreSQL restarting under the app. Nothing a visitor was
// told had succeeded is lost, every e-mail goes out once, and the site comes
// back by itself.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMail, startSmtpPeer } from "../helpers/smtp-peer";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase } from "../helpers/throwaway-database";
import { sharedSecret, startCluster, type Cluster } from "./harness";

let cluster: Cluster;
const cleanups: (() => Promise<unknown> | unknown)[] = [];
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cluster?.destroy();
});

/** A database on the test's own cluster, which goes with it. */
async function database(name: string) {
  return (await createThrowawayDatabase(cluster.url, name)).url;
}

async function app(env: Record<string, string>) {
  const server = await startProductionServer({ BETTER_AUTH_SECRET: sharedSecret(), ...env });
  cleanups.push(() => server.stop());
  return server;
}

function sendContact(server: ServerProcess, subject: string, sender: string) {
  return fetch(`${server.url}/contact`, {
    method: "POST",
    headers: { "x-forwarded-for": `10.90.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: new URLSearchParams({ name: "Hana", email: sender, subject, message: "Is it still available?" }),
  });
}

const messageIds = (mails: { raw: string }[]) => mails.map((m) => readMail(m.raw).header("message-id"));

describe("faults", () => {
  it("a server killed mid-burst loses no submission it answered, and each e-mail goes out under one Message-ID", async () => {
    const smtp = await startSmtpPeer();
    cleanups.push(() => smtp.close());
    const env = { DATABASE_URL: await database("kill_burst"), SMTP_URL: smtp.url, OUTBOX_LEASE_SECONDS: "10" };
    const first = await app(env);
    const run = Date.now();
    const answered: string[] = [];
    let killed = false;
    const sends = Array.from({ length: 60 }, async (_, i) => {
      const subject = `Burst ${run}-${i}`;
      // Spread over a second, so the kill lands in the middle of the burst.
      await new Promise((resolve) => setTimeout(resolve, i * 20));
      const response = await sendContact(first, subject, `burst-${run}-${i}@example.com`).catch(() => null);
      if (response?.status === 200) answered.push(subject);
      if (answered.length === 20 && !killed) {
        killed = true;
        first.process.kill("SIGKILL");
      }
    });
    await Promise.all(sends);
    expect(killed).toBe(true);
    expect(answered.length).toBeGreaterThanOrEqual(20);
    expect(answered.length).toBeLessThan(60);

    // Restarted, the server has every answered submission, and sends what was left.
    const second = await app(env);
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    // Closed when this test ends, as a later test stops the cluster.
    client.on("error", () => {});
    const { rows } = await client.query<{ subject: string }>("select subject from enquiry");
    const stored = rows.map((r) => r.subject);
    for (const subject of answered) expect(stored).toContain(subject);
    // Both e-mails of every stored enquiry, each Message-ID once (a lease left by
    // the killed server expires after OUTBOX_LEASE_SECONDS).
    await expect
      .poll(async () => (await client.query("select count(*)::int as n from outbox where sent_at is null")).rows[0].n, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(0);
    const ours = smtp.received.filter(
      (m) => stored.some((s) => m.raw.includes(s)) || m.to.some((t) => t.startsWith(`burst-${run}`)),
    );
    const ids = messageIds(ours);
    expect(new Set(ids).size).toBe(stored.length * 2);
    // A second copy is possible only for a message the killed server had handed
    // to the mail server but not yet marked sent: its row was claimed again.
    const { rows: reclaimed } = await client.query("select count(*)::int as n from outbox where attempts > 1");
    expect(ids.length - new Set(ids).size).toBeLessThanOrEqual(reclaimed[0].n);
    await client.end();
    await second.stop();
  });

  it("with the mail server away for a minute, every e-mail arrives once it is back", async () => {
    const smtp = await startSmtpPeer();
    const port = smtp.port;
    await smtp.close();
    const server = await app({ DATABASE_URL: await database("smtp_away"), SMTP_URL: `smtp://127.0.0.1:${port}` });
    const run = Date.now();
    const subjects = [0, 1, 2].map((i) => `While away ${run}-${i}`);
    for (const [i, subject] of subjects.entries()) {
      // Stored first: the visitor hears it was sent, whatever the mail server is doing.
      expect((await sendContact(server, subject, `away-${run}-${i}@example.com`)).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    const back = await startSmtpPeer(port);
    cleanups.push(() => back.close());
    // Retries back off (5 s, 10 s … 80 s after a minute away), so allow for the longest wait.
    await expect.poll(() => back.received.length, { timeout: 120_000, interval: 1_000 }).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(back.received).toHaveLength(6);
    expect(new Set(messageIds(back.received)).size).toBe(6);
    for (const subject of subjects) expect(back.received.some((m) => m.raw.includes(subject))).toBe(true);
  });

  it("while PostgreSQL restarts, pages answer a clean 503, and the site recovers by itself", async () => {
    // One server on its own, keeping pages (PAGE_CACHE on, decision 0081).
    const server = await app({ DATABASE_URL: await database("restart"), PAGE_CACHE: "on" });
    expect((await fetch(`${server.url}/buy`)).status).toBe(200);
    // The page is kept (decision 0016): asked again, it comes from the server's cache…
    await expect.poll(async () => (await fetch(`${server.url}/buy`)).headers.get("age")).not.toBeNull();

    cluster.stop("fast");
    try {
      // …but not while the server cannot hear about changes: it answers 503 like any page needing the database.
      for (const path of ["/buy", "/halal-network-space"]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(503);
        const page = await response.text();
        expect(page).toContain("HBS is briefly unavailable");
        expect(page).not.toMatch(/ECONNREFUSED|at .*:\d+:\d+|terminat/i);
      }
      const post = await sendContact(server, "During the outage", "outage@example.com");
      expect(post.status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    } finally {
      cluster.start();
    }
    // No restart of the app: its pool reconnects.
    await expect.poll(async () => (await fetch(`${server.url}/buy`)).status, { timeout: 30_000 }).toBe(200);
    expect((await sendContact(server, "After the outage", "after@example.com")).status).toBe(200);
  });
});

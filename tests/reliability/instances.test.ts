// Two HBS servers on one PostgreSQL behind nginx, started from
// deploy/nginx.conf as production runs them (decision 0022), with the
// PAGE_CACHE its instructions name (off: decision 0081): a session made on one
// works on the other, rate limits are counted once for both, the outbox sends
// each e-mail once, the servers keep no page of their own, and nginx keeps
// visitors' public pages but never a member's, and renews them with a new render.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readMail, startSmtpPeer } from "../helpers/smtp-peer";
import { freePort, startProductionServer, type ServerProcess } from "../helpers/server-process";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../../app/lib/forms/form-rules";
import { sharedSecret, startCluster, type Cluster } from "./harness";
import { behindNginx, startNginx, type Nginx } from "./nginx";

let cluster: Cluster;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let nginx: Nginx;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  cluster = await startCluster();
  smtp = await startSmtpPeer();
  const port = await freePort();
  const env = {
    DATABASE_URL: cluster.url,
    SMTP_URL: smtp.url,
    BETTER_AUTH_SECRET: sharedSecret(),
    SITE_URL: `http://localhost:${port}`,
    ...behindNginx(),
  };
  // Both at once, as after a deployment: one migrates, the other waits for it.
  servers = await Promise.all([startProductionServer(env), startProductionServer(env)]);
  const upstreams = servers.map((s) => s.url);
  nginx = await startNginx(port, upstreams);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await nginx?.stop();
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
      const response = await fetch(`${nginx.url}/auth`, {
        method: "POST",
        headers: visitor,
        body: form({ intent: "sign-in", email: "nobody@example.com", password: "Wrong-Password-1" }),
        redirect: "manual",
      });
      statuses.push(response.status);
    }
    // Ten attempts, shared by both servers in turn, then the eleventh is refused whichever server has it.
    expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
    expect(statuses[10]).toBe(429);
    const answeredBy = nginx
      .accessLog()
      .split("\n")
      .filter((line) => line.includes('"POST /auth '))
      .map((line) => line.match(/upstream=(\S+)/)?.[1]);
    expect(new Set(answeredBy)).toEqual(new Set(servers.map((s) => `127.0.0.1:${new URL(s.url).port}`)));
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
        const response = await fetch(`${nginx.url}/contact`, {
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

  it("behind nginx, each server renders every page it is asked for, so a change shows at once on both", async () => {
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
        for (let i = 0; i < 3; i++) {
          const answer = await page(server);
          expect(await answer.text()).toContain("Corner Grill in Leeds");
          // Rendered: nginx keeps the visitors' copy, the server none (PAGE_CACHE=off).
          expect(answer.headers.get("age")).toBeNull();
          expect(answer.headers.get("server-timing")).not.toContain("page cache");
        }
      }
      // What staff do in the back office of one server, or any other writer, changes the row.
      await database.query(`update business_listing set title = 'Corner Grill and Café in Leeds' where slug = $1`, [
        slug,
      ]);
      for (const server of servers) {
        expect(await (await page(server)).text()).toContain("Corner Grill and Café in Leeds");
      }
    } finally {
      await database.end();
    }
  });
});

describe("nginx in front (deploy/nginx.conf)", () => {
  const cacheStatus = (response: Response) => response.headers.get("x-cache-status");

  it("keeps a visitor's public page for its s-maxage, and never a member's", async () => {
    const database = new pg.Client({ connectionString: cluster.url });
    await database.connect();
    try {
      const slug = `behind-nginx-${Date.now()}`;
      await database.query(
        `insert into business_listing (slug, title, category, town, asking_price_pence, description, status, published_at)
         values ($1, 'Bakery in Bradford', 'food', 'Bradford', 1500000, 'A bakery on the high street.', 'published', now())`,
        [slug],
      );
      const visit = (path: string, cookie?: string) =>
        fetch(`${nginx.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

      const first = await visit(`/buy/${slug}`);
      expect(cacheStatus(first)).toBe("MISS");
      expect(await first.text()).toContain("Bakery in Bradford");
      const second = await visit(`/buy/${slug}`);
      expect(cacheStatus(second)).toBe("HIT");
      expect(await second.text()).toContain("Bakery in Bradford");

      // Renamed: the servers render it at once, but nothing tells nginx, which
      // answers visitors from its copy until s-maxage (60 s) has passed (decision 0081).
      await database.query(`update business_listing set title = 'Bakery and Café in Bradford' where slug = $1`, [slug]);
      expect(await (await fetch(`${servers[0]!.url}/buy/${slug}`)).text()).toContain("Bakery and Café in Bradford");
      const kept = await visit(`/buy/${slug}`);
      expect(cacheStatus(kept)).toBe("HIT");
      expect(await kept.text()).toContain("Bakery in Bradford");

      // A private page is never stored, even for a visitor.
      for (let i = 0; i < 2; i++) expect(cacheStatus(await visit("/auth"))).toBe("MISS");

      const member = { email: `nginx-${Date.now()}@example.com`, password: "Quiet-Harbour-19", fullName: "Idris Ali" };
      const viaNginx = { "x-forwarded-for": "10.79.0.1" };
      await fetch(`${nginx.url}/auth`, {
        method: "POST",
        headers: viaNginx,
        body: form({ intent: "sign-up", ...member }),
        redirect: "manual",
      });
      const signIn = await fetch(`${nginx.url}/auth`, {
        method: "POST",
        headers: viaNginx,
        body: form({ intent: "sign-in", ...member }),
        redirect: "manual",
      });
      expect(signIn.status).toBe(302);
      const cookie = cookiesOf(signIn);
      for (let i = 0; i < 2; i++) {
        // The member's own page, with the new title: never the visitors' copy.
        const listing = await visit(`/buy/${slug}`, cookie);
        expect(cacheStatus(listing)).not.toBe("HIT");
        const page = await listing.text();
        expect(page).toContain("My account: Idris");
        expect(page).toContain("Bakery and Café in Bradford");
        const account = await visit("/my-account", cookie);
        expect(account.status).toBe(200);
        expect(cacheStatus(account)).not.toBe("HIT");
        expect(await account.text()).toContain(member.email);
      }

      // And visitors never get a member's page.
      const visitor = await visit(`/buy/${slug}`);
      expect(cacheStatus(visitor)).toBe("HIT");
      expect(await visitor.text()).not.toContain("My account");
      const account = await visit("/my-account");
      expect(account.status).not.toBe(200);
      expect(await account.text()).not.toContain(member.email);
    } finally {
      await database.end();
    }
  });

  it("renews a page past its s-maxage with a new render, not a copy already a minute old", async () => {
    const path = `/about?renewal=${crypto.randomUUID()}`;
    const visit = async () => {
      const response = await fetch(`${nginx.url}${path}`);
      await response.arrayBuffer();
      return { status: cacheStatus(response), age: response.headers.get("age") };
    };
    // Asked of each server too, so that whichever one nginx asks next would have a copy of this minute, were they
    // keeping pages.
    for (const server of servers) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    expect((await visit()).status).toBe("MISS");
    expect((await visit()).status).toBe("HIT");
    // nginx's minute passes for real: the first visitor after it gets the old copy while one request renews it.
    await expect.poll(async () => (await visit()).status, { timeout: 90_000, interval: 1_000 }).not.toBe("HIT");
    const renewed = await vi.waitFor(
      async () => {
        const answer = await visit();
        if (answer.status !== "HIT") throw new Error(`nginx has not renewed its copy yet (${answer.status})`);
        return answer;
      },
      { timeout: 10_000, interval: 250 },
    );
    // A server keeping pages would have answered with its own copy of that minute (Age: 60), and nginx,
    // which ignores Age, would have shown it a minute more.
    expect(renewed.age).toBeNull();
  }, 120_000);

  it("passes on the largest submission the servers accept, and refuses a larger one itself", async () => {
    const submission = (photoBytes: number) => {
      const body = new FormData();
      body.set("name", "Bilal");
      body.set("email", "large-upload@example.com");
      for (let i = 0; i < MAX_PHOTOS; i++) {
        body.append("photos", new Blob([new Uint8Array(photoBytes)], { type: "image/jpeg" }), `photo-${i}.jpg`);
      }
      return fetch(`${nginx.url}/sell`, { method: "POST", body, headers: { "x-forwarded-for": "10.79.0.2" } });
    };
    // Ten photos at the limit reach a server, which answers about the form (its headers, not nginx's 413).
    const largest = await submission(MAX_PHOTO_BYTES);
    expect(largest.status).not.toBe(413);
    expect(largest.headers.get("content-security-policy")).not.toBeNull();
    // More than any form allows stops at nginx: no server spends time on it.
    const larger = await submission(MAX_PHOTO_BYTES + 64 * 1024);
    expect(larger.status).toBe(413);
    expect(larger.headers.get("content-security-policy")).toBeNull();
  });
});

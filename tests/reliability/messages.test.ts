// Messages arrive live across servers (decision 0032): a buyer's browser on
// one server and a seller's on another, sharing one PostgreSQL. What one
// writes appears in the other's open thread without a reload, carried by
// NOTIFY from the server that stored it to the server holding the stream.
import { chromium, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumPath } from "../../scripts/ensure-chromium.js";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { createThrowawayDatabase } from "../helpers/throwaway-database";
import { sharedSecret, startCluster, type Cluster } from "./harness";

let cluster: Cluster;
let client: pg.Client;
let servers: ServerProcess[] = [];
let browser: Browser;

beforeAll(async () => {
  cluster = await startCluster();
  const { url } = await createThrowawayDatabase(cluster.url, "messages");
  const env = { DATABASE_URL: url, BETTER_AUTH_SECRET: sharedSecret() };
  servers = await Promise.all([startProductionServer(env), startProductionServer(env)]);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await client?.end();
  await Promise.all(servers.map((s) => s.stop()));
  cluster?.destroy();
});

/** A member signed in on one server, in a browser of their own. */
async function memberOn(server: ServerProcess, email: string, fullName: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  for (const intent of ["sign-up", "sign-in"]) {
    const response = await page.request.post("/auth", {
      form: { intent, email, password: "Harbour-Quiet-Lantern-42", fullName },
      maxRedirects: 0,
    });
    expect(response.status(), `${intent} on ${server.url}`).toBe(302);
  }
  return page;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

describe("messages on two servers", () => {
  it("shows each side's message live in the other's open thread", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const buyer = await memberOn(a, "buyer@example.com", "Bilal Buyer");
    const seller = await memberOn(b, "seller@example.com", "Sara Seller");
    await client.query(
      `insert into business_listing (slug, title, category, town, asking_price_pence, description, status, published_at, seller_id)
       select 'two-server-grill', 'Two Server Grill', 'food', 'Leeds', 6000000, 'A grill.', 'published', now(), id
       from "user" where email = 'seller@example.com'`,
    );
    const interest = await buyer.request.post("/buy/two-server-grill", {
      form: { fullName: "Bilal Buyer", email: "buyer@example.com", contactNumber: "07700 900333" },
    });
    expect(interest.status()).toBe(200);
    const { rows } = await client.query<{ id: number }>("select id from message_thread");
    const thread = `/messages/${rows[0]!.id}`;

    // Each page's live stream is open (its answer has begun) before anyone writes.
    const streams = [seller, buyer].map((page) => page.waitForResponse((r) => r.url().endsWith("/events")));
    await seller.goto(thread);
    await buyer.goto(thread);
    await Promise.all([hydrated(seller), hydrated(buyer), ...streams]);
    const inSellers = seller.getByRole("list", { name: "Messages with Bilal Buyer" });
    const inBuyers = buyer.getByRole("list", { name: "Messages with Sara Seller" });
    await expect.poll(() => inSellers.textContent()).toContain("I am interested in Two Server Grill.");

    // Written on server A, seen on server B's open page within a second or two, and back.
    await buyer.getByLabel("Your reply").fill("Is the lease assignable?");
    await buyer.getByRole("button", { name: "Send", exact: true }).click();
    await expect
      .poll(() => inSellers.textContent(), { timeout: 3_000, interval: 100 })
      .toContain("Is the lease assignable?");
    await seller.getByLabel("Your reply").fill("Yes, with the landlord's consent.");
    await seller.getByRole("button", { name: "Send", exact: true }).click();
    await expect
      .poll(() => inBuyers.textContent(), { timeout: 3_000, interval: 100 })
      .toContain("Yes, with the landlord's consent.");
    // Each message was stored once.
    const { rows: stored } = await client.query("select body from message order by id");
    expect(stored.map((r) => r.body)).toEqual([
      expect.stringContaining("I am interested in Two Server Grill."),
      "Is the lease assignable?",
      "Yes, with the landlord's consent.",
    ]);
  });

  it("ends open streams when a server stops, without holding the stop up", async () => {
    const [, b] = servers as [ServerProcess, ServerProcess];
    const page = await memberOn(b, "watcher@example.com", "Watcher");
    const stream = page.waitForResponse((r) => r.url().endsWith("/events"));
    await page.goto("/messages");
    await Promise.all([hydrated(page), stream]);
    const started = Date.now();
    await b.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await b.exited).toBe(0);
  });
});

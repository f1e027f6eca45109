// The outbox against a real SMTP peer: delivery, an outage with retries and
// backoff, several workers at once, and a worker that died after claiming.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMailer } from "../../app/server/mail.server";
import {
  claimDue,
  enqueueMail,
  LEASE_MS,
  processOutbox,
  retryDelayMs,
  startOutboxWorker,
} from "../../app/server/outbox.server";
import { outbox } from "../../app/server/schema";
import { startSmtpPeer } from "../helpers/smtp-peer";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let mailDir: string;
const from = "HBS <no-reply@hbs.example>";

beforeAll(async () => {
  database = await createTestDatabase();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-mail-"));
});
afterAll(async () => {
  await database?.destroy();
  fs.rmSync(mailDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(outbox);
});

const message = (n: number) => ({ to: `buyer${n}@example.com`, subject: `Enquiry ${n}`, text: `Hello ${n}` });

describe("the outbox", () => {
  it("sends queued messages once, through SMTP", async () => {
    const peer = await startSmtpPeer();
    const mailer = createMailer({ smtpUrl: peer.url, from, mailDir });
    try {
      await database.db.transaction(async (tx) => {
        await enqueueMail(tx, message(1));
        await enqueueMail(tx, message(2));
      });
      expect(await processOutbox(database.db, mailer)).toEqual({ sent: 2, failed: 0 });
      expect(await processOutbox(database.db, mailer)).toEqual({ sent: 0, failed: 0 });
      expect(peer.received.map((m) => m.to)).toEqual([["buyer1@example.com"], ["buyer2@example.com"]]);
      expect(peer.received[0]?.raw).toContain("Subject: Enquiry 1");
      expect(peer.received[0]?.raw).toMatch(/Message-ID: <outbox-\d+@hbs\.mail>/i);
      const rows = await database.db.select().from(outbox);
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    } finally {
      mailer.close();
      await peer.close();
    }
  });

  it("keeps messages through an SMTP outage and sends them when it returns", async () => {
    const peer = await startSmtpPeer();
    const port = peer.port;
    await peer.close(); // nobody listens now
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, mailDir });
    await enqueueMail(database.db, message(3));
    const start = new Date();
    expect(await processOutbox(database.db, mailer, start)).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(outbox);
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row?.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Not due yet: nothing is tried.
    expect(await processOutbox(database.db, mailer, new Date(start.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });

    const back = await startSmtpPeer(port);
    try {
      const later = new Date(start.getTime() + retryDelayMs(1) + 1);
      expect(await processOutbox(database.db, mailer, later)).toEqual({ sent: 1, failed: 0 });
      expect(back.received).toHaveLength(1);
      const [sent] = await database.db.select().from(outbox);
      expect(sent?.attempts).toBe(2);
      expect(sent?.lastError).toBeNull();
    } finally {
      mailer.close();
      await back.close();
    }
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(60 * 60 * 1000);
  });

  it("never gives one row to two workers at once", async () => {
    for (let i = 0; i < 10; i++) await enqueueMail(database.db, message(i));
    const now = new Date();
    const [a, b] = await Promise.all([claimDue(database.db, now, 6), claimDue(database.db, now, 6)]);
    const ids = [...a, ...b].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // A row one worker skipped while the other held it is due at the next pass.
    const rest = await claimDue(database.db, now, 10);
    expect(new Set([...ids, ...rest.map((r) => r.id)]).size).toBe(10);
  });

  it("sends a row again once the lease of a worker that died has run out", async () => {
    await enqueueMail(database.db, message(9));
    const now = new Date();
    const [claimed] = await claimDue(database.db, now, 10); // …and the worker dies here
    expect(claimed).toBeDefined();
    const peer = await startSmtpPeer();
    const mailer = createMailer({ smtpUrl: peer.url, from, mailDir });
    try {
      expect(await processOutbox(database.db, mailer, new Date(now.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });
      expect(await processOutbox(database.db, mailer, new Date(now.getTime() + LEASE_MS + 1))).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(peer.received).toHaveLength(1);
    } finally {
      mailer.close();
      await peer.close();
    }
  });

  it("writes .eml files when no SMTP server is configured", async () => {
    const mailer = createMailer({ from, mailDir });
    await enqueueMail(database.db, message(7));
    expect(await processOutbox(database.db, mailer)).toEqual({ sent: 1, failed: 0 });
    const [row] = await database.db.select().from(outbox);
    const eml = fs.readFileSync(path.join(mailDir, `outbox-${row!.id}.eml`), "utf8");
    expect(eml).toContain("To: buyer7@example.com");
    expect(eml).toContain("Subject: Enquiry 7");
  });

  it("runs as a worker that sends when woken and stops cleanly", async () => {
    const peer = await startSmtpPeer();
    const worker = startOutboxWorker(database.db, createMailer({ smtpUrl: peer.url, from, mailDir }), {
      intervalMs: 60_000,
    });
    try {
      await enqueueMail(database.db, message(5));
      worker.wake();
      await expect.poll(() => peer.received.length, { timeout: 5000 }).toBe(1);
      const [row] = await database.db.select().from(outbox).where(eq(outbox.kind, "mail"));
      expect(row?.sentAt).not.toBeNull();
    } finally {
      await worker.stop();
      await peer.close();
    }
  });
});

// Errors seen in production (decision 0080): an action's error goes through
// the app's handleError to a Sentry stand-in that speaks its envelope
// protocol, with the route, release and request id, and without anything the
// visitor gave (cookies, form values, query string, e-mail, address); a
// refusal is not an error; and with no DSN nothing is sent. Work no request
// saw is reported too: a scheduled job's failed run, an e-mail that keeps failing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestIdContext } from "../../app/context";
import { handleError } from "../../app/entry.server";
import {
  flushErrorReports,
  startErrorReporting,
  stopErrorReporting,
  withErrorReporting,
} from "../../app/server/error-reporting.server";
import { createMailer } from "../../app/server/mail.server";
import { enqueueMail, FAILING_EMAIL_ATTEMPTS, processOutbox } from "../../app/server/outbox.server";
import { MAX_ATTEMPTS, startScheduler } from "../../app/server/scheduler.server";
import { RequestTimings, timeRequest } from "../../app/server/server-timing.server";
import { startSentryPeer } from "../helpers/sentry-peer";
import { startSmtpPeer } from "../helpers/smtp-peer";
import { createTestDatabase } from "../helpers/test-database";

let peer: Awaited<ReturnType<typeof startSentryPeer>>;
beforeAll(async () => {
  peer = await startSentryPeer();
});
afterAll(async () => {
  await stopErrorReporting();
  await peer.close();
});

const PERSONAL = [
  "s3cr3t-session",
  "maryam",
  "Maryam",
  "Private details",
  "Private+details",
  "newsletter",
  "203.0.113.7",
];

/** A member's enquiry posted to /contact, as the browser sends it. */
function enquiry() {
  return new Request("http://localhost/contact?email=maryam%40example.com&ref=newsletter", {
    method: "POST",
    headers: {
      cookie: "__Secure-hbs.session_token=s3cr3t-session; cookie-consent=accepted",
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": "Mozilla/5.0 (test browser)",
      "x-forwarded-for": "203.0.113.7",
    },
    body: "intent=enquire&fullName=Maryam+Said&email=maryam%40example.com&message=Private+details",
  });
}

/** The action behind /contact failing as Drizzle reports a failed query: the SQL, then the values it was given. */
const failedQuery = (n: number) =>
  new Error(
    `Failed query ${n}: insert into "enquiry" ("full_name", "email", "message") values ($1, $2, $3)\n` +
      "params: Maryam Said,maryam@example.com,Private details",
    { cause: new Error('duplicate key value violates unique constraint "enquiry_pkey" for maryam@example.com') },
  );

/** handleError as React Router calls it for a failed action, inside the request, as server.ts runs one. */
function failAction(error: unknown, requestId: string) {
  const context = new RouterContextProvider();
  context.set(requestIdContext, requestId);
  const timings = new RequestTimings();
  timings.addHandler("contact", 0, 1);
  timeRequest(timings, () => handleError(error, { request: enquiry(), context, params: {} }));
}

describe("error reporting", () => {
  it("sends nothing without a DSN, and once there is one sends the error scrubbed", async () => {
    await startErrorReporting({ environment: "test" });
    failAction(failedQuery(1), "req-1");
    await flushErrorReports();
    expect(withErrorReporting(Buffer.from("<html><head></head></html>"), "n0nce", "/contact").toString()).toBe(
      "<html><head></head></html>",
    );

    await startErrorReporting({ dsn: peer.dsn, environment: "test", release: "hbs@test-release" });
    failAction(failedQuery(2), "req-2");
    expect(await flushErrorReports()).toBe(true);

    // Only the error made with a DSN: the first was never kept to be sent later.
    expect(peer.envelopes).toHaveLength(1);
    expect(peer.envelopes[0]!.key).toBe("public");
    const [event] = peer.events;
    expect(event).toMatchObject({
      project: "1",
      release: "hbs@test-release",
      environment: "test",
      transaction: "/contact",
      tags: { route: "/contact", request_id: "req-2" },
      request: {
        method: "POST",
        url: "http://localhost/contact",
        headers: { "User-Agent": "Mozilla/5.0 (test browser)" },
      },
    });
    const values = (event!.exception as { values: { value: string }[] }).values.map((v) => v.value);
    expect(values).toContainEqual(
      expect.stringMatching(/^Failed query 2: insert into "enquiry".*\nparams: \[removed\]$/s),
    );
    expect(values).toContainEqual(expect.stringContaining("for [email]"));
    expect(event).not.toHaveProperty("user");
    const sent = JSON.stringify(peer.envelopes[0]!.items.map((item) => item.payload.toString()));
    for (const personal of PERSONAL) expect(sent).not.toContain(personal);
  });

  it("does not report a refusal React Router answers itself, such as a post where no action is", async () => {
    const before = peer.envelopes.length;
    const refusal = {
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: "",
      error: new Error("405"),
    };
    failAction(refusal, "req-3");
    failAction(new Error("the next real failure"), "req-4");
    await flushErrorReports();
    expect(peer.events.slice(before).map((event) => (event.tags as { request_id: string }).request_id)).toEqual([
      "req-4",
    ]);
  });

  it("gives the page a first script that reports the browser's errors, with the DSN, release and route", () => {
    const page = withErrorReporting(
      Buffer.from("<!DOCTYPE html><html><head><meta/></head></html>"),
      "n0nce",
      "/buy/:slug",
    );
    const script = /^<!DOCTYPE html><html><head><script nonce="n0nce">(.*)<\/script><meta\/>/.exec(
      page.toString(),
    )?.[1];
    expect(script).toContain('addEventListener("error"');
    expect(script).toContain('addEventListener("unhandledrejection"');
    const config = JSON.parse(/\((\{.*\})\)$/.exec(script!)![1]!) as Record<string, string>;
    expect(config).toEqual({
      dsn: peer.dsn,
      environment: "test",
      release: "hbs@test-release",
      script: "/app/lib/error-reporter.ts",
      route: "/buy/:slug",
    });
  });

  it("reports work no request saw: a scheduled job's failed run, and an e-mail once it keeps failing", async () => {
    const database = await createTestDatabase();
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-mail-"));
    const closed = await startSmtpPeer();
    await closed.close(); // nobody listens on its port now: every try fails
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${closed.port}`,
      from: "HBS <no-reply@hbs.example>",
      mailDir,
    });
    try {
      const before = peer.events.length;
      const clock = { now: new Date("2026-11-23T10:00:00Z") };
      const scheduler = startScheduler(
        database.db,
        [{ name: "alerts", everyMs: 60_000, run: () => Promise.reject(new Error("alerts could not be sent")) }],
        { clock: () => clock.now, ticking: false },
      );
      await scheduler.tick();
      await scheduler.stop();

      await enqueueMail(database.db, { to: "maryam@example.com", subject: "Private details", text: "Hello" });
      const tries = FAILING_EMAIL_ATTEMPTS + 1;
      for (let n = 0; n < tries; n++) {
        // Each try an hour after the last: past any retry's pause.
        expect(await processOutbox(database.db, mailer, new Date(Date.now() + n * 3_600_000))).toEqual({
          sent: 0,
          failed: 1,
        });
      }
      await flushErrorReports();

      const reported = peer.events.slice(before);
      expect(reported.map((event) => event.tags)).toEqual([
        { task: "scheduled job alerts", period_start: "2026-11-23T10:00:00.000Z", attempt: `1 of ${MAX_ATTEMPTS}` },
        // Once, at the try that makes it one that keeps failing, not at every try.
        { task: "outbox", outbox_id: expect.any(String), attempts: String(FAILING_EMAIL_ATTEMPTS) },
      ]);
      expect(reported.map((event) => event.transaction)).toEqual(["scheduled job alerts", "outbox"]);
      const values = reported.map((event) => (event.exception as { values: { value: string }[] }).values[0]!.value);
      expect(values[0]).toBe("alerts could not be sent");
      expect(values[1]).toMatch(/ECONNREFUSED/);
      const sent = JSON.stringify(reported);
      for (const personal of PERSONAL) expect(sent).not.toContain(personal);
    } finally {
      mailer.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
      await database.destroy();
    }
  });
});

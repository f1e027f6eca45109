// Errors seen in production (decision 0080): an action's error goes through
// the app's handleError to a Sentry stand-in that speaks its envelope
// protocol, with the route, release and request id, and without anything the
// visitor gave (cookies, form values, query string, e-mail, address); a
// refusal is not an error; and with no DSN nothing is sent.
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
import { RequestTimings, timeRequest } from "../../app/server/server-timing.server";
import { startSentryPeer } from "../helpers/sentry-peer";

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
});

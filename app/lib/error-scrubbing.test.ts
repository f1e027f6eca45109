import type { ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { scrubbed } from "./error-scrubbing";

describe("scrubbed", () => {
  it("keeps the route, path, release and error, and drops whatever says who the visitor is or what they typed", () => {
    const event: ErrorEvent = {
      type: undefined,
      release: "hbs@abc",
      transaction: "/buy/:slug",
      tags: { route: "/buy/:slug" },
      message: "Could not e-mail maryam@example.com",
      user: { email: "maryam@example.com", ip_address: "203.0.113.7" },
      breadcrumbs: [{ category: "ui.input", message: "input[name=email]" }],
      extra: { form: { message: "Private details" } },
      request: {
        method: "POST",
        url: "https://hbs.example/buy/cafe?email=maryam%40example.com#top",
        query_string: "email=maryam%40example.com",
        cookies: { "__Secure-hbs.session_token": "s3cr3t" },
        data: "message=Private+details",
        headers: { Cookie: "s3cr3t", "User-Agent": "Mozilla/5.0", "X-Forwarded-For": "203.0.113.7" },
        env: { REMOTE_ADDR: "203.0.113.7" },
      },
      exception: {
        values: [
          {
            type: "DrizzleQueryError",
            value: 'Failed query: insert into "enquiry" ("email") values ($1)\nparams: maryam@example.com',
            stacktrace: {
              frames: [
                { filename: "https://hbs.example/buy/cafe?email=maryam%40example.com", vars: { email: "maryam" } },
                { abs_path: "https://hbs.example/assets/listing-abc.js", filename: "/assets/listing-abc.js" },
              ],
            },
          },
        ],
      },
    };
    expect(scrubbed(event)).toEqual({
      type: undefined,
      release: "hbs@abc",
      transaction: "/buy/:slug",
      tags: { route: "/buy/:slug" },
      message: "Could not e-mail [email]",
      request: { method: "POST", url: "https://hbs.example/buy/cafe", headers: { "User-Agent": "Mozilla/5.0" } },
      exception: {
        values: [
          {
            type: "DrizzleQueryError",
            value: 'Failed query: insert into "enquiry" ("email") values ($1)\nparams: [removed]',
            stacktrace: {
              frames: [
                { filename: "https://hbs.example/buy/cafe" },
                { abs_path: "https://hbs.example/assets/listing-abc.js", filename: "/assets/listing-abc.js" },
              ],
            },
          },
        ],
      },
    });
  });
});

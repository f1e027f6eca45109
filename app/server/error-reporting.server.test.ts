import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { errorReportingSources } from "./error-reporting.server";

describe("SENTRY_DSN", () => {
  it("is off unless set, and must be a DSN: a key, a host and a project", () => {
    expect(parseEnv({}).SENTRY_DSN).toBeUndefined();
    expect(parseEnv({ SENTRY_DSN: " " }).SENTRY_DSN).toBeUndefined();
    const dsn = "https://0123abcd@o42.ingest.sentry.io/4505";
    expect(parseEnv({ SENTRY_DSN: dsn }).SENTRY_DSN).toBe(dsn);
    for (const wrong of [
      "o42.ingest.sentry.io/4505",
      "https://o42.ingest.sentry.io/4505",
      "https://key@o42.ingest.sentry.io",
    ]) {
      expect(() => parseEnv({ SENTRY_DSN: wrong }), wrong).toThrow(/SENTRY_DSN/);
    }
  });

  it("adds exactly its host to the CSP's connect-src, and nothing when unset", () => {
    expect(errorReportingSources(undefined)).toEqual([]);
    expect(errorReportingSources("https://0123abcd@o42.ingest.sentry.io/4505")).toEqual([
      "https://o42.ingest.sentry.io",
    ]);
    expect(errorReportingSources("https://key@errors.example.org:8443/sentry/7")).toEqual([
      "https://errors.example.org:8443",
    ]);
    expect(errorReportingSources("http://public@127.0.0.1:9671/1")).toEqual(["127.0.0.1:9671"]);
  });
});

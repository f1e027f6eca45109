// Secrets come only from the environment, and a production site refuses to
// start without its own; broken requests get a plain answer, never the
// server's insides (stack traces, SQL, file paths).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures";
import { spawnServer } from "../../helpers/server-process";

const INSIDES = /\bat [^\n]*:\d+:\d+|node_modules|\/work\/|\b(SELECT|INSERT|UPDATE) [^\n]*\b(FROM|INTO|SET)\b/;

for (const [secret, refusal] of <[string, string][]>[
  ["", "BETTER_AUTH_SECRET: is required in production"],
  ["better-auth-secret-12345678901234567890", "BETTER_AUTH_SECRET: is a published example"],
]) {
  test(`a production site others can reach will not start ${secret ? "on a published secret" : "without a secret"}`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-secret-"));
    const server = spawnServer({
      PORT: "0",
      DATA_DIR: dataDir,
      SITE_URL: "https://hbs.example",
      BETTER_AUTH_SECRET: secret,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(refusal);
    // Refused before anything was made: no database, no generated secret.
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

test("broken requests get a plain refusal, without the server's insides", async ({ request }) => {
  const answers = [
    await request.get("/buy/%E0%A4%A"),
    await request.get("/halal-network-space?page=%&search=%ZZ"),
    await request.get("/buy.data?_routes=routes%2Fnothing"),
    await request.post("/contact", {
      headers: { "content-type": "multipart/form-data; boundary=nothing" },
      data: '--broken\r\nContent-Disposition: form-data; name="name"\r\n\r\nunfinished',
    }),
    await request.post("/contact", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      data: "a=%ZZ&%",
    }),
    await request.post("/auth", { headers: { "content-type": "application/json" }, data: "{not json" }),
    await request.post("/api/auth/passkey/verify-authentication", { data: "{not json" }),
    await request.fetch("/contact", { method: "PATCH", data: "x" }),
  ];
  for (const answer of answers) {
    const what = `${answer.url()} answered ${answer.status()}`;
    expect(answer.status(), what).toBeLessThan(500);
    expect(await answer.text(), what).not.toMatch(INSIDES);
  }
});

// Errors seen in production, in the browser (decision 0080). The e2e servers
// report to a Sentry stand-in (tests/helpers/sentry-peer.ts,
// playwright.config.ts): an error thrown on a member's page, with a query
// string and a filled form, arrives with its route and release and without
// the member's data; a page loads Sentry's SDK only once it has an error,
// never with its first-load scripts.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SENTRY_PEER_URL } from "../../playwright.config";
import { expect, hydrated, test } from "./fixtures";

/** A piece of the SDK's own code (how it names a DSN's key to the server), in no other script of ours. */
const SDK_CODE = "sentry_key";

/** The scripts a page names, with what they import statically: its first load, as page-weight.spec.ts counts it. */
function firstLoadScripts(html: string) {
  const scripts = new Set([...html.matchAll(/(?:from |import\()\\?"(\/assets\/[\w.-]+\.js)/g)].map((m) => m[1]!));
  for (const script of scripts) {
    const code = fs.readFileSync(path.join("build/client", script), "utf8");
    for (const [, file] of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) scripts.add(`/assets/${file}`);
  }
  return [...scripts];
}

const readScript = (script: string) => fs.readFileSync(path.join("build/client", script), "utf8");

test("an error in a member's page reaches the error service with its route and release, and nothing of theirs", async ({
  page,
  baseURL,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn({ fullName: `Maryam ${crypto.randomBytes(3).toString("hex")}` });
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("session_token"))!.value;
  const response = await page.goto("/contact?ref=spring-newsletter");
  // The page may post to the service's host, and to no other.
  expect(response!.headers()["content-security-policy"]).toContain(
    `connect-src 'self' ${new URL(SENTRY_PEER_URL).host};`,
  );
  await hydrated(page);
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByLabel("Subject", { exact: true }).fill("Selling my bakery");
  await form.getByRole("textbox", { name: "Message" }).fill("Our private figures for the buyer");

  const message = `A browser error ${crypto.randomUUID()}`;
  await page.evaluate(
    (text) =>
      setTimeout(() => {
        throw new Error(text);
      }),
    message,
  );

  let event: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      const events = (await (await page.request.get(`${SENTRY_PEER_URL}/_peer/events`)).json()) as Record<
        string,
        unknown
      >[];
      event = events.find((e) => JSON.stringify(e.exception ?? "").includes(message));
      return event !== undefined;
    })
    .toBe(true);
  const release = `hbs@${execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim()}`;
  expect(event).toMatchObject({
    platform: "javascript",
    release,
    environment: "production",
    transaction: "/contact",
    tags: { route: "/contact" },
    request: { url: `${baseURL}/contact` },
  });
  const sent = JSON.stringify(event);
  for (const personal of [member.email, member.fullName, session, "spring-newsletter", "bakery", "private figures"]) {
    expect(sent).not.toContain(personal);
  }
});

test("a page's first-load scripts hold none of Sentry's SDK, and a page without errors never asks for it", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  const html = await (await page.request.get("/")).text();
  const reporter = /"script":"(\/assets\/error-reporter-[\w-]+\.js)"/.exec(html)?.[1];
  expect(reporter, "the page names the reporter for its first error").toBeDefined();
  const scripts = firstLoadScripts(html);
  expect(scripts.length).toBeGreaterThan(2);
  expect(scripts).not.toContain(reporter);
  for (const script of scripts) expect(readScript(script), script).not.toContain(SDK_CODE);
  // The SDK is there, in the reporter and what it imports.
  const reporterCode = firstLoadScripts(`import("${reporter}")`).map(readScript).join("\n");
  expect(reporterCode).toContain(SDK_CODE);

  await page.goto("/");
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  expect(asked.filter((url) => url.includes("error-reporter") || url.startsWith(SENTRY_PEER_URL))).toEqual([]);
});

// The test object for specs that post forms: every test is a visitor of its
// own (a random address in X-Forwarded-For, which the e2e server trusts from
// loopback), so the per-visitor rate limits of one test never hold another.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test as base, type Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";

export { expect } from "@playwright/test";

export const test = base.extend<{ visitorIp: string }>({
  visitorIp: [
    async ({ context }, use) => {
      const ip = `10.${[...crypto.randomBytes(3)].join(".")}`;
      await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
      await use(ip);
    },
    { auto: true },
  ],
});

/**
 * The e-mails the server has sent so far, as the text of their .eml files:
 * the e2e server has no SMTP server, so the outbox writes them to its data folder.
 */
export function sentMail(): string[] {
  const dir = path.join(E2E_DATA_DIR, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8"));
}

/** Waits until React has hydrated the page, so forms post through their fetchers. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

// The test object for specs that post forms: every test is a visitor of its
// own (a random address in X-Forwarded-For, which the e2e server trusts from
// loopback), so the per-visitor rate limits of one test never hold another.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { CONSENT_KEY } from "../../app/lib/consent";
import { siteOwnerPassword, type E2EServer } from "../../playwright.config";
import { readMail } from "../helpers/smtp-peer";

export { expect };

export interface Member {
  email: string;
  password: string;
  fullName: string;
}

const randomVisitorIp = () => `10.${[...crypto.randomBytes(3)].join(".")}`;

export const test = base.extend<
  {
    visitorIp: string;
    /** Makes a new member through /auth's forms and signs the page's browser in as them. */
    signUpAndSignIn: (fields?: Partial<Member>) => Promise<Member>;
    /** Signs the member in on a second browser, as their other device; returns its page. */
    signInElsewhere: (member: Member) => Promise<Page>;
    /** Makes a new member of staff and signs the page's browser in as them. */
    signInAsNewAdmin: () => Promise<Member>;
  },
  {
    /** The site's first admin (made by scripts/e2e.js), signed in once per worker, not once per test. */
    siteOwner: APIRequestContext;
  }
>({
  siteOwner: [
    async ({ playwright }, provide, workerInfo) => {
      const { E2E_ADMIN_EMAIL: email, E2E_ADMIN_PASSWORD: oneTime } = process.env;
      if (!email || !oneTime) throw new Error("Run the browser tests with npm run test:e2e: it makes the first admin.");
      const owner = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
        extraHTTPHeaders: { "x-forwarded-for": randomVisitorIp() },
      });
      // site-owner.setup.ts replaced the printed one-time password before any spec ran.
      const signedIn = await owner.post("/auth", {
        form: { intent: "sign-in", email, password: siteOwnerPassword(oneTime) },
        maxRedirects: 0,
      });
      if (signedIn.status() !== 302 || (await owner.get("/admin", { maxRedirects: 0 })).status() !== 200)
        throw new Error("the site's owner could not sign in");
      await provide(owner);
      await owner.dispose();
    },
    { scope: "worker" },
  ],
  visitorIp: [
    async ({ context }, provide) => {
      const ip = randomVisitorIp();
      await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
      // The location prompt (spec: 2 s after load) is tested in location-prompt.spec.ts; elsewhere
      // it would cover what a slow test clicks next, as if this visitor had said 'Not now' before.
      await context.addInitScript(() => {
        if (!localStorage.getItem("location-permission")) localStorage.setItem("location-permission", "denied");
      });
      await provide(ip);
    },
    { auto: true },
  ],
  signUpAndSignIn: async ({ page }, provide) => {
    await provide(async (fields = {}) => {
      const id = crypto.randomBytes(5).toString("hex");
      const member = {
        email: `member-${id}@example.com`,
        password: `Harbour-${id}-Lantern`,
        fullName: `Member ${id}`,
        ...fields,
      };
      // The same forms a browser posts; the page shares the cookies they set.
      for (const intent of ["sign-up", "sign-in"]) {
        const response = await page.request.post("/auth", {
          form: { intent, email: member.email, password: member.password, fullName: member.fullName },
          maxRedirects: 0,
        });
        if (response.status() !== 302) throw new Error(`${intent} answered ${response.status()}`);
      }
      // Not the test's business: the toasts those forms flashed.
      await page.context().clearCookies({ name: /hbs_toast$/ });
      return member;
    });
  },
  signInElsewhere: async ({ browser, baseURL, visitorIp }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (member) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
      contexts.push(context);
      await cookieChoiceMade(context, baseURL!);
      const other = await context.newPage();
      await other.request.post("/auth", {
        form: { intent: "sign-in", email: member.email, password: member.password },
      });
      return other;
    });
    for (const context of contexts) await context.close();
  },
  signInAsNewAdmin: async ({ siteOwner, signUpAndSignIn }, provide) => {
    await provide(async () => {
      const member = await signUpAndSignIn({ fullName: `Staff ${crypto.randomBytes(3).toString("hex")}` });
      // The site's first admin makes this new member staff, through the back office.
      const list = await siteOwner.get(`/admin/users?q=${encodeURIComponent(member.email)}`);
      const id = /href="\/admin\/users\/([^"]+)"/.exec(await list.text())?.[1];
      if (!id) throw new Error(`the back office did not list ${member.email}`);
      const promoted = await siteOwner.post(`/admin/users/${id}`, { form: { intent: "make-admin" }, maxRedirects: 0 });
      if (promoted.status() !== 302) throw new Error(`making staff answered ${promoted.status()}`);
      return member;
    });
  },
});

/** The running test's server: its address, data folder and Stripe stand-in (playwright.config.ts). */
export function e2eServer() {
  return base.info().project.metadata as E2EServer;
}

/**
 * The e-mails the server has sent so far, decoded: the e2e server has no SMTP
 * server, so the outbox writes them as .eml files to its data folder.
 */
export function sentMail() {
  const dir = path.join(e2eServer().dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((name) => readMail(fs.readFileSync(path.join(dir, name), "utf8")));
}

/** The link in the newest e-mail to `to` whose subject matches. */
export async function linkInMail(to: string, subject: RegExp) {
  let link = "";
  await expect
    .poll(() => {
      const mail = sentMail().find((m) => m.header("To") === to && subject.test(m.header("Subject") ?? ""));
      link = mail?.body.match(/https?:\/\/\S+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return new URL(link);
}

/** Follows the link in the member's verification e-mail, as they would. */
export async function verifyEmail(page: Page, member: { email: string }) {
  const link = await linkInMail(member.email, /Confirm your e-mail address/);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
}

/** Sonner's toasts. */
export const toasts = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** Waits until React has hydrated the page, so forms post through their fetchers. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Asks for a visitor's page (`ask`: a request or a browser's visit) until the answer comes from the
 * copy the server kept (it has an Age). Any change to listings or businesses drops every kept page
 * (decision 0016), and the tests running beside this one make such changes: one may land between a
 * page's render and its next request.
 */
export async function keptAnswer<Answer extends { headers(): Record<string, string> }>(
  ask: () => Promise<Answer | null>,
) {
  let kept: Answer | undefined;
  await expect(async () => {
    const answer = await ask();
    expect(answer?.headers()["age"]).toMatch(/^\d+$/);
    kept = answer!;
  }).toPass({ timeout: 15_000 });
  return kept!;
}

/**
 * Gives the page's browser a virtual authenticator (CDP's WebAuthn domain): it
 * answers WebAuthn calls as a platform authenticator whose fingerprint always matches.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** /sell's fields for a business offered without photos: posted by a signed-in member, it is their listing. */
export function sellFormFields(businessName: string, contact: { name: string; email: string }) {
  return {
    businessName,
    category: "food",
    location: "Bradford",
    askingPrice: "85000",
    annualRevenue: "240000",
    description: "A long-running business with loyal customers, sold as a going concern.",
    contactName: contact.name,
    contactEmail: contact.email,
    contactPhone: "07700 900123",
  };
}

/**
 * A second browser whose cookie choice is made, for tests about something
 * else: the banner rises over the foot of the screen 1 s after each load, and
 * a click landing at that moment hits it rather than the button under it (a
 * form left unsent in CI, 24 November 2026).
 */
export async function cookieChoiceMade(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: CONSENT_KEY, value: "declined", url: baseURL }]);
}

// Confidential listings (decision 0033) with a seller and a buyer in two
// browsers: the seller marks the listing confidential; the buyer sees only the
// generic title until they accept the NDA, then everything, until the seller
// withdraws access. And the leak test: words planted in every hidden field
// appear in no page, `.data` response, sitemap, search result or e-mail that
// a visitor or a member without access can get.
import type { APIRequestContext, Browser } from "@playwright/test";
import { seriousViolations } from "./axe";
import { cookieChoiceMade, expect, hydrated, sentMail, test, toasts } from "./fixtures";

const GENERIC = "Confidential: established takeaway in the Midlands";

async function newMember(browser: Browser, baseURL: string | undefined, fullName: string) {
  const context = await browser.newContext({ baseURL });
  await cookieChoiceMade(context, baseURL!);
  const page = await context.newPage();
  const id = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const member = { email: `buyer-${id}@example.com`, password: `Harbour-${id}-Lantern`, fullName };
  for (const intent of ["sign-up", "sign-in"]) {
    const response = await page.request.post("/auth", { form: { intent, ...member }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await context.clearCookies({ name: /hbs_toast$/ });
  return { page, member };
}

/** Everything a browser can fetch about the listing, as one text, for the planted words to be looked for in. */
async function everythingSeenBy(request: APIRequestContext, id: string, secrets: string[]) {
  const paths = [
    `/buy/confidential-${id}`,
    `/buy/confidential-${id}.data`,
    "/buy",
    "/buy.data",
    "/_root.data",
    "/",
    "/sitemaps/listings-1.xml",
    // Searched for in lower case (search ignores case), so that the page's echo of what was typed is not taken for a leak.
    ...secrets.map((secret) => `/search?in=buy&search=${encodeURIComponent(secret.toLowerCase())}`),
    ...secrets.map((secret) => `/buy?search=${encodeURIComponent(secret.toLowerCase())}`),
    ...secrets.map((secret) => `/buy.data?search=${encodeURIComponent(secret.toLowerCase())}`),
  ];
  const texts = await Promise.all(
    paths.map(async (path) => {
      const response = await request.get(path);
      expect(response.status(), path).toBeLessThan(500);
      return `${path}\n${await response.text()}`;
    }),
  );
  return texts.join("\n");
}

const leaked = (text: string, secrets: string[]) => secrets.filter((secret) => text.includes(secret));

test("a confidential listing shows a buyer its details only while their NDA stands, and leaks nothing", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const name = `Zaffron Kitchen ${stamp}`;
  const town = `Quillbury${stamp}`;
  const description = `Secretdesc${stamp} family takeaway with a loyal evening trade.`;
  const secrets = [name, town, `Secretdesc${stamp}`];

  const owner = await signUpAndSignIn({ fullName: "Sara Seller" });
  const seller = await signInElsewhere(owner);
  const sent = await seller.request.post("/sell", {
    multipart: {
      businessName: name,
      category: "food",
      location: town,
      askingPrice: "85000",
      annualRevenue: "240000",
      description,
      contactName: "Sara Seller",
      contactEmail: owner.email,
      contactPhone: "07700 900456",
    },
  });
  expect(sent.status()).toBe(200);
  await seller.goto("/my-listings");
  const card = seller.getByRole("article", { name });
  const id = /\/my-listings\/(\d+)\/edit/.exec(
    (await card.getByRole("link", { name: `Edit ${name}` }).getAttribute("href"))!,
  )![1]!;

  await signInAsNewAdmin();
  await page.goto(`/admin/listings/${id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("The seller has been e-mailed.");

  // The seller marks it confidential, keeping the asking price only; a title with the name is refused.
  await seller.goto(`/my-listings/${id}/edit`);
  const form = seller.getByRole("form", { name: "Confidential sale" });
  await form.getByLabel("Keep this listing confidential").check();
  await form.getByLabel("Generic title").fill(`Confidential: ${name}`);
  await form.getByRole("button", { name: "Save confidentiality" }).click();
  await expect(seller.getByText("The generic title must not contain the business's name")).toBeVisible();
  await form.getByLabel("Generic title").fill(GENERIC);
  await form.getByLabel("Annual turnover").uncheck();
  await form.getByRole("button", { name: "Save confidentiality" }).click();
  await expect(toasts(seller)).toContainText("Your listing is confidential");

  // A visitor and a signed-in buyer without access: the generic title, the price, nothing hidden anywhere.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  const { page: buyer, member } = await newMember(browser, baseURL, `Bilal Buyer ${stamp}`);
  for (const viewer of [visitor, buyer]) {
    await viewer.goto(`/buy/confidential-${id}`);
    await expect(viewer.getByRole("heading", { level: 1 })).toHaveText(GENERIC);
    expect(await seriousViolations(viewer)).toEqual([]);
    await expect(viewer.getByRole("complementary", { name: "Price and enquiry" })).toContainText("£85,000");
    await expect(viewer.getByRole("complementary", { name: "Price and enquiry" })).not.toContainText("£240,000");
    expect(leaked(await everythingSeenBy(viewer.request, id, secrets), secrets)).toEqual([]);
  }
  // The trading name in an address confirms nothing.
  await seller.goto("/my-listings");
  const byName = await card.getByRole("link", { name, exact: true }).getAttribute("href");
  expect((await visitor.request.get(byName!)).status()).toBe(404);

  // The buyer registers interest while masked: nothing hidden reaches their e-mails.
  await buyer.goto(`/buy/confidential-${id}`);
  const interest = buyer.getByRole("region", { name: "Register Interest" });
  await interest.getByLabel("Full Name").fill(member.fullName);
  await interest.getByLabel("Email").fill(member.email);
  await interest.getByLabel("Contact Number").fill("07700 900888");
  await interest.getByRole("button", { name: "Register Interest" }).click();
  await expect(buyer.getByText("Your interest has been successfully sent.").first()).toBeVisible();
  await expect
    .poll(() => sentMail().filter((mail) => mail.header("to")?.includes(member.email)).length)
    .toBeGreaterThan(0);
  await buyer.goto("/messages");
  await expect(buyer.getByRole("main")).toContainText(GENERIC);
  expect(leaked(await buyer.locator("body").innerText(), secrets)).toEqual([]);

  // The NDA: checked on the server, then the listing in full.
  await buyer.goto(`/buy/confidential-${id}`);
  await buyer.getByRole("link", { name: "Read and accept the NDA" }).click();
  await buyer.getByLabel("Your full name").fill("");
  await buyer.getByRole("button", { name: "Accept and see the details" }).click();
  await expect(buyer.getByText("Please type your full name")).toBeVisible();
  await expect(buyer.getByText("Please tick the box to accept the agreement")).toBeVisible();
  expect(await seriousViolations(buyer)).toEqual([]);
  await buyer.getByLabel("Your full name").fill(member.fullName);
  await buyer.getByLabel("I accept this non-disclosure agreement").check();
  await buyer.getByRole("button", { name: "Accept and see the details" }).click();
  await expect(toasts(buyer)).toContainText("NDA accepted");
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(buyer.getByText(description)).toBeVisible();
  // The leak check can fail: with access, the same requests carry the hidden fields.
  expect(leaked(await everythingSeenBy(buyer.request, id, secrets), secrets)).toEqual(secrets);

  // The seller sees who signed, and withdraws access: the buyer sees the generic view again at once.
  await seller.goto("/my-listings");
  await expect(card).toContainText(`${member.fullName} accepted on`);
  expect(await seriousViolations(seller)).toEqual([]);
  await card.getByRole("button", { name: `Withdraw access of ${member.fullName}` }).click();
  await expect(toasts(seller)).toContainText("Access withdrawn");
  await buyer.reload();
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(GENERIC);
  await expect(buyer.getByText("The seller has withdrawn your access")).toBeVisible();
  expect(leaked(await everythingSeenBy(buyer.request, id, secrets), secrets)).toEqual([]);

  // Staff see every NDA on the listing's back-office page, and withdraw one too (audited).
  const { page: second, member: secondMember } = await newMember(browser, baseURL, `Sara Second ${stamp}`);
  const signed = await second.request.post(`/buy/confidential-${id}/nda`, {
    form: { fullName: secondMember.fullName, agree: "yes" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  await page.goto(`/admin/listings/${id}`);
  const ndas = page.getByRole("region", { name: "NDAs accepted" });
  await expect(ndas).toContainText(`${member.fullName} accepted on`);
  await expect(ndas).toContainText("access withdrawn on");
  await ndas.getByRole("button", { name: `Withdraw access of ${secondMember.fullName}` }).click();
  await expect(toasts(page)).toContainText("Access withdrawn");
  await second.goto(`/buy/confidential-${id}`);
  await expect(second.getByRole("heading", { level: 1 })).toHaveText(GENERIC);
  await page.goto(`/admin/audit?${new URLSearchParams({ q: `listing ${id}` })}`);
  await expect(page.getByRole("table")).toContainText("Buyer's NDA access revoked");

  // Every e-mail the buyer got, and every alert-style e-mail to anyone but the seller and staff, hides it too.
  const buyerMail = sentMail().filter((mail) => mail.header("to")?.includes(member.email));
  expect(leaked(buyerMail.map((mail) => `${mail.header("subject")}\n${mail.body}`).join("\n"), secrets)).toEqual([]);
});

test("a forged NDA link gets a clear page, and a visitor is sent to sign in first", async ({
  page,
  signUpAndSignIn,
}) => {
  const visitorAnswer = await page.request.get("/buy/confidential-999999999/nda", { maxRedirects: 0 });
  expect(visitorAnswer.status()).toBe(302);
  expect(visitorAnswer.headers().location).toContain("/auth?redirectTo=%2Fbuy%2Fconfidential-999999999%2Fnda");
  await signUpAndSignIn();
  const response = await page.goto("/buy/confidential-999999999/nda");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This NDA link is not valid" })).toBeVisible();
  const posted = await page.request.post("/buy/confidential-999999999/nda", {
    form: { fullName: "Forger", agree: "yes" },
  });
  expect(posted.status()).toBe(404);
  // No NDA form on the page (the cookie banner's own "Accept" buttons are not in the main content).
  await expect(page.getByRole("main").getByRole("button", { name: /Accept/ })).toHaveCount(0);
});

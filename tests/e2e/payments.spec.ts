// Buying a package online (decision 0026), through the stand-in's stub of
// Stripe's hosted checkout, which "pays" by sending the signed webhooks
// Stripe would and going back to HBS.
import { seriousViolations } from "./axe";
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { e2eServer, expect, hydrated, sellFormFields, test, toasts } from "./fixtures";

/** A business the signed-in member offers for sale: theirs to promote. */
async function offerForSale(page: Page) {
  const name = `Sweet Centre ${crypto.randomBytes(3).toString("hex")}`;
  const response = await page.request.post("/sell", {
    multipart: sellFormFields(name, { name: "Yusuf Khan", email: "yusuf@example.com" }),
  });
  expect(response.status()).toBe(200);
  return name;
}

/** The checkout session behind a stub checkout page's address, as the stand-in received it. */
async function checkoutSessionAt(page: Page, payUrl: string) {
  const id = new URL(payUrl).pathname.split("/").at(-1);
  return (await (await page.request.get(`${e2eServer().stripePeerUrl}/_peer/sessions/${id}`)).json()) as {
    line_items: { price_data: { unit_amount: string } }[];
    mode: string;
    metadata: { hbs_subscription: string };
  };
}

test("a member pays for The Feature Package for their business on Stripe's page and sees it active, with its receipt", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const business = await offerForSale(page);

  await page.goto("/promote");
  await hydrated(page);
  // The enquiry stays; paying online is beside it.
  await expect(page.getByRole("button", { name: "Get started with The Feature Package" })).toBeVisible();
  await page.getByRole("link", { name: "Buy The Feature Package online" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Buy The Feature Package online" })).toBeVisible();
  await expect(page.getByRole("main").getByText("One-off payment", { exact: true })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("£25.99 for one month");
  await expect(page.getByRole("main")).toContainText("Covers one month and does not renew. Price includes VAT.");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("What to promote").selectOption({ label: `${business} (for sale)` });
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Stripe's page (the stand-in's stub), priced from our database.
  await expect(page.getByRole("heading", { name: "Stub checkout" })).toBeVisible();
  expect((await checkoutSessionAt(page, page.url())).line_items[0]!.price_data.unit_amount).toBe("2599");
  await page.getByRole("button", { name: "Pay £25.99" }).click();

  await expect(page).toHaveURL("/my-subscriptions?checkout=success");
  await expect(page.getByRole("status")).toContainText("Thank you for your payment.");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "The Feature Package" }) });
  await expect(card.getByText("active", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: "Payments" })).toContainText("Paid £25.99");
  expect(await seriousViolations(page)).toEqual([]);
  await card.getByRole("link", { name: /Receipt/ }).click();
  await expect(page.getByRole("heading", { name: "Stub receipt" })).toBeVisible();

  // 'Manage billing': Stripe's customer portal, and back.
  await page.goto("/my-subscriptions");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page.getByRole("heading", { name: "Stub billing portal" })).toBeVisible();
  await page.getByRole("link", { name: "Return to HBS" }).click();
  await expect(page).toHaveURL("/my-subscriptions");
});

test("a service plan renews monthly until a renewal fails and the member cancels; a price sent with the form is ignored", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  const { email } = await signUpAndSignIn();
  const answer = await page.request.post("/packages/vip-plan/buy", {
    form: { price: "0.01", pricePence: "1", unit_amount: "1" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  expect(answer.headers().location).toMatch(`${e2eServer().stripePeerUrl}/pay/`);
  const session = await checkoutSessionAt(page, answer.headers().location!);
  expect(session).toMatchObject({
    mode: "subscription",
    line_items: [{ price_data: { unit_amount: "19999", recurring: { interval: "month" } } }],
  });
  await page.goto(answer.headers().location!);
  await page.getByRole("button", { name: "Pay £199.99" }).click();
  await expect(page).toHaveURL("/my-subscriptions?checkout=success");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "VIP PLAN" }) });
  await expect(card.getByText("active", { exact: true })).toBeVisible();
  await expect(card).toContainText("Business optimization");

  // Next month's payment is declined: the member sees it.
  const subscriptions = (await (await page.request.get(`${e2eServer().stripePeerUrl}/_peer/subscriptions`)).json()) as {
    id: string;
    metadata: { hbs_subscription: string };
  }[];
  const stripeId = subscriptions.find((s) => s.metadata.hbs_subscription === session.metadata.hbs_subscription)!.id;
  expect(
    (await page.request.post(`${e2eServer().stripePeerUrl}/_peer/subscriptions/${stripeId}/fail-renewal`)).status(),
  ).toBe(204);
  await page.reload();
  await expect(card.getByText("payment failed", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: "Payments" })).toContainText("Payment failed £199.99");

  // They cancel in Stripe's portal; it lapses.
  await page.getByRole("button", { name: "Manage billing" }).click();
  await page.getByRole("button", { name: "Cancel VIP PLAN" }).click();
  await page.getByRole("link", { name: "Return to HBS" }).click();
  await expect(card.getByText("cancelled", { exact: true })).toBeVisible();

  // Staff see the failure and the end beside the subscription.
  await signInAsNewAdmin();
  await page.goto("/admin/subscriptions");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("cancelled");
  await expect(row).toContainText("Payment failed £199.99");
});

test("a webhook with a forged signature is refused with 400", async ({ request }) => {
  const body = JSON.stringify({ id: "evt_forged", object: "event", type: "invoice.paid", created: 1, data: {} });
  for (const signature of [undefined, "t=1,v1=00", `t=${Math.floor(Date.now() / 1000)},v1=${"ab".repeat(32)}`]) {
    const answer = await request.post("/stripe/webhook", {
      data: body,
      headers: { "content-type": "application/json", ...(signature && { "stripe-signature": signature }) },
    });
    expect(answer.status()).toBe(400);
  }
  // Stripe sends no Origin, so the cross-site rule (decision 0012) lets it reach the signature check;
  // a browser's post from another site is still refused before it.
  const crossSite = await request.post("/stripe/webhook", {
    data: body,
    headers: { "content-type": "application/json", origin: "https://evil.example", "stripe-signature": "t=1,v1=00" },
  });
  expect(crossSite.status()).toBe(403);
});

test("a visitor is asked to sign in before buying", async ({ page }) => {
  await page.goto("/packages/starter-package/buy");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fpackages%2Fstarter-package%2Fbuy/);
});

test("staff link a directory business to its owner, who buys it the home page spotlight", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  // The owner, on a browser of their own.
  const ownerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  const owner = await ownerContext.newPage();
  const id = crypto.randomBytes(4).toString("hex");
  const member = { email: `grill-${id}@example.com`, password: `Harbour-${id}-Lantern`, fullName: "Grill Owner" };
  for (const intent of ["sign-up", "sign-in"]) {
    expect((await owner.request.post("/auth", { form: { intent, ...member }, maxRedirects: 0 })).status()).toBe(302);
  }

  // Digits sort first: the spotlight lists businesses by name.
  const name = `1st Spotlight Grill ${id}`;
  await signInAsNewAdmin();
  await page.goto("/admin/directory/new");
  await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category").selectOption("food");
  await page.getByLabel("Description").fill("Charcoal grills and fresh naan.");
  await page.getByLabel("Town").fill("Cardiff");
  await page.getByLabel("Owner's e-mail").fill(member.email);
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");
  await owner.goto("/");
  await expect(owner.getByRole("main")).not.toContainText(name);

  await owner.goto("/packages/premier-package/buy");
  await owner.getByLabel("What to promote").selectOption({ label: `${name} (directory)` });
  await owner.getByRole("button", { name: "Continue to payment" }).click();
  await owner.getByRole("button", { name: "Pay £49.99" }).click();
  await expect(owner).toHaveURL("/my-subscriptions?checkout=success");

  // Paid for: in the home page spotlight, and featured first in the directory, for everyone.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto("/");
  const spotlight = visitor.getByRole("region", { name: "Featured businesses" });
  await expect(spotlight).toContainText(name);
  await visitor.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  await expect(visitor.getByRole("article").filter({ hasText: name })).toContainText("Featured");

  // Staff see the payment beside the subscription.
  await page.goto("/admin/subscriptions");
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toContainText("Paid £49.99");
  await expect(row).toContainText("Paid online: managed in Stripe");
  await page.goto(`/admin/directory?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Paid spotlight");
  await visitor.close();
  await ownerContext.close();
});

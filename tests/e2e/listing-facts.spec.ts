// UK key facts of a listing (decision 0023): offered on /sell, edited in the
// back office, shown on the listing's page, filtered on /buy; and the
// under-offer badge.
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test, toasts } from "./fixtures";

const kebab = "Established Kebab Takeaway in Cwmbran";
const egyptian = "Egyptian Café in Newport";
const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });

/**
 * A key fact's field by its label. The back office's confidential-listing form (decision 0033) has a
 * checkbox of the same name for whether buyers without access see that figure: not the field.
 */
function field(scope: Locator | Page, label: string, exact = true) {
  return scope.getByLabel(label, { exact }).and(scope.locator(':not([type="checkbox"])'));
}

async function fill(scope: Locator | Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await field(scope, label).fill(value);
}

/** The message under a field, tied to it as assistive technology reads it. */
async function expectError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\£]/g, "\\$&")));
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

test("the sample listing's page shows its Key facts, the derived figures, and JSON-LD", async ({ page }) => {
  await page.goto("/buy/kebab-takeaway-cwmbran");
  const facts = page.getByRole("table", { name: "Key facts" });
  await expect(facts).toHaveAccessibleDescription("Figures from the seller, not checked by HBS.");
  const row = (label: string) => facts.getByRole("row", { name: new RegExp(`^${label}`) });
  await expect(row("Tenure")).toContainText("Leasehold");
  await expect(row("Annual rent")).toContainText("£9,336");
  await expect(row("Lease remaining")).toContainText("12 years");
  await expect(row("Staff")).toContainText("2 full-time, 1 part-time");
  // £45,000 asked for £18,000 a year of profit.
  await expect(row("Asking price ÷ net profit")).toContainText("2.5×");
  // The sample gives no turnover, so nothing is worked out from one.
  await expect(row("Weekly takings")).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.itemOffered).toMatchObject({
    foundingDate: "2016",
    numberOfEmployees: { "@type": "QuantitativeValue", value: 3 },
  });
  await expect(row("Payment terms")).toContainText("Payment in full; Deferred payment, no interest");
  // A listing whose seller gave no facts says only that its payment terms are not stated (decision 0085).
  await page.goto("/buy/chaii-cafe-newport");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chaii Café in Newport");
  const none = page.getByRole("table", { name: "Key facts" }).getByRole("row");
  await expect(none).toHaveCount(1);
  await expect(none).toHaveText(/^Payment terms\s*Not stated$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a card shows the figures a buyer compares, inside the card, and none the seller did not give", async ({
    page,
  }) => {
    await page.goto(`/buy?search=${encodeURIComponent("Kebab Takeaway Cwmbran")}`);
    // The sample kebab takeaway gives its net profit and tenure, but no turnover.
    const kebabCard = card(page, kebab);
    const figure = (term: string) =>
      kebabCard
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${term}$`) })
        .locator("xpath=following-sibling::dd");
    await expect(figure("Net profit")).toHaveText("£18,000");
    await expect(figure("Tenure")).toHaveText("Leasehold");
    await expect(kebabCard.getByRole("term").filter({ hasText: /^Turnover$/ })).toHaveCount(0);
    // Each figure on one line, inside its card, at 390 px.
    const box = (await kebabCard.boundingBox())!;
    for (const term of ["Net profit", "Tenure"]) {
      const { x, width, height } = (await figure(term).boundingBox())!;
      expect(x).toBeGreaterThanOrEqual(box.x);
      expect(x + width).toBeLessThanOrEqual(box.x + box.width);
      expect(height).toBeLessThan(24);
    }
    // A listing whose seller gave no figures shows only its price.
    await page.goto(`/buy?search=${encodeURIComponent("Egyptian")}`);
    await expect(card(page, egyptian).getByRole("term")).toHaveText(["Asking price"]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/buy filters on the key facts in its GET form, and says which figure it could not use", async ({ page }) => {
    await page.goto("/buy");
    await page.getByText("More filters").click();
    await fill(page, { From: "40000", To: "£50,000" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/min-price=40000&max-price=%C2%A350%2C000/);
    await expect(card(page, kebab)).toBeVisible();
    await expect(card(page, egyptian)).toHaveCount(0);
    // The panel stays open with what was typed.
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("£50,000");

    await page.getByLabel("Tenure").selectOption({ label: "Leasehold" });
    await page.getByLabel("Lease years remaining at least").fill("10");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/tenure=leasehold/);
    await expect(card(page, kebab)).toBeVisible();
    await page.getByLabel("Lease years remaining at least").fill("13");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(card(page, kebab)).toHaveCount(0);

    await page.goto("/buy?min-price=lots&min-price=1&max-price=-5&min-lease-years=1000");
    await expectError(page, "From", "The lowest price must be an amount in pounds, like 50000");
    await expectError(page, "To", "The highest price must be an amount in pounds, like 50000");
    await expectError(page, "Lease years remaining at least", "Lease years must be a whole number from 0 to 999");
    // The figures it could not use are left out: the list is unfiltered.
    await expect(card(page, egyptian)).toBeVisible();

    await page.goto("/buy?min-price=90000&max-price=10000");
    await expectError(page, "To", "The highest price must be at least the lowest price");
  });

  test("/sell refuses bad key facts with a message under each, then stores the good ones", async ({
    page,
    browser,
    baseURL,
    signInAsNewAdmin,
  }) => {
    const title = `Facts Grill ${Date.now()}`;
    const seller = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const sell = await seller.newPage();
    await sell.goto("/sell");
    // /sell in steps (decision 0069): the key facts are on the figures' step, and checked when it is left.
    await fill(sell, { "Business Name": title, Location: "Bradford", Description: "A grill on Leeds Road." });
    await sell.getByLabel("Category", { exact: true }).selectOption({ label: "Food & Beverage" });
    await sell.getByRole("button", { name: "Continue" }).click();
    await fill(sell, {
      "Asking Price (£)": "90000",
      "Turnover (£)": "156000",
      "Annual rent (£)": "lots",
      "Lease years remaining": "1000",
      "Year established": String(new Date().getFullYear() + 1),
      "Full-time": "two",
    });
    const keyFacts = sell.getByRole("group", { name: "Key facts (optional)" });
    await keyFacts.getByLabel("Tenure").selectOption({ label: "Leasehold" });
    await keyFacts.getByLabel("Accommodation included").selectOption("yes");
    await sell.getByRole("button", { name: "Continue" }).click();
    await expectError(sell, "Annual rent (£)", "Annual rent must be a number");
    await expectError(sell, "Lease years remaining", "Lease years remaining must be between 0 and 999");
    await expectError(sell, "Year established", "Year established cannot be in the future");
    await expectError(sell, "Full-time", "Full-time staff must be a whole number");
    await expect(sell.getByLabel("Business Name", { exact: true })).toHaveValue(title);

    await fill(sell, {
      "Annual rent (£)": "15,600",
      "Lease years remaining": "15",
      "Year established": "2012",
      "Full-time": "3",
      "Net profit per year (£)": "30000",
      Accommodation: "Two-bedroom flat above",
    });
    await sell.getByRole("button", { name: "Continue" }).click();
    await fill(sell, {
      "Contact Name": "Yusuf Ali",
      "Contact Email": "facts@example.com",
      "Contact Phone": "01632 960 004",
    });
    await sell.getByRole("button", { name: "Submit Listing" }).click();
    await expect(sell.getByRole("main").getByRole("status")).toContainText("Success!");
    await seller.close();

    // Staff find one submission (the refused one stored nothing) with the facts as sent.
    await signInAsNewAdmin();
    await page.goto("/admin/listings?status=pending");
    await expect(page.getByRole("link", { name: title })).toHaveCount(1);
    await page.getByRole("link", { name: title }).click();
    await expect(field(page, "Tenure")).toHaveValue("leasehold");
    await expect(page.getByLabel("Annual rent (£)")).toHaveValue("15600");
    await expect(page.getByLabel("Lease years remaining")).toHaveValue("15");
    await expect(field(page, "Year established")).toHaveValue("2012");
    await expect(page.getByLabel("Accommodation", { exact: true })).toHaveValue("Two-bedroom flat above");
  });
});

test("staff edit the key facts and mark the listing under offer; buyers see both and may hide it", async ({
  page,
  request,
  signInAsNewAdmin,
}) => {
  const title = `Under Offer Cafe ${Date.now()}`;
  const response = await request.post("/sell", {
    multipart: {
      businessName: title,
      category: "food",
      location: "Leicester",
      askingPrice: "60000",
      annualRevenue: "104000",
      description: "A café on Belgrave Road.",
      contactName: "Amina Patel",
      contactEmail: "amina@example.com",
      contactPhone: "07700 900124",
    },
  });
  expect(response.status()).toBe(200);
  await signInAsNewAdmin();
  await page.goto("/admin/listings?status=pending");
  await page.getByRole("link", { name: title }).click();
  await hydrated(page);

  // A bad figure is refused under its field and saves nothing.
  await fill(page, { "Year established": "1700", "Net profit per year (£)": "20000" });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expectError(page, "Year established", "Year established must be 1800 or later");
  await page.reload();
  await expect(page.getByLabel("Net profit per year (£)")).toHaveValue("");

  await fill(page, {
    "Year established": "2019",
    "Net profit per year (£)": "20000",
    "Annual rent (£)": "10400",
  });
  await page.getByLabel("Relocatable").selectOption("no");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page)).toContainText("Listing saved");
  await expect(page.getByLabel("Net profit per year (£)")).toHaveValue("20000");
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("The seller has been e-mailed.");
  await page.getByRole("button", { name: "Mark under offer" }).click();
  await expect(toasts(page)).toContainText("Marked under offer");
  await expect(page.getByText(/^Under offer since /)).toBeVisible();

  const visitor = await page.context().browser()!.newPage({ baseURL: page.url() });
  await visitor.goto(`/buy?search=${encodeURIComponent(title)}`);
  const today = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date());
  await expect(card(visitor, title)).toContainText(`Under offer since ${today}`);
  await visitor.goto(`/buy?search=${encodeURIComponent(title)}&under-offer=hide`);
  await expect(visitor.getByText("No businesses for sale match your search.")).toBeVisible();

  await visitor.goto(`/buy?search=${encodeURIComponent(title)}`);
  await card(visitor, title).getByRole("link", { name: title }).click();
  await expect(visitor.getByText(`Under offer since ${today}`)).toBeVisible();
  const facts = visitor.getByRole("table", { name: "Key facts" });
  // £104,000 a year is £2,000 a week; £10,400 rent is 10% of it; £60,000 is 3 times £20,000 profit.
  await expect(facts.getByRole("row", { name: /^Weekly takings/ })).toContainText("£2,000");
  await expect(facts.getByRole("row", { name: /^Rent as a share of turnover/ })).toContainText("10.0%");
  await expect(facts.getByRole("row", { name: /^Asking price ÷ net profit/ })).toContainText("3.0×");
  await expect(facts.getByRole("row", { name: /^Relocatable/ })).toContainText("No");

  await page.getByRole("button", { name: "No longer under offer" }).click();
  await expect(toasts(page)).toContainText("No longer under offer");
  await visitor.reload();
  await expect(visitor.getByText(/Under offer since/)).toHaveCount(0);
  await visitor.close();
});

// /promote and /services on a phone (issue #50, point 7): each plan says
// whether it is a monthly subscription or a one-off payment, and that VAT is
// included (decision 0070); the spec's names, prices, periods and badges are
// unchanged; the cards fit a 390 px screen without scrolling sideways.
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

const MONTHLY = { tag: "Monthly subscription", detail: "Renews every month until you cancel. Price includes VAT." };
const ONE_OFF = { tag: "One-off payment", detail: "Covers one month and does not renew. Price includes VAT." };

/** Spec section 9: each plan's name, price, period and badge, and how it is paid. */
const pages = {
  "/promote": [
    { name: "The Starter Package", price: "£9.99", period: "per month", badge: null, billing: MONTHLY },
    { name: "The Feature Package", price: "£25.99", period: "for one month", badge: "Most Popular", billing: ONE_OFF },
    { name: "The Premier Package", price: "£49.99", period: "for one month", badge: "Best Choice", billing: ONE_OFF },
  ],
  "/services": [
    { name: "STARTER PLAN", price: "£39.99", period: "per month", badge: null, billing: MONTHLY },
    { name: "GROWTH PLAN", price: "£49.99", period: "per month", badge: "MOST POPULAR", billing: MONTHLY },
    { name: "VIP PLAN", price: "£199.99", period: "per month", badge: "BEST CHOICE", billing: MONTHLY },
  ],
} as const;

/** How far the page and each plan card reach past the screen's right edge, in pixels (0 when they fit). */
function overflow(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    cards: [...document.querySelectorAll("main [role=article]")].map((card) => {
      const box = card.getBoundingClientRect();
      return Math.max(0, box.right - document.documentElement.clientWidth, -box.left);
    }),
  }));
}

for (const [path, plans] of Object.entries(pages)) {
  test(`${path} tells each plan's way of paying and VAT apart at 390 px, with the spec's prices and badges`, async ({
    page,
  }) => {
    await page.goto(path);
    await hydrated(page);
    const main = page.getByRole("main");
    for (const plan of plans) {
      const card = main.getByRole("article").filter({ has: page.getByRole("heading", { name: plan.name }) });
      await expect(card.getByText(plan.billing.tag, { exact: true })).toBeVisible();
      await expect(card.getByText(plan.billing.detail, { exact: true })).toBeVisible();
      // The other way of paying is never said of this plan.
      const other = plan.billing === MONTHLY ? ONE_OFF : MONTHLY;
      await expect(card.getByText(other.tag, { exact: true })).toHaveCount(0);
      await expect(card.getByText(plan.price, { exact: true })).toBeVisible();
      await expect(card.getByText(plan.period, { exact: true })).toBeVisible();
      if (plan.badge) await expect(card.getByText(plan.badge, { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: `Get started with ${plan.name}` })).toBeVisible();
    }
    expect(await overflow(page)).toEqual({ page: 0, cards: plans.map(() => 0) });
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("/promote says what a promotion does, and shows no figures before last month has views", async ({ page }) => {
  await page.goto("/promote");
  const section = page.getByRole("region", { name: "What a promotion does" });
  await expect(section).toContainText("marks your business Featured");
  await expect(section).toContainText("home page spotlight");
  // This server's listings and businesses have no views from last month: the comparison is not in the page.
  await expect(section.getByRole("heading", { name: /^Last month on HBS/ })).toHaveCount(0);
  await expect(section.getByText("each on average")).toHaveCount(0);
});

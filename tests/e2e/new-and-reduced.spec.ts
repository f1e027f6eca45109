// "New this week" and "Price reduced" (decision 0084) as a visitor meets them
// on the sample data: the Egyptian café came down from £29,500 four days
// before seeding, and the kebab takeaway was published three days before.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const cards = (page: Page) => page.getByRole("article");
const card = (page: Page, title: string) => cards(page).filter({ hasText: title });
const egyptian = "Egyptian Café in Newport";
const kebab = "Established Kebab Takeaway in Cwmbran";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a reduced listing's card and page say so, and /buy filters and sorts by it", async ({ page }) => {
    await page.goto("/buy");
    await expect(card(page, egyptian).getByText("Price reduced", { exact: true })).toBeVisible();
    await expect(card(page, kebab).getByText("New this week", { exact: true })).toBeVisible();
    await expect(card(page, kebab).getByText("Price reduced", { exact: true })).toHaveCount(0);

    await page.getByText("More filters: price, turnover, profit, lease").click();
    await page.getByLabel("Price reduced").check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/reduced=yes/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(egyptian);

    await page.goto("/buy?sort=reduction");
    await expect(cards(page).first()).toContainText(egyptian);

    await card(page, egyptian).getByRole("link", { name: "View Details" }).click();
    const keyFacts = page.getByRole("table", { name: "Key facts" });
    await expect(keyFacts.getByRole("row", { name: /^Price reduced From £29,500 on / })).toBeVisible();
  });
});

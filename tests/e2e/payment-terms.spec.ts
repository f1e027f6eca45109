// Payment terms without interest (decision 0085): the buyer's calculator on a
// listing's page, worked out by the server, and /buy's Accepts filter.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const kebab = "Established Kebab Takeaway in Cwmbran";
const egyptian = "Egyptian Café in Newport";
const chaii = "Chaii Café in Newport";
const card = (page: Page, title: string) => page.getByRole("article").filter({ hasText: title });
const calculator = (page: Page) => page.getByRole("region", { name: "Deferred payment calculator" });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calculator on a sample listing works out the instalments and the total, with no interest", async ({
    page,
  }) => {
    await page.goto("/buy/kebab-takeaway-cwmbran");
    const calc = calculator(page);
    await expect(calc).toContainText(
      "An illustration, not financial advice. No interest is charged: the profit is fixed when you agree the price.",
    );
    // It starts from the listing's asking price.
    await expect(calc.getByLabel("Price (£)")).toHaveValue("45000");
    await calc.getByLabel("Deposit (£)").fill("5,000");
    await calc.getByLabel("Agreed fixed profit (£)").fill("2400");
    await calc.getByLabel("Number of months").fill("24");
    await calc.getByRole("button", { name: "Work out the instalments" }).click();
    await expect(page).toHaveURL(/\?calc=1&price=45000&deposit=5%2C000&profit=2400&months=24#payment-calculator$/);

    const result = calculator(page).getByRole("status");
    // £45,000 less £5,000; £45,000 and £2,400; £42,400 over 24 months, the last taking the pence left over.
    await expect(result.getByRole("definition")).toHaveText([
      "£40,000",
      "£47,400",
      "£1,766.66for 23 months, then £1,766.82 in the last month",
    ]);
    await result.getByText("Month by month (24 instalments)").click();
    await expect(result.getByRole("row").last()).toHaveText("24£1,766.82£0");
    await expect(page.getByText(/\bAPR\b|interest rate/i)).toHaveCount(0);

    await page.goto("/buy/kebab-takeaway-cwmbran?calc=1&price=45000&deposit=50000&months=0");
    const deposit = calculator(page).getByLabel("Deposit (£)");
    await expect(deposit).toHaveAccessibleDescription(/Deposit cannot be more than the price/);
    await expect(calculator(page).getByLabel("Number of months")).toHaveAccessibleDescription(
      /Months must be a whole number from 1 to 120/,
    );
    await expect(calculator(page).getByRole("status")).toHaveCount(0);
  });

  test("/buy keeps the listings that accept any of the terms ticked", async ({ page }) => {
    await page.goto("/buy");
    await page.getByText("More filters").click();
    await page.getByRole("checkbox", { name: "Deferred payment, no interest" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/accepts=deferred/);
    await expect(card(page, kebab)).toBeVisible();
    await expect(card(page, egyptian)).toHaveCount(0);
    await expect(card(page, chaii)).toHaveCount(0);

    // The panel stays open with the box ticked; a second term widens the list.
    await page.getByRole("checkbox", { name: "Shariah-compliant finance" }).check();
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/accepts=deferred&accepts=shariah_finance/);
    await expect(card(page, kebab)).toBeVisible();
    await expect(card(page, egyptian)).toBeVisible();
    await expect(card(page, chaii)).toHaveCount(0);
  });
});

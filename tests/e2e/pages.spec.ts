import { expect, test } from "@playwright/test";
import { memberRoutes, specRoutes } from "./routes";

for (const { path, heading } of specRoutes) {
  test(`${path} renders its heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
  });
}

for (const { path } of memberRoutes) {
  test(`${path} sends a visitor without a session to /auth, and back after`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to HBS");
  });
}

test("the footer has the quick links, company links, contact details and social links", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  for (const name of ["Buy", "Sell", "Services", "About us", "Contact", "Privacy policy", "Terms of service"]) {
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  }
  for (const name of ["Instagram", "TikTok", "Facebook"]) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("target", "_blank");
  }
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /\d{3}/ })).toHaveAttribute("href", /^tel:\+44/);
  await expect(footer).toContainText("Newport, United Kingdom");
  await footer.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
});

test("/about has the four values, the founding statement and the four stats", async ({ page }) => {
  await page.goto("/about");
  for (const value of ["Mission", "Community", "Trust", "Commitment"]) {
    await expect(page.getByRole("heading", { name: value, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("main")).toContainText("2025");
  for (const [figure, label] of [
    ["100+", "Active users"],
    ["10+", "Businesses sold"],
    ["10+", "Years experience"],
    ["92%", "Success rate"],
  ] as const) {
    await expect(page.getByRole("main").getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByText(figure, { exact: true }).first()).toBeVisible();
  }
});

test("/services shows the three plans of section 9 with prices, badges and 'Get started'", async ({ page }) => {
  await page.goto("/services");
  const main = page.getByRole("main");
  for (const [name, price] of [
    ["STARTER PLAN", "£39.99"],
    ["GROWTH PLAN", "£49.99"],
    ["VIP PLAN", "£199.99"],
  ] as const) {
    const card = main.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText(price);
    // A link until the page is hydrated, then a button opening the dialog.
    await expect(card.getByLabel(`Get started with ${name}`)).toHaveText("Get started");
  }
  await expect(main.getByText("MOST POPULAR")).toBeVisible();
  await expect(main.getByText("BEST CHOICE")).toBeVisible();
  await expect(main).toContainText("£400 NFC voucher");
  await expect(main).toContainText("2 Google Ads campaigns");
  await expect(main.getByRole("heading", { name: "Need a custom package?" })).toBeVisible();
  await expect(main.getByText("In partnership with")).toBeVisible();
});

test("/promote shows the three packages, four benefits and 'Contact us today'", async ({ page }) => {
  await page.goto("/promote");
  const main = page.getByRole("main");
  for (const [name, price] of [
    ["The Starter Package", "£9.99"],
    ["The Feature Package", "£25.99"],
    ["The Premier Package", "£49.99"],
  ] as const) {
    const card = main.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toContainText(price);
    await expect(card.getByLabel(`Get started with ${name}`)).toBeVisible();
  }
  await expect(main.getByText("Most Popular", { exact: true })).toBeVisible();
  await expect(main.getByText("Best Choice", { exact: true })).toBeVisible();
  await expect(main).toContainText("TikTok video/post");
  for (const benefit of ["Wide reach", "Boost visibility", "Target audience", "Quick results"]) {
    await expect(main.getByRole("heading", { name: benefit })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "Contact us today" })).toHaveAttribute("href", "/contact");
});

test("/contact shows the details and the hours", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText("Mon-Fri 9am-6pm");
  await expect(main.getByRole("heading", { name: "Need immediate help?" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Call now" })).toHaveAttribute("href", /^tel:\+44/);
});

test("/sell shows why to list with HBS and the review promise", async ({ page }) => {
  await page.goto("/sell");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Why list with HBS?" })).toBeVisible();
  for (const benefit of [
    "Reach thousands of potential buyers",
    "Professional listing presentation",
    "Confidential until you decide",
    "Expert consultation included",
    "Featured listing options available",
  ]) {
    await expect(main.getByText(benefit)).toBeVisible();
  }
  await expect(main).toContainText("24-48 hours");
});

import { expect, test } from "@playwright/test";
import { hydrated } from "./fixtures";

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("has the spec's links and opens each dropdown", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "The Halal Directory" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Contact" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "About" })).toBeVisible();

    const buyOrSell = nav.locator("summary", { hasText: "Buy or sell a business" });
    await expect(nav.getByRole("link", { name: "Buy", exact: true })).toBeHidden();
    await buyOrSell.click();
    await expect(nav.getByRole("link", { name: "Sell", exact: true })).toBeVisible();
    await nav.getByRole("link", { name: "Buy", exact: true }).click();
    await expect(page).toHaveURL(/\/buy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Buy a business" })).toBeVisible();
    // The dropdown closes once we have moved.
    await expect(nav.getByRole("link", { name: "Sell", exact: true })).toBeHidden();

    await nav.locator("summary", { hasText: "Our packages" }).click();
    await expect(nav.getByRole("link", { name: "Promote" })).toBeVisible();
    await nav.getByRole("link", { name: "Optimise" }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  test("closes a dropdown on Escape and on a click outside", async ({ page }) => {
    await page.goto("/about");
    // Escape and a click outside close it once the page has come alive.
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const toggle = nav.locator("summary", { hasText: "Our packages" });
    await toggle.click();
    await expect(nav.getByRole("link", { name: "Promote" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Promote" })).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(nav.getByRole("link", { name: "Promote" })).toBeHidden();
  });

  test("Sign in goes to /auth", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("mobile navigation", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("toggles a menu with the same links, grouped", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = page.getByTestId("mobile-menu");
    await expect(nav.locator("summary", { hasText: "Buy or sell a business" })).toBeHidden();
    await expect(menu).toBeHidden();

    const toggle = nav.getByLabel("Menu");
    await toggle.click();
    await expect(menu).toBeVisible();
    for (const name of [
      "Home",
      "The Halal Directory",
      "Buy",
      "Sell",
      "Promote",
      "Optimise",
      "Contact",
      "About",
      "Sign in",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("heading", { name: "Buy or sell" })).toBeVisible();
    await expect(menu.getByRole("heading", { name: "Our packages" })).toBeVisible();

    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Sell", exact: true }).click();
    await expect(page).toHaveURL(/\/sell$/);
    await expect(menu).toBeHidden();
  });

  test("a menu opened before the page has come alive stays open as it does", async ({ page }) => {
    // The page's scripts are held back until the menu is open.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await page.getByRole("navigation", { name: "Main" }).getByLabel("Menu").click();
    await expect(menu).toBeVisible();

    release();
    await hydrated(page);
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Sell", exact: true }).click();
    await expect(page).toHaveURL(/\/sell$/);
    await expect(menu).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("the dropdowns still open and their links work", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Buy or sell a business" }).click();
    await nav.getByRole("link", { name: "Sell", exact: true }).click();
    await expect(page).toHaveURL(/\/sell$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sell your business" })).toBeVisible();
  });
});

test("on a reload, a visitor who scrolls on before the page comes alive stays where they are", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/halal-network-space");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

  // The reload puts the page back at 400 as it is parsed; the visitor scrolls
  // on before its scripts arrive, and hydrating must not pull them back.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await page.evaluate(() => window.scrollTo(0, 900));
  release();
  await hydrated(page);
  // Two frames after hydration: any scroll restored on hydrating has been drawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});

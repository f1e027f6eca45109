import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
/**
 * The banner is not on the page at all: neither shown nor waiting for its 1 s delay (while it waits it
 * is in the page but not in the accessibility tree), so no wait for the delay can change the answer.
 */
const bannerGone = (page: Page) =>
  expect(page.locator('section[aria-labelledby="cookie-banner-title"]')).toHaveCount(0);

for (const [button, stored] of [
  ["Accept all", "accepted"],
  ["Decline", "declined"],
] as const) {
  test(`appears after a second, and '${button}' is stored and respected`, async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible({ timeout: 3000 });
    await expect(banner(page)).toContainText("We use cookies to enhance your browsing experience");

    // A click before hydration takes the form's path without JavaScript (a
    // cookie, no browser storage), which a slow runner met in CI.
    await hydrated(page);
    await banner(page).getByRole("button", { name: button }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe(stored);

    await page.reload();
    await bannerGone(page);
    await page.goto("/about");
    await bannerGone(page);
  });
}

test("the choice in browser storage alone is respected", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("cookie-consent", "declined"));
  await page.reload();
  // Drawn by the server, which does not see browser storage, and taken away as the page hydrates.
  await hydrated(page);
  await bannerGone(page);
});

test("does not appear before a second has passed", async ({ page }) => {
  // Read the page's own clock, so that a slow machine cannot fool the test.
  // After the load the stylesheet applies; the appear animation fills
  // forwards, so it can be read whether or not it has finished.
  await page.goto("/");
  const section = page.locator('section[aria-labelledby="cookie-banner-title"]');
  const state = await section.evaluate((el) => {
    const animation = el.getAnimations()[0];
    return {
      delay: animation?.effect?.getTiming().delay,
      elapsed: Number(animation?.currentTime ?? 0),
      visibility: getComputedStyle(el).visibility,
    };
  });
  expect(state.delay).toBe(1000);
  if (state.elapsed < 1000) expect(state.visibility).toBe("hidden");
  await expect(banner(page)).toBeVisible({ timeout: 3000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the buttons still store the choice", async ({ page }) => {
    await page.goto("/contact");
    await expect(banner(page)).toBeVisible({ timeout: 3000 });
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await bannerGone(page);
  });
});

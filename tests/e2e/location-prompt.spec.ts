import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { cookieChoiceMade, hydrated, test as memberTest } from "./fixtures";

// The cookie choice made: the prompt waits its turn behind the banner
// (decision 0073; first-screen.spec.ts shows the turns).
test.beforeEach(({ context, baseURL }) => cookieChoiceMade(context, baseURL!));

const prompt = (page: Page) => page.getByRole("region", { name: "Show businesses near you?" });
/** Reloads with the page's clock under the test's hand, and lets the prompt's 2 s pass on it: no prompt. */
async function noPromptAfterReload(page: Page) {
  await page.clock.install();
  await page.reload();
  await hydrated(page);
  await page.clock.runFor(2_500);
  await expect(prompt(page)).toBeHidden();
}
const stored = (page: Page) =>
  page.evaluate(() => ({
    permission: localStorage.getItem("location-permission"),
    location: JSON.parse(localStorage.getItem("user-location") ?? "null"),
  }));

test.describe("with the browser's permission", () => {
  test.use({ geolocation: { latitude: 51.5842, longitude: -2.9977 }, permissions: ["geolocation"] });

  test("appears after two seconds; Allow stores the position", async ({ page }) => {
    // The page notes when the prompt first appears, on its own clock (0 is
    // the start of the navigation), so a slow test runner cannot skew it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.getElementById("location-prompt-title")) return;
        (window as unknown as { promptShownAt: number }).promptShownAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    // Not before 2 s (below); how long after is the runner's speed, not the page's.
    await expect(prompt(page)).toBeVisible({ timeout: 10_000 });
    const shownAt = await page.evaluate(() => (window as unknown as { promptShownAt: number }).promptShownAt);
    expect(shownAt).toBeGreaterThanOrEqual(2000);

    await prompt(page).getByRole("button", { name: "Allow" }).click();
    await expect(prompt(page)).toBeHidden();
    await expect
      .poll(() => stored(page))
      .toEqual({
        permission: "granted",
        location: { latitude: 51.5842, longitude: -2.9977, granted: true },
      });

    await noPromptAfterReload(page);
  });
});

test("Not now stores denied and it never shows again", async ({ page }) => {
  await page.goto("/");
  await prompt(page).getByRole("button", { name: "Not now" }).click();
  await expect(prompt(page)).toBeHidden();
  expect((await stored(page)).permission).toBe("denied");

  await noPromptAfterReload(page);
});

test("a geolocation error stores denied", async ({ page }) => {
  // No geolocation permission in this context: the browser refuses.
  await page.goto("/");
  await prompt(page).getByRole("button", { name: "Allow" }).click();
  await expect.poll(async () => (await stored(page)).permission).toBe("denied");
  expect((await stored(page)).location).toBeNull();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the prompt sits at the foot of the screen and has no serious axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.clock.install();
    await page.goto("/halal-network-space");
    await hydrated(page);
    await page.clock.runFor(2_000);
    await expect(prompt(page)).toBeVisible();
    const box = (await prompt(page).boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(box.y).toBeGreaterThan(heading.y + heading.height);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

memberTest("the back office never offers it: staff came to work", async ({ signInAsNewAdmin, signInElsewhere }) => {
  // Another browser of the same member of staff, whose prompt has never been answered.
  const staff = await signInElsewhere(await signInAsNewAdmin());
  await staff.clock.install();
  // A public page offers it (and its script is then at hand), so the back office's not offering it is its own doing.
  await staff.goto("/");
  await hydrated(staff);
  await staff.clock.runFor(2_500);
  await expect(prompt(staff)).toBeVisible();
  await staff.goto("/admin");
  await hydrated(staff);
  await staff.clock.runFor(2_500);
  await expect(staff.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(prompt(staff)).toBeHidden();
});

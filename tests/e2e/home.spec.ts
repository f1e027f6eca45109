import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

const searchbox = (page: Page) => page.getByRole("searchbox", { name: "Search" });

test("the hero types the ten business types into the search placeholder", async ({ page }) => {
  // Every placeholder the page shows, noted by the page itself: sampling from
  // the test runner can miss the brief partial words on a busy machine.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { placeholdersSeen: seen });
    // The one the server rendered, then each change.
    document.addEventListener("DOMContentLoaded", () => {
      seen.unshift(document.querySelector("main input[type=search]")?.getAttribute("placeholder") ?? "");
    });
    new MutationObserver((records) => {
      for (const record of records) {
        const value = (record.target as Element).getAttribute("placeholder");
        if (value !== null) seen.push(value);
      }
    }).observe(document, { attributes: true, attributeFilter: ["placeholder"], subtree: true });
  });
  await page.goto("/");
  const seen = () => page.evaluate(() => (window as unknown as { placeholdersSeen: string[] }).placeholdersSeen);
  // "cafes" starts about 4.5 s in on an idle machine.
  await expect
    .poll(async () => (await seen()).some((p) => /^Search c(a(f(es?)?)?)?/.test(p)), { timeout: 15_000 })
    .toBe(true);
  const placeholders = await seen();
  expect(placeholders).toContain("Search restaurants...");
  // Partial words appear while typing and deleting.
  expect(placeholders.some((p) => /^Search r[a-z]{0,9}$/.test(p))).toBe(true);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });

  test("the placeholder stays still", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const first = await searchbox(page).getAttribute("placeholder");
    // Five seconds on the page's clock, a second at a time so that the page renders between: past the
    // typewriter's 2 s pause and many of its 50 ms steps, were it moving.
    for (let second = 0; second < 5; second++) await page.clock.runFor(1_000);
    expect(await searchbox(page).getAttribute("placeholder")).toBe(first);
  });
});

test("Directory is the default tab; the search goes to the directory, trimmed", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("radio", { name: "Directory" })).toBeChecked();
  await searchbox(page).fill("  dental  ");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/halal-network-space\?search=dental$/);
});

test("the Buy tab searches businesses for sale; empty text goes to the bare path", async ({ page }) => {
  await page.goto("/");
  // Hydration sets the Directory tab's `checked` attribute again, which takes back a choice clicked before it.
  await hydrated(page);
  await page.getByRole("radio", { name: "Buy" }).check();
  await searchbox(page).fill("kebab shop");
  await searchbox(page).press("Enter");
  await expect(page).toHaveURL(/\/buy\?search=kebab(%20|\+)shop$/);

  await page.goto("/");
  await hydrated(page);
  await page.getByRole("radio", { name: "Buy" }).check();
  await searchbox(page).fill("   ");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/buy$/);
});

test("the calls to action go where the spec says", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Explore directory" }).first()).toHaveAttribute(
    "href",
    "/halal-network-space",
  );
  await expect(main.getByRole("link", { name: "View all listings" }).first()).toHaveAttribute("href", "/buy");
  await expect(main.getByRole("link", { name: "Promote Your Business" })).toHaveAttribute("href", "/promote");
  await expect(main.getByRole("link", { name: "Optimise Your Business" })).toHaveAttribute("href", "/promote");
  await expect(main.getByRole("link", { name: "Sell your business" })).toHaveAttribute("href", "/sell");
});

test("a featured listing opens the detail dialog and the image viewer from home", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const forSale = page.getByRole("region", { name: "Businesses for sale" });
  const card = forSale.getByRole("article").filter({ hasText: "Egyptian Café in Newport" });
  await card.getByRole("button", { name: "View Details" }).click();
  await expect(page.getByRole("dialog", { name: "Egyptian Café in Newport" })).toBeVisible();
  await page.keyboard.press("Escape");
  await card.getByRole("button", { name: /View photos of/ }).click();
  await expect(page.getByRole("dialog", { name: "Photos of Egyptian Café in Newport" })).toContainText("1 / 8");
});

test.describe("carousels on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("auto-advance every 4 s, loop, stop on interaction, and work by keyboard", async ({ page }) => {
    // The page's clock is the test's, standing still from the start: the page comes alive and the
    // seconds between moves pass only as the test runs it on.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60 * 60_000));
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("cookie-consent", "accepted"));
    const carousel = page.getByRole("region", { name: "Featured businesses" });
    await carousel.scrollIntoViewIfNeeded();
    const selected = () =>
      carousel.evaluate((region) => {
        const viewport = region.querySelector("[data-carousel-viewport], .overflow-hidden") ?? region;
        const box = viewport.getBoundingClientRect();
        const slides = [...region.querySelectorAll('[aria-roledescription="slide"]')];
        return slides.findIndex((s) => Math.abs(s.getBoundingClientRect().left - box.left) < 40);
      });
    // Watch two automatic moves: they come 4 s apart, in order. The page
    // itself notes when each move starts (the track's first style change
    // after a still spell of 2 s), on its clock, which the test runs on a
    // tenth of a second at a time.
    await carousel.evaluate((region) => {
      const track = region.querySelector('[aria-roledescription="slide"]')!.parentElement!;
      const starts: number[] = [];
      let lastChange = -Infinity;
      new MutationObserver(() => {
        const now = performance.now();
        if (now - lastChange > 2000) starts.push(now);
        lastChange = now;
      }).observe(track, { attributes: true, attributeFilter: ["style"] });
      (window as unknown as { moveStarts: number[] }).moveStarts = starts;
    });
    // Hydration (after the load event) and then the carousel's script start autoplay.
    const stop = carousel.getByRole("button", { name: "Stop automatic slide show" });
    for (let ms = 0; ms < 10_000 && !(await stop.isVisible()); ms += 100) await page.clock.runFor(100);
    await expect(stop).toBeVisible();
    const moves: number[] = [];
    let last = await selected();
    for (let ms = 0; ms < 12_000 && moves.length < 2; ms += 100) {
      await page.clock.runFor(100);
      const index = await selected();
      if (index >= 0 && index !== last) moves.push(index);
      last = index;
    }
    expect(moves).toEqual([1, 2]);
    const starts = await page.evaluate(() => (window as unknown as { moveStarts: number[] }).moveStarts);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    const interval = starts[1]! - starts[0]!;
    expect(interval).toBeGreaterThan(3500);
    expect(interval).toBeLessThan(5000);

    // Keyboard: Previous/Next, and interaction stops autoplay: 8 s on, it has not moved.
    await page.clock.resume();
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect.poll(selected).toBe(1);
    await page.clock.runFor(8_000);
    expect(await selected()).toBe(1);
    await carousel.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(selected).toBe(2);
    await page.keyboard.press("Enter");
    // It loops back to the first slide.
    await expect.poll(selected).toBe(0);
    await expect(carousel.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form still takes you to the right list", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("radio", { name: "Buy" }).check();
    await searchbox(page).fill(" cafe ");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/buy\?search=cafe$/);
    await expect(page.getByRole("region", { name: "Businesses for sale" }).getByRole("article")).toHaveCount(2);
  });

  test("the featured slides are still there to scroll through", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Featured businesses" });
    await expect(carousel.getByRole("group")).toHaveCount(3);
    await expect(carousel.getByRole("link", { name: "Cwmbran Kebab & Grill" })).toHaveAttribute(
      "href",
      "/halal-network-space/cwmbran-kebab-and-grill",
    );
  });
});

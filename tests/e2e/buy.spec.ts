import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./fixtures";

const results = (page: Page) => page.getByRole("region", { name: "Businesses for sale" });
const cards = (page: Page) => results(page).getByRole("article");
const kebab = (page: Page) => cards(page).filter({ hasText: "Established Kebab Takeaway in Cwmbran" });

test("lists the businesses for sale with the spec's card", async ({ page }) => {
  await page.goto("/buy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Buy a business");
  await expect(page.getByText("Browse verified halal businesses for sale across the UK")).toBeVisible();
  await expect(results(page)).toContainText("Showing 3 businesses");
  await expect(kebab(page)).toContainText("3 Offers Made");
  await expect(kebab(page)).toContainText("£45,000");
  await expect(kebab(page)).toContainText("£778 Lease/Month");
  await expect(cards(page).filter({ hasText: "Chaii Café" })).toContainText("1 Offer Made");
});

test("search, category, location and sort filter and order the list, in the URL", async ({ page }) => {
  await page.goto("/buy?search=newport");
  await expect(page.getByPlaceholder("Search businesses...")).toHaveValue("newport");
  await expect(cards(page)).toHaveCount(2);

  // The dropdowns apply themselves once the page has come alive.
  await hydrated(page);
  await page.getByLabel("Sort by").selectOption("price-asc");
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(cards(page).first()).toContainText("£25,000");
  await page.getByLabel("Sort by").selectOption("price-desc");
  await expect(cards(page).first()).toContainText("£45,000");

  await page.getByLabel("Location").selectOption("Cwmbran");
  await expect(page).toHaveURL(/location=Cwmbran/);
  await expect(results(page)).toContainText("Showing 0 businesses");
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(cards(page)).toHaveCount(3);

  await page.getByLabel("Category").selectOption("retail");
  await expect(results(page)).toContainText("Showing 0 businesses");
  await page.goBack();
  await expect(cards(page)).toHaveCount(3);
});

test("the detail dialog and the register-interest dialog open from a card", async ({ page }) => {
  await page.goto("/buy");
  await hydrated(page);
  await kebab(page).getByRole("button", { name: "View Details" }).click();
  const details = page.getByRole("dialog", { name: "Established Kebab Takeaway in Cwmbran" });
  await expect(details).toBeVisible();
  await expect(details.getByRole("link", { name: "Open the full page" })).toHaveAttribute(
    "href",
    "/buy/kebab-takeaway-cwmbran",
  );
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();
  await expect(kebab(page).getByRole("button", { name: "View Details" })).toBeFocused();

  await kebab(page).getByRole("button", { name: "Register Interest" }).click();
  const interest = page.getByRole("dialog", { name: "Register Interest" });
  await expect(interest.getByLabel("Full Name")).toBeVisible();
  await expect(interest.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(interest.getByLabel("Contact Number")).toHaveAttribute("type", "tel");
});

test("the image viewer opens at an index, moves with arrows without wrapping, and closes", async ({ page }) => {
  await page.goto("/buy");
  await hydrated(page);
  const opener = kebab(page).getByRole("button", { name: /View photos of/ });
  await opener.click();
  const viewer = page.getByRole("dialog", { name: "Photos of Established Kebab Takeaway in Cwmbran" });
  await expect(viewer).toContainText("1 / 10");
  await expect(viewer.getByRole("button", { name: "Previous image" })).toHaveCount(0);
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText("1 / 10");
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("2 / 10");
  await expect(viewer.getByRole("button", { name: "Previous image" })).toBeVisible();
  for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("10 / 10");
  await expect(viewer.getByRole("button", { name: "Next image" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();

  // The backdrop closes it too.
  await opener.click();
  await expect(viewer).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(viewer).toBeHidden();
});

test("each listing has its own page with an Offer in JSON-LD", async ({ page }) => {
  await page.goto("/buy");
  await kebab(page).getByRole("link", { name: "Established Kebab Takeaway in Cwmbran" }).click();
  await expect(page).toHaveURL(/\/buy\/kebab-takeaway-cwmbran$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Established Kebab Takeaway in Cwmbran");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/buy\/kebab-takeaway-cwmbran$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Kebab Takeaway/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /kebab/i);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "Offer", price: "45000.00", priceCurrency: "GBP" });
  expect(jsonLd.itemOffered).toMatchObject({ "@type": "LocalBusiness" });

  // The viewer is JavaScript's alone: a click before the page hydrates would be lost.
  await hydrated(page);
  await page.getByRole("button", { name: "View photo 3 of 10" }).click();
  await expect(page.getByRole("dialog")).toContainText("3 / 10");
  await expect(page.locator("#register-interest").getByLabel("Full Name")).toBeVisible();

  expect((await page.goto("/buy/no-such-listing"))?.status()).toBe(404);
});

test("the sitemap lists every public page and robots.txt points to it", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  const index = await (await request.get("/sitemap.xml")).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const urls: string[] = [];
  for (const part of parts) {
    const xml = await (await request.get(part)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  }
  expect(urls).toEqual(
    expect.arrayContaining([
      "/",
      "/buy",
      "/halal-network-space",
      "/about",
      "/buy/chaii-cafe-newport",
      "/halal-network-space/sparkbrook-dental-practice",
    ]),
  );
  expect(urls.filter((u) => u.startsWith("/buy/"))).toHaveLength(3);
  expect(urls.filter((u) => u.startsWith("/halal-network-space/"))).toHaveLength(8);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("filters are a GET form and the card links to the listing's page", async ({ page }) => {
    await page.goto("/buy");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(cards(page).first()).toContainText("£25,000");
    await kebab(page).getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/buy\/kebab-takeaway-cwmbran$/);
  });
});

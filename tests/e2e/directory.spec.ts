import { expect, test, type Page } from "@playwright/test";
import { cookieChoiceMade, hydrated } from "./fixtures";

const results = (page: Page) => page.getByRole("region", { name: "Businesses" });
const cards = (page: Page) => results(page).getByRole("article");

test("cards show what the spec lists, featured first", async ({ page }) => {
  await page.goto("/halal-network-space");
  await expect(results(page)).toContainText("Showing 8 businesses");
  await expect(cards(page)).toHaveCount(8);

  const kebab = cards(page).filter({ hasText: "Cwmbran Kebab & Grill" });
  await expect(kebab.getByText("Featured", { exact: true })).toBeVisible();
  await expect(kebab.getByText("Restaurant/Takeaway")).toBeVisible();
  await expect(kebab.getByRole("link", { name: "5 Victoria Street, Cwmbran NP44 3JS" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=5%20Victoria%20Street/,
  );
  await expect(kebab.getByRole("link", { name: "01632 960 107" })).toHaveAttribute("href", "tel:+441632960107");
  const website = kebab.getByRole("link", { name: /Visit website/ });
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(website).toHaveAttribute("rel", /noopener/);
  await expect(kebab.getByRole("button", { name: "Add Cwmbran Kebab & Grill to favourites" })).toBeVisible();

  const dental = cards(page).filter({ hasText: "Caerleon Road Dental Practice" });
  await expect(dental.getByText("Dental Practice", { exact: true })).toBeVisible();
  await expect(dental.getByText("Restaurant/Takeaway")).toHaveCount(0);

  // Featured businesses come first.
  const names = await cards(page).getByRole("heading").allTextContents();
  const featured = ["Cwmbran Family Dental Practice", "Cwmbran Kebab & Grill", "Newport Smile Dental Clinic"];
  expect(names.slice(0, 3).sort()).toEqual(featured);
});

test("searches by name from ?search=, with the location dropdown and category tabs in the URL", async ({ page }) => {
  await page.goto("/halal-network-space?search=dental");
  await expect(page.getByLabel("Business name")).toHaveValue("dental");
  await expect(cards(page)).toHaveCount(6);

  // The dropdown applies itself once the page has come alive.
  await hydrated(page);
  await page.getByLabel("Location").selectOption("Newport");
  await expect(page).toHaveURL(/location=Newport/);
  await expect(cards(page)).toHaveCount(2);

  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Food & Dining" }).click();
  await expect(page).toHaveURL(/category=food/);
  await expect(page.getByText("No businesses found matching your search criteria.")).toBeVisible();

  await page.goBack();
  await expect(cards(page)).toHaveCount(2);

  await page.goForward();
  await page.getByRole("link", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/halal-network-space$/);
  await expect(cards(page)).toHaveCount(8);
});

test("the location dropdown offers 'All Locations' and the towns in the data", async ({ page }) => {
  await page.goto("/halal-network-space");
  const options = await page.getByLabel("Location").locator("option").allTextContents();
  expect(options).toEqual(["All Locations", "Birmingham", "Cardiff", "Cwmbran", "Manchester", "Newport"]);
});

test.describe("with a shared location", () => {
  test.use({ geolocation: { latitude: 53.4808, longitude: -2.2426 }, permissions: ["geolocation"] });

  test("the nearest comes first after the featured, once the visitor allows it", async ({ page, baseURL }) => {
    // The cookie choice made, so the prompt has its turn (decision 0073).
    await cookieChoiceMade(page.context(), baseURL!);
    await page.goto("/halal-network-space?category=other");
    await page
      .getByRole("region", { name: "Show businesses near you?" })
      .getByRole("button", { name: "Allow" })
      .click();
    const firstUnfeatured = cards(page)
      .filter({ hasNot: page.getByText("Featured", { exact: true }) })
      .first();
    await expect(firstUnfeatured).toContainText("Cheetham Hill Dental Studio");
    // The sample businesses sit at their town's centre: no distance, but where (decision 0074).
    await expect(firstUnfeatured).toContainText("Manchester · placed at the centre of Manchester");
  });
});

test("a visitor who taps the heart is sent to sign in with the spec's message", async ({ page }) => {
  await page.goto("/halal-network-space");
  await page.getByRole("button", { name: "Add Newport Peri Peri House to favourites" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fhalal-network-space/);
  await expect(page.getByText("Authentication Required")).toBeVisible();
  await expect(page.getByText("Please sign in to save favorite businesses.")).toBeVisible();
});

test("each business has its own page with SEO tags and LocalBusiness JSON-LD", async ({ page }) => {
  await page.goto("/halal-network-space");
  await cards(page)
    .filter({ hasText: "Newport Peri Peri House" })
    .getByRole("link", { name: "Newport Peri Peri House" })
    .click();
  await expect(page).toHaveURL(/\/halal-network-space\/newport-peri-peri-house$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newport Peri Peri House");
  await expect(page).toHaveTitle(/Newport Peri Peri House/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /\/halal-network-space\/newport-peri-peri-house$/,
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /^http.*\/uploads\/seed\/.+\.webp$/,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "Restaurant", name: "Newport Peri Peri House", telephone: "01632 960 108" });
  expect(jsonLd.address).toMatchObject({ addressLocality: "Newport", addressCountry: "GB" });
  await expect(page.locator("dd", { hasText: "Fully halal" })).toBeVisible();

  expect((await page.goto("/halal-network-space/no-such-business"))?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form, dropdown and tabs work as plain links and GET forms", async ({ page }) => {
    await page.goto("/halal-network-space");
    await page.getByLabel("Business name").fill("grill");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/search=grill/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/search=grill.*category=other|category=other.*search=grill/);
  });
});

// Filters on a phone (issue #50, point 2; decision 0071): on /buy and the
// directory, list and map, the search box and one "Filters (n)" disclosure come
// before the results (first-screen.spec.ts measures that the first result is on
// the first screen of a 390 × 844 phone). Inside: the other filters, the places
// in one "Where" group, and one button. "Save this search" is one button that
// opens its form.
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { cookieChoiceMade, expect, hydrated, test } from "./fixtures";

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

const kebab = "Established Kebab Takeaway in Cwmbran";

const filters = (page: Page) => page.locator("summary", { hasText: /^Filters/ });
const saveSummary = (page: Page) => page.locator("summary", { hasText: "Save this search" });
const listings = (page: Page) => page.getByRole("region", { name: "Businesses for sale" }).getByRole("article");
const businesses = (page: Page) => page.getByRole("region", { name: "Businesses", exact: true }).getByRole("article");

/** The first result: the map on a map view (it shows the results), else the first card. */
function firstResult(page: Page, path: string) {
  if (path.includes("view=map")) return page.getByRole("region", { name: "Map of these results", exact: true });
  return (path.startsWith("/buy") ? listings(page) : businesses(page)).first();
}

function expectAllOnFirstScreen(tops: Record<string, number>) {
  for (const [path, top] of Object.entries(tops)) {
    expect(top, `the top of ${path}'s first result`).toBeGreaterThan(0);
    expect(top, `the top of ${path}'s first result`).toBeLessThan(phone.height);
  }
}

test("'Filters' opens the other filters, the places together under 'Where' and one button, and counts those on", async ({
  page,
  baseURL,
}) => {
  await cookieChoiceMade(page.context(), baseURL!);
  await page.goto("/buy");
  const form = page.getByRole("search", { name: "Search businesses for sale" });
  await expect(form.getByPlaceholder("Search businesses...")).toBeVisible();
  await expect(filters(page)).toHaveText("Filters");
  await expect(form.getByLabel("Category")).toBeHidden();
  await filters(page).click();
  await expect(form.getByLabel("Category")).toBeVisible();
  await expect(form.getByLabel("Sort by")).toBeVisible();
  const where = form.getByRole("group", { name: "Where" });
  await expect(where.getByLabel("Location")).toBeVisible();
  await expect(where.getByLabel("Near a postcode or town")).toBeVisible();
  await expect(where.getByLabel("Within")).toBeVisible();
  await expect(form.getByText("More filters")).toBeVisible();
  await expect(form.getByRole("button")).toHaveCount(1);
  await expect(form.getByRole("button")).toHaveText("Search");
  expect(await seriousViolations(page)).toEqual([]);

  // The search box and the sort are not filters; a figure /buy could not use is not on.
  await page.goto("/buy?search=cafe&sort=price-asc&category=food&location=Cwmbran&min-price=20000&max-price=lots");
  await expect(filters(page)).toHaveText("Filters (3)");
  // A refused figure opens the filters to say why.
  await expect(form.getByText("The highest price must be an amount in pounds, like 50000")).toBeVisible();

  await page.goto("/halal-network-space");
  const directory = page.getByRole("search", { name: "Search the directory" });
  await expect(directory.getByPlaceholder("Search by business name")).toBeVisible();
  await expect(filters(page)).toHaveText("Filters");
  // The spec's category tabs stay in sight, outside the filters.
  await expect(
    page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Food & Dining" }),
  ).toBeVisible();
  await expect(directory.getByLabel("Location")).toBeHidden();
  await filters(page).click();
  await expect(directory.getByRole("group", { name: "Where" }).getByLabel("Location")).toBeVisible();
  await expect(directory.getByLabel("Near a postcode or town")).toBeVisible();
  await expect(directory.getByLabel("Open now")).toBeVisible();
  await expect(directory.getByRole("button")).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/halal-network-space?category=food&location=Newport&halal=fully&open=now&certifier=nobody");
  await expect(filters(page)).toHaveText("Filters (3)");
});

test("with JavaScript, a dropdown applies at once with the filters left open; the button applies the rest and closes them", async ({
  page,
  baseURL,
}) => {
  await cookieChoiceMade(page.context(), baseURL!);
  await page.goto("/buy");
  await hydrated(page);
  await filters(page).click();
  await page.getByLabel("Category").selectOption("food");
  await expect(page).toHaveURL(/category=food/);
  await expect(filters(page)).toHaveText("Filters (1)");
  await expect(page.getByLabel("Category")).toBeVisible();
  await page.getByLabel("Near a postcode or town").fill("Cwmbran");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/near=Cwmbran/);
  await expect(filters(page)).toHaveText("Filters (2)");
  await expect(page.getByLabel("Category")).toBeHidden();
  await expect(listings(page).filter({ hasText: kebab })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters open, and apply with the one button", async ({ page, baseURL }) => {
    await cookieChoiceMade(page.context(), baseURL!);
    await page.goto("/buy");
    await filters(page).click();
    await page.getByLabel("Location").selectOption("Cwmbran");
    await page.getByText("More filters").click();
    await page.getByLabel("From", { exact: true }).fill("40000");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=Cwmbran/);
    await expect(page).toHaveURL(/min-price=40000/);
    await expect(filters(page)).toHaveText("Filters (2)");
    await expect(page.getByLabel("Location")).toBeHidden();
    await expect(listings(page).filter({ hasText: kebab })).toBeVisible();
    await expect(listings(page).filter({ hasText: "Newport" })).toHaveCount(0);
    expectAllOnFirstScreen({
      "/buy": await firstResult(page, "/buy").evaluate((el) => el.getBoundingClientRect().top),
    });

    // With the filters closed, Enter in the search box sends the form.
    await page.goto("/halal-network-space");
    await page.getByPlaceholder("Search by business name").fill("grill");
    await page.getByPlaceholder("Search by business name").press("Enter");
    await expect(page).toHaveURL(/search=grill/);
    await expect(businesses(page).filter({ hasText: "Cwmbran Kebab & Grill" })).toBeVisible();

    await page.goto("/halal-network-space");
    await filters(page).click();
    await page.getByLabel("Location").selectOption("Cwmbran");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=Cwmbran/);
    await expect(filters(page)).toHaveText("Filters (1)");
    await expect(businesses(page).first()).toBeVisible();
    for (const card of await businesses(page).all()) await expect(card).toContainText("Cwmbran");
  });

  test("'Save this search' opens its form, named in words", async ({ page, baseURL, signUpAndSignIn }) => {
    await cookieChoiceMade(page.context(), baseURL!);
    await signUpAndSignIn();
    await page.goto("/buy");
    const save = page.getByRole("form", { name: "Save this search" });
    await expect(save).toBeHidden();
    await saveSummary(page).click();
    await expect(save.getByLabel("Name")).toHaveValue("All businesses for sale");
    await page.goto("/buy?category=food&location=Cwmbran");
    await saveSummary(page).click();
    await expect(save.getByLabel("Name")).toHaveValue("Food & Beverage in Cwmbran");
    await save.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/my-searches$/);
    await expect(page.getByText("Search saved")).toBeVisible();
  });

  test.describe("on a wide screen", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the filters stay in sight, as the desktop pages were, with no 'Filters' to press", async ({ page }) => {
      await page.goto("/buy");
      await expect(filters(page)).toBeHidden();
      await expect(page.getByLabel("Category")).toBeVisible();
      await expect(page.getByLabel("Near a postcode or town")).toBeVisible();
      await page.goto("/halal-network-space");
      await expect(filters(page)).toBeHidden();
      await expect(page.getByLabel("Location")).toBeVisible();
      await expect(page.getByLabel("Open now")).toBeVisible();
    });
  });
});

test("with JavaScript, 'Save this search' opens from its button and saves", async ({
  page,
  baseURL,
  signUpAndSignIn,
}) => {
  await cookieChoiceMade(page.context(), baseURL!);
  await signUpAndSignIn();
  await page.goto("/buy?location=Cwmbran");
  await hydrated(page);
  const save = page.getByRole("form", { name: "Save this search" });
  await expect(save).toBeHidden();
  await saveSummary(page).click();
  await expect(save.getByLabel("Name")).toHaveValue("Businesses in Cwmbran");
  expect(await seriousViolations(page)).toEqual([]);
  await save.getByRole("button", { name: "Save this search" }).click();
  await expect(page).toHaveURL(/\/my-searches$/);
});

test("a visitor's 'Sign in to save this search' is one line, with its icon at full size", async ({ page }) => {
  await page.goto("/buy");
  const link = page.getByRole("link", { name: "Sign in to save this search" });
  const box = (await link.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  const icon = (await link.locator("svg").boundingBox())!;
  expect(icon.width).toBeGreaterThanOrEqual(16);
  expect(icon.height).toBeGreaterThanOrEqual(16);
});

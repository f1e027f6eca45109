// Near a postcode or town, and the maps (decision 0034), against the sample
// data: Cwmbran's businesses are about 0.3 miles from district NP44's centre,
// Newport's about 4.8 miles. The sample businesses sit at their town's centre,
// so their cards say so instead of a distance, and each town's are one marker
// on the map, with their count (decision 0074). The maps draw from the local
// tile stand-in.
import { expect, test, type Page } from "@playwright/test";
import { TILE_PEER_URL } from "../../playwright.config";
import { seriousViolations } from "./axe";

const businesses = (page: Page) => page.getByRole("region", { name: "Businesses", exact: true }).getByRole("article");
const listings = (page: Page) => page.getByRole("region", { name: "Businesses for sale" }).getByRole("article");

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("location-permission", "denied");
    localStorage.setItem("cookie-consent", "accepted");
  });
});

test("the directory finds businesses near a postcode, nearest first in miles, with the search in the URL", async ({
  page,
}) => {
  await page.goto("/halal-network-space");
  await page.getByLabel("Near a postcode or town").fill("np44 1pu");
  await page.getByLabel("Within").selectOption("3");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/near=np44\+1pu&radius=3/);
  await expect(
    page.getByText("Within 3 miles of NP44 1PU, nearest first, measured from the centre of NP44 (Cwmbran)."),
  ).toBeVisible();
  await expect(businesses(page)).toHaveCount(2);
  for (const card of await businesses(page).all()) {
    await expect(card).toContainText("Cwmbran · placed at the centre of Cwmbran");
  }

  await page.getByLabel("Within").selectOption("5");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(businesses(page)).toHaveCount(5);
  const towns = await businesses(page).evaluateAll((cards) => cards.map((c) => c.textContent ?? ""));
  expect(towns.map((t) => (t.includes("Cwmbran ·") ? "Cwmbran" : "Newport"))).toEqual([
    "Cwmbran",
    "Cwmbran",
    "Newport",
    "Newport",
    "Newport",
  ]);
});

test("works without JavaScript, and says clearly what it could not find", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/halal-network-space");
  await page.getByLabel("Near a postcode or town").fill("Cwmbran");
  await page.getByLabel("Within").selectOption("1");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Within 1 mile of Cwmbran (Torfaen), nearest first.")).toBeVisible();
  await expect(businesses(page)).toHaveCount(2);

  for (const [near, message] of [
    ["ZZ9 9ZZ", "We could not find the postcode ZZ9 9ZZ. Check it, or try a town."],
    ["Atlantis", 'We could not find "Atlantis" as a UK postcode or town. Check the spelling, or try a postcode.'],
    ["<b>", "Enter a UK postcode, like NP44 1PU, or a town, like Cwmbran."],
  ]) {
    const response = await page.goto(`/halal-network-space?${new URLSearchParams({ near: near!, radius: "42" })}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(message!)).toBeVisible();
    await expect(page.getByText("The distance can be 1, 3, 5, 10 or 25 miles, so 10 miles was used.")).toBeVisible();
    // Nothing narrowed: the whole directory.
    await expect(businesses(page)).toHaveCount(8);
    await expect(page.getByLabel("Near a postcode or town")).toHaveValue(near!);
  }
  // The map view says what it needs, and the list is still there.
  await page.goto("/halal-network-space?near=Newport&radius=1&view=map");
  await expect(page.getByText("The map needs JavaScript. Every result is in the list below.")).toBeVisible();
  await expect(businesses(page)).toHaveCount(3);
  await context.close();
});

test("/buy finds listings near a town, and keeps its sort choice", async ({ page }) => {
  await page.goto("/buy?near=Cwmbran&radius=1");
  await expect(listings(page)).toHaveCount(1);
  await expect(listings(page)).toContainText("Established Kebab Takeaway in Cwmbran");
  await expect(listings(page)).toContainText(/Cwmbran· 0\.\d miles away|Cwmbran · 0\.\d miles away/);
  await expect(page.getByLabel("Sort by")).toHaveValue("nearest");

  await page.goto("/buy?near=NP44&radius=5&sort=price-asc");
  await expect(listings(page)).toHaveCount(3);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-asc");
});

test("the Map view shows this page's results as markers from the tile server, usable by keyboard, axe-clean", async ({
  page,
}) => {
  await page.goto("/halal-network-space?near=NP44%201PU&radius=5");
  await page.getByRole("link", { name: "Map", exact: true }).click();
  await expect(page).toHaveURL(/view=map/);
  const map = page.getByRole("region", { name: "Map of this page of results" });
  await expect(map).toBeVisible();
  // Cwmbran's two and Newport's three, each town's at its centre: one marker a town, with its count.
  const markers = map.locator(".leaflet-marker-icon");
  await expect(markers).toHaveCount(2);
  await expect(map.getByRole("button", { name: "2 results at one place" })).toHaveText("2");
  await expect(map.getByRole("button", { name: "3 results at one place" })).toHaveText("3");
  await expect(page.getByText("5 of the 5 results on this page are on the map.")).toBeVisible();
  // Tiles come from MAP_TILES_URL (the stand-in), and no other host.
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  const sources = await map.locator("img.leaflet-tile").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  expect(sources.length).toBeGreaterThan(0);
  for (const src of sources) expect(src).toMatch(new RegExp(`^${TILE_PEER_URL}/\\d+/\\d+/\\d+\\.png$`));
  await expect(map).toContainText("OpenStreetMap");

  // The list is still the page's primary view, below the map.
  await expect(businesses(page)).toHaveCount(5);

  // Keyboard: Tab reaches a marker, Enter opens its popup, which links each of its businesses' pages.
  await page.getByRole("link", { name: "Map", exact: true }).focus();
  let focused = "";
  for (let i = 0; i < 30 && !focused.includes("leaflet-marker-icon"); i++) {
    await page.keyboard.press("Tab");
    focused = await page.evaluate(() => document.activeElement?.className ?? "");
  }
  expect(focused).toContain("leaflet-marker-icon");
  const title = await page.evaluate(() => document.activeElement?.getAttribute("title"));
  const count = Number(/^(\d) results at one place$/.exec(title ?? "")?.[1]);
  await page.keyboard.press("Enter");
  const popupLinks = map.locator(".leaflet-popup").getByRole("link");
  await expect(popupLinks).toHaveCount(count);
  expect(await seriousViolations(page)).toEqual([]);
  const name = await popupLinks.first().textContent();
  await popupLinks.first().click();
  await expect(page).toHaveURL(/\/halal-network-space\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name!);
});

test("/buy's Map view links its markers to the listings", async ({ page }) => {
  await page.goto("/buy?near=Newport&radius=5&view=map");
  const map = page.getByRole("region", { name: "Map of this page of results" });
  // Newport's two listings share a position: one marker for them, counting them, whose popup links each;
  // Cwmbran's, 4.8 miles away, is a marker of its own. Every listing is counted once.
  const shown = await listings(page).count();
  const stacked = map.getByRole("button", { name: "2 results at one place" });
  await expect(stacked).toHaveText("2");
  const counts = await map
    .locator(".leaflet-marker-icon")
    .evaluateAll((icons) => icons.map((icon) => Number(icon.textContent) || 1));
  expect(counts.reduce((a, b) => a + b, 0)).toBe(shown);
  await stacked.focus();
  await page.keyboard.press("Enter");
  const links = map.locator(".leaflet-popup-content a");
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) await expect(link).toHaveAttribute("href", /^\/buy\/[a-z0-9-]+$/);
});

test("a business's and a listing's page show a small map only when asked, and list pages carry no Leaflet", async ({
  page,
  browser,
}) => {
  const leaflet: string[] = [];
  page.on("request", (request) => {
    if (/leaflet|\/\d+\/\d+\/\d+\.png$/.test(request.url())) leaflet.push(request.url());
  });
  await page.goto("/halal-network-space");
  await page.goto("/buy");
  await page.goto("/halal-network-space/cwmbran-kebab-and-grill");
  await expect(page.getByRole("button", { name: "Show on a map" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(leaflet).toEqual([]);

  await page.getByRole("button", { name: "Show on a map" }).click();
  const map = page.getByRole("region", { name: "Map of Cwmbran Kebab & Grill" });
  await expect(map.locator(".leaflet-marker-icon")).toHaveCount(1);
  await expect(map.locator("img.leaflet-tile-loaded").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The button's room is kept from the first paint (as the page is before its code runs, or
  // without it): the page below does not move when the button appears.
  const listing = `${new URL(page.url()).origin}/buy/kebab-takeaway-cwmbran`;
  const aboutAt = async (shown: Page) =>
    (await shown.getByRole("heading", { name: "About this business" }).boundingBox())!.y;
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const painted = await noScript.newPage();
  await painted.goto(listing);
  await page.goto(listing);
  await expect(page.getByRole("button", { name: "Show on a map" })).toBeVisible();
  expect(await aboutAt(page)).toBe(await aboutAt(painted));
  await noScript.close();
  await page.getByRole("button", { name: "Show on a map" }).click();
  await expect(page.getByRole("region", { name: /^Map of / }).locator(".leaflet-marker-icon")).toHaveCount(1);
});

// Where a business sits, and what the directory says of it (issue #50, point
// 5; decision 0074). Staff add five businesses near Thurso: three with a town
// only, placed at its centre, and two with their own positions 100 m apart.
// The cards of the three say where they were placed instead of a distance;
// the map draws close markers as one with their count, which zooms in when
// pressed, and the three at one point as one whose popup lists them.
import type { Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { newBusinessForm, uniqueName, unpublish } from "./directory-admin";
import { cookieChoiceMade, expect, test, toasts } from "./fixtures";

async function addBusiness(page: Page, name: string, position?: { latitude: string; longitude: string }) {
  await newBusinessForm(page, name, "Thurso");
  if (position) {
    await page.getByLabel("Latitude").fill(position.latitude);
    await page.getByLabel("Longitude").fill(position.longitude);
  }
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");
}

test("a business placed at its town's centre says so; the map counts what is close and lists what shares a point", async ({
  page,
  browser,
  baseURL,
  signInAsNewAdmin,
}) => {
  // Five businesses added through the back office's form, and five taken out again.
  test.slow();
  await signInAsNewAdmin();
  const stamp = uniqueName("Placed");
  const word = stamp.split(" ")[1]!;
  const atCentre = ["North", "South", "East"].map((w) => `${w} ${stamp}`);
  const own = [`Harbour ${stamp}`, `Quay ${stamp}`];
  for (const name of atCentre) await addBusiness(page, name);
  await addBusiness(page, own[0]!, { latitude: "58.6000", longitude: "-3.5000" });
  await addBusiness(page, own[1]!, { latitude: "58.6009", longitude: "-3.5000" });

  await page.goto(`/halal-network-space?search=${word}&near=Thurso&radius=5`);
  const cards = page.getByRole("region", { name: "Businesses", exact: true }).getByRole("article");
  await expect(cards).toHaveCount(5);
  for (const name of atCentre) {
    const card = cards.filter({ hasText: name });
    await expect(card).toContainText("Thurso · placed at the centre of Thurso");
    await expect(card).not.toContainText(/miles away/);
  }
  for (const name of own) await expect(cards.filter({ hasText: name })).toContainText(/Thurso · 2\.\d miles away/);

  await page.getByRole("link", { name: "Map", exact: true }).click();
  const map = page.getByRole("region", { name: "Map of this page of results" });
  const markers = map.locator(".leaflet-marker-icon");
  // The three at Thurso's centre, and the two 100 m apart: two markers, counting five.
  await expect(markers).toHaveCount(2);
  await expect(map.getByRole("button", { name: "3 results at one place" })).toHaveText("3");
  const close = map.getByRole("button", { name: "2 results here: zoom in" });
  await expect(close).toHaveText("2");
  // The count sits in the middle of its circle (it once sat in the top left corner).
  for (const marker of await markers.all()) {
    const circle = (await marker.boundingBox())!;
    const numeral = await marker.locator("span").evaluate((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const glyphs = range.getBoundingClientRect();
      return { centreX: glyphs.x + glyphs.width / 2, centreY: glyphs.y + glyphs.height / 2 };
    });
    expect(Math.abs(numeral.centreX - (circle.x + circle.width / 2))).toBeLessThanOrEqual(2);
    expect(Math.abs(numeral.centreY - (circle.y + circle.height / 2))).toBeLessThanOrEqual(2);
  }

  // Pressed, the pair's marker zooms in until they part.
  await close.click();
  await expect(map.getByRole("button", { name: own[0] })).toBeVisible();
  await expect(map.getByRole("button", { name: own[1] })).toBeVisible();
  await expect(close).toHaveCount(0);

  // The three never part: by keyboard, their marker opens a list of them.
  await page.reload();
  const shared = map.getByRole("button", { name: "3 results at one place" });
  await shared.focus();
  await page.keyboard.press("Enter");
  const popup = map.locator(".leaflet-popup");
  for (const name of atCentre) await expect(popup.getByRole("link", { name })).toBeVisible();
  await expect(popup).toContainText("Thurso (placed at the centre of Thurso, not at its address)");
  expect(await seriousViolations(page)).toEqual([]);
  await popup.getByRole("link", { name: atCentre[0] }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(atCentre[0]!);
  // No position of its own: directions go nowhere false, and there is no address to go to.
  await expect(page.getByRole("link", { name: /^Directions/ })).toHaveCount(0);

  // With its own position, directions go to it.
  await page.goto(`/halal-network-space?search=${word}&near=Thurso&radius=5`);
  await cards.filter({ hasText: own[0] }).getByRole("link", { name: own[0] }).click();
  await expect(page.getByRole("link", { name: /^Directions/ })).toHaveAttribute(
    "href",
    "https://www.google.com/maps/dir/?api=1&destination=58.6%2C-3.5",
  );

  // A visitor who shares their position sees the distance to a business with its own, in km.
  const visitor = await browser.newContext({
    baseURL,
    geolocation: { latitude: 58.5891, longitude: -3.5552 },
    permissions: ["geolocation"],
  });
  await cookieChoiceMade(visitor, baseURL!);
  const near = await visitor.newPage();
  await near.goto(`/halal-network-space?search=${word}`);
  await near.getByRole("region", { name: "Show businesses near you?" }).getByRole("button", { name: "Allow" }).click();
  const nearCards = near.getByRole("region", { name: "Businesses", exact: true }).getByRole("article");
  await expect(nearCards.filter({ hasText: own[0] })).toContainText(/Thurso · 3\.\d km away/);
  await expect(nearCards.filter({ hasText: atCentre[0] })).toContainText("Thurso · placed at the centre of Thurso");
  await visitor.close();

  for (const name of [...atCentre, ...own]) await unpublish(page, name);
});

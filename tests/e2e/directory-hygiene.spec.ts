// Food hygiene ratings in the directory (issue #17, item 5; decision 0029).
// scripts/e2e.js loads our fixtures in the FSA's format with npm run
// fsa:import before the server starts; here staff link a business to its
// establishment from a suggestion, and visitors see the rating, its date, the
// FSA's link and where it came from on the card and the page.
import { seriousViolations } from "./axe";
import { newBusinessForm, uniqueName, unpublish } from "./directory-admin";
import { expect, test, toasts } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

test("staff link a business from a suggestion; its card and page show the FSA's rating", async ({
  page,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const name = uniqueName("Sultan Grill");
  await newBusinessForm(page, name, "Newport");
  await page.getByLabel("Postcode").fill("NP20 1LP");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");

  const section = page.getByRole("region", { name: "Food hygiene rating" });
  await expect(section).toContainText("Not linked");
  // Bad input is refused with a message, and links nothing.
  await section.getByRole("textbox", { name: "FHRSID" }).fill("91OOOO1");
  await section.getByRole("button", { name: "Link", exact: true }).click();
  await expect(section.getByText("The FHRSID is a whole number (up to 9 digits)")).toBeVisible();
  await section.getByRole("textbox", { name: "FHRSID" }).fill("123456789");
  await section.getByRole("button", { name: "Link", exact: true }).click();
  await expect(section.getByText("No establishment with that FHRSID has been imported")).toBeVisible();
  await expect(section).toContainText("Not linked");
  expect(await seriousViolations(page)).toEqual([]);

  // The suggestion found by the postcode.
  await section.getByRole("button", { name: "Link this one: Sultan's Charcoal Grill, FHRSID 9100001" }).click();
  await expect(toasts(page)).toContainText("Food hygiene rating linked");
  await expect(section).toContainText("Linked to Sultan's Charcoal Grill (FHRSID 9100001)");

  await page.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toContainText("Food hygiene rating 5 (very good) · 12 Mar 2025 · Food Standards Agency");
  await expect(card.getByRole("link", { name: `Food Standards Agency rating for ${name}` })).toHaveAttribute(
    "href",
    "https://ratings.food.gov.uk/business/9100001",
  );
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole("link", { name, exact: true }).click();
  const panel = page.getByRole("region", { name: "Food hygiene" });
  await expect(panel).toContainText("Food hygiene rating5 (very good)");
  await expect(panel).toContainText("Date of inspection12 Mar 2025");
  await expect(
    panel.getByRole("link", { name: "See the current rating on the Food Standards Agency's website" }),
  ).toHaveAttribute("href", "https://ratings.food.gov.uk/business/9100001");
  await expect(panel).toContainText("Food hygiene rating from the Food Standards Agency");
  await expect(panel).toContainText("the FSA does not endorse HBS or this business");
  await expect(panel.getByRole("link", { name: "Open Government Licence v3.0" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Unlinked, the rating goes from the page.
  await page.goto(`/admin/directory?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).click();
  await page.getByRole("region", { name: "Food hygiene rating" }).getByRole("button", { name: "Unlink" }).click();
  await expect(toasts(page)).toContainText("Food hygiene rating unlinked");
  await page.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article").filter({ hasText: name })).not.toContainText("Food hygiene");
  await unpublish(page, name);
});

test("posted FHRSIDs that are not one are refused with a 400, never a 5xx, and link nothing", async ({
  page,
  baseURL,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  await page.goto("/admin/directory?q=Newport+Peri+Peri");
  await page.getByRole("link", { name: "Newport Peri Peri House" }).click();
  await page.waitForURL(/\/admin\/directory\/\d+$/);
  const path = new URL(page.url()).pathname;
  for (const fhrsid of ["", "abc", "-1", "0", "1e5", "12.5", "9".repeat(20), "<script>", "１２３"]) {
    const response = await page.request.post(path, {
      headers: { origin: baseURL! },
      form: { intent: "hygiene-link", fhrsid },
      maxRedirects: 0,
    });
    expect(response.status(), fhrsid).toBe(400);
  }
  // Twice the field, and a business that is not there.
  const twice = await page.request.post(path, {
    headers: { origin: baseURL!, "content-type": "application/x-www-form-urlencoded" },
    data: "intent=hygiene-link&fhrsid=9100002&fhrsid=9100003",
    maxRedirects: 0,
  });
  expect(twice.status()).toBe(400);
  for (const intent of ["hygiene-link", "hygiene-unlink"]) {
    const missing = await page.request.post("/admin/directory/999999999", {
      headers: { origin: baseURL! },
      form: { intent, fhrsid: "9100002" },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(404);
  }
  await page.reload();
  await expect(page.getByRole("region", { name: "Food hygiene rating" })).toContainText("Not linked");
});

// Halal evidence in the directory (issue #17, item 1): staff record who
// certifies a business and how HBS knows; visitors see badges, the "Halal
// status" panel and filters; a visitor's "Report a change" waits for staff.
import type { Page } from "@playwright/test";
import { newBusinessForm, uniqueName, unpublish } from "./directory-admin";
import { expect, sentMail, test, toasts } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

/** The back office's new-business form with the required fields filled in, fully halal. */
async function newFullyHalalBusiness(page: Page, name: string) {
  await newBusinessForm(page, name, "Bradford");
  await page.getByLabel("Halal", { exact: true }).selectOption("fully_halal");
}

test("staff record halal evidence, refused when incomplete; visitors see it and filter by it", async ({
  page,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const name = uniqueName("Madina Grill");
  await newFullyHalalBusiness(page, name);
  await page.getByLabel("Certified by").selectOption("other");
  await page.getByLabel("Certificate expires").fill("2031-01-31");
  await page.getByLabel("How HBS knows").selectOption("certificate_seen");
  await page.getByRole("button", { name: "Add business" }).click();
  // Refused, with a message under each field, and nothing stored.
  await expect(page.getByText("Please give the certifier's name")).toBeVisible();
  await expect(page.getByText("Please give the date it was last checked")).toBeVisible();
  await page.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  await expect(page.getByText("No businesses found matching your search criteria.")).toBeVisible();

  await newFullyHalalBusiness(page, name);
  await page.getByLabel("Certified by").selectOption("hmc");
  await page.getByLabel("Certificate number").fill("HMC-77123");
  await page.getByLabel("Certificate expires").fill("2031-01-31");
  await page.getByLabel("Slaughter, as the certifier states").selectOption("hand");
  await page.getByLabel("Stunned").selectOption("no");
  await page.getByLabel("Alcohol served").selectOption("no");
  await page.getByLabel("How HBS knows").selectOption("certificate_seen");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());
  await page.getByLabel("Last checked on").fill(today);
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");

  // The card's badges, and the filters in the query string.
  const search = `search=${encodeURIComponent(name)}`;
  await page.goto(`/halal-network-space?${search}&halal=fully&certified=yes&certifier=hmc&alcohol=none`);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByRole("list", { name: "Halal" })).toHaveText(/Fully halal\s*HMC certified\s*No alcohol/);
  await expect(page.getByLabel("Fully halal only")).toBeChecked();
  await expect(page.getByLabel("Certifier")).toHaveValue("hmc");
  await page.goto(`/halal-network-space?${search}&certifier=hfa`);
  await expect(page.getByText("No businesses found matching your search criteria.")).toBeVisible();
  // A value the filter does not know is left out, and the page says so.
  const odd = await page.goto(`/halal-network-space?${search}&certifier=%3Cscript%3E&open=later`);
  expect(odd!.status()).toBe(200);
  await expect(page.getByText("We do not know that certifier, so the certifier filter was left out.")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: name })).toBeVisible();

  // The business page's panel.
  await page.getByRole("article").filter({ hasText: name }).getByRole("link", { name }).click();
  const panel = page.getByRole("region", { name: "Halal status" });
  await expect(panel).toContainText("Fully halal");
  await expect(panel).toContainText("HMC (Halal Monitoring Committee), certificate HMC-77123, expires 31 Jan 2031");
  await expect(panel).toContainText("Hand slaughtered, not stunned, as the certifier states");
  await expect(panel).toContainText("Not served");
  await expect(panel).toContainText("Certificate seen by HBS, last checked");
  await expect(panel).not.toContainText("out of date");
  await unpublish(page, name);
});

test("evidence past its date is shown as out of date, not hidden", async ({ page }) => {
  // The seed's Newport Peri Peri House: certificate lapsed, checked over a year ago.
  await page.goto("/halal-network-space?search=Newport+Peri+Peri");
  const card = page.getByRole("article").filter({ hasText: "Newport Peri Peri House" });
  await expect(card.getByText("Halal info out of date")).toBeVisible();
  await card.getByRole("link", { name: "Newport Peri Peri House" }).click();
  const panel = page.getByRole("region", { name: "Halal status" });
  await expect(panel).toContainText(
    "This may be out of date. The certificate has expired. Last checked over 12 months ago.",
  );
  await expect(panel).toContainText(/HFA \(Halal Food Authority\), certificate HFA\/2291, expired/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's 'Report a change' reaches the staff queue and changes nothing", async ({
    page,
    signInAsNewAdmin,
  }) => {
    await page.goto("/halal-network-space/cwmbran-kebab-and-grill");
    await page.getByText("Report a change").click();
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Please choose what has changed")).toBeVisible();
    await expect(page.getByText("Please tell us what you saw")).toBeVisible();

    // The page came back with the form open and the messages under its fields.
    const reporter = `reporter-${Date.now()}@example.com`;
    await page.getByLabel("What has changed").selectOption("no_longer_halal");
    await page.getByLabel("What did you see?").fill("The menu now lists pork sausages.");
    await page.getByLabel("Your name").fill("Amina Patel");
    await page.getByLabel("Your email").fill(reporter);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByRole("status")).toContainText("Report sent");
    // Nothing changed on the page.
    await expect(page.getByRole("region", { name: "Halal status" })).toContainText("Fully halal");

    // Stored first; the team and the reporter are told through the outbox.
    await expect.poll(() => sentMail().some((m) => (m.header("to") ?? "").includes(reporter))).toBe(true);

    await signInAsNewAdmin();
    await page.goto(`/admin/enquiries?q=${encodeURIComponent(reporter)}`);
    await expect(page.getByRole("row").filter({ hasText: "Cwmbran Kebab & Grill" })).toHaveCount(1);
    await page.getByRole("link", { name: /^HBS-\d+$/ }).click();
    await expect(page.getByText("Directory change report")).toBeVisible();
    await expect(page.getByText("No longer halal")).toBeVisible();
    await expect(page.getByText("The menu now lists pork sausages.")).toBeVisible();
    await page.getByRole("link", { name: "Check and edit the business" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Cwmbran Kebab & Grill" })).toBeVisible();
  });
});

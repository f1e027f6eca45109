// Opening hours (issue #17, item 2): staff type the week and dated
// exceptions; cards and pages say whether a business is open now on London's
// clock; the page lists the week and its JSON-LD carries it; "Open now"
// filters in SQL. The clock-change arithmetic is tested with a fixed clock in
// app/features/directory/opening-hours.test.ts and tests/integration.
import type { Page } from "@playwright/test";
import { newBusinessForm, uniqueName, unpublish } from "./directory-admin";
import { expect, hydrated, test, toasts } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const londonToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

async function addBusiness(page: Page, name: string, week: string[], exceptions = "") {
  await newBusinessForm(page, name, "Leicester");
  for (const [i, day] of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].entries()) {
    await page.getByLabel(day, { exact: true }).fill(week[i] ?? "");
  }
  await page.getByLabel("Special dates").fill(exceptions);
  await page.getByRole("button", { name: "Add business" }).click();
}

test("staff set hours; 'Open now' filters by them and a dated closure wins over the week", async ({
  page,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const stamp = uniqueName("Hours");
  // Refused with a clear message, nothing stored.
  await addBusiness(page, `Bad Hours ${stamp}`, ["9am till late"]);
  await expect(page.getByText('"9am till late" is not a period like 11:00-22:00 (24-hour clock)')).toBeVisible();
  await page.getByLabel("Monday", { exact: true }).fill("11:00-15:00, 14:00-18:00");
  await page.getByLabel("Special dates").fill("2026-02-30 closed");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(page.getByText("The periods overlap")).toBeVisible();
  await expect(page.getByText("Line 1: 2026-02-30 is not a date")).toBeVisible();

  const allDay = Array.from({ length: 7 }, () => "00:00-24:00");
  await addBusiness(page, `Always Open ${stamp}`, allDay);
  await expect(toasts(page)).toContainText("Business added");
  // Open all week, but closed today for Eid: the exception wins.
  await addBusiness(page, `Eid Closed ${stamp}`, allDay, `${londonToday()} closed Eid`);
  await expect(toasts(page)).toContainText("Business added");

  await page.goto(`/halal-network-space?search=${encodeURIComponent(stamp)}`);
  // Hydrated before the filter is touched, so each search is the form's own
  // client-side one: CI's run of 30 November found "Open now" still ticked
  // just after unticking it, once, on a page that had been navigated to while
  // not yet hydrated (not seen again in 22 runs of this spec).
  await hydrated(page);
  await expect(page.getByRole("article")).toHaveCount(2);
  const open = page.getByRole("article").filter({ hasText: `Always Open ${stamp}` });
  await expect(open.getByText("Open now · 24 hours")).toBeVisible();
  const closed = page.getByRole("article").filter({ hasText: `Eid Closed ${stamp}` });
  await expect(closed.getByText("Closed · opens tomorrow at 00:00")).toBeVisible();

  // The filter is a checkbox of the GET form: the state is in the query string.
  await page.getByLabel("Open now").check();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/open=now/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("article")).toContainText(`Always Open ${stamp}`);

  await page.getByLabel("Open now").uncheck();
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: `Eid Closed ${stamp}` }).click();
  const hours = page.getByRole("region", { name: "Opening hours" });
  await expect(hours.getByRole("row", { name: /Monday/ })).toContainText("Open 24 hours");
  await expect(hours).toContainText("Special dates");
  await expect(hours).toContainText(": Closed (Eid)");
  await unpublish(page, `Always Open ${stamp}`);
  await unpublish(page, `Eid Closed ${stamp}`);
});

test("the page lists the week, says whether it is open, and carries openingHoursSpecification", async ({ page }) => {
  await page.goto("/halal-network-space/cwmbran-kebab-and-grill");
  const hours = page.getByRole("region", { name: "Opening hours" });
  await expect(hours.getByText(/^(Open now · closes|Closed · opens) /)).toBeVisible();
  await expect(hours.getByRole("row", { name: /Friday/ })).toContainText("14:00–02:00");
  await expect(hours.getByRole("row", { name: /Sunday/ })).toContainText("12:00–midnight");
  await expect(hours).toContainText("(Family occasion)");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld.openingHoursSpecification).toContainEqual({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: "https://schema.org/Friday",
    opens: "14:00",
    closes: "02:00",
  });
  expect(ld.specialOpeningHoursSpecification[0]).toMatchObject({ opens: "00:00", closes: "00:00" });
});

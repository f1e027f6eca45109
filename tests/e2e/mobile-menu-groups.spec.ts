// Each group of the mobile menu is named by its title on every page, as a
// screen reader lists it. (Its title's id was once made from the text: "Buy
// or sell" named nothing, and on /sell the form's own id named the group.)
import type { Page } from "@playwright/test";
import { accountLinks, navGroups } from "../../app/components/layout/navigation";
import { expect, test } from "./fixtures";
import { memberRoutes, specRoutes } from "./routes";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Opens the mobile menu and checks each group by its name and its links. */
async function expectNamedGroups(page: Page, groups: { name: string; links: string[] }[]) {
  await page.getByRole("navigation", { name: "Main" }).getByLabel("Menu").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu).toBeVisible();
  for (const { name, links } of groups) {
    await expect(menu.getByRole("group", { name, exact: true }).getByRole("link")).toHaveText(links);
  }
  await expect(menu.getByRole("group")).toHaveCount(groups.length);
}

const siteGroups = navGroups.map((group) => ({
  name: group.mobileLabel,
  links: group.items.map((item) => item.label),
}));

for (const { path } of specRoutes) {
  test(`on ${path}, the mobile menu's groups are named by their titles`, async ({ page }) => {
    await page.goto(path);
    await expectNamedGroups(page, siteGroups);
  });
}

test("on the member pages, the member's own group is named too", async ({ page, signUpAndSignIn }) => {
  const member = await signUpAndSignIn();
  const accountGroup = { name: member.fullName, links: accountLinks.map((link) => link.label) };
  for (const { path, heading } of memberRoutes) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNamedGroups(page, [...siteGroups, accountGroup]);
  }
});

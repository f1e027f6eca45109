// The member pages on a phone (issue #50, point 8): a compact header instead
// of the marketing band, so the heading and what the member came for (or the
// empty state saying what to do next) are on the first screen; every member
// page one tap from another, and /my-account the way to all of them; the 404
// page with a search and the two lists; and the copy that read wrong.
// In the publishing project: one test publishes a business of the member's.
import type { Locator, Page } from "@playwright/test";
import { accountLinks } from "../../app/components/layout/navigation";
import { memberPageDescriptions } from "../../app/components/layout/member-pages";
import { seriousViolations } from "./axe";
import { addBusinessFor, uniqueName } from "./directory-admin";
import { expect, test, verifyEmail } from "./fixtures";
import { memberRoutes } from "./routes";

const SCREEN = { width: 390, height: 844 };
test.use({ viewport: SCREEN });

/** What the cookie banner covers at the foot of a first visit's screen at 390 px (measured for issue #50). */
const BANNER = 185;

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  return (await locator.boundingBox())!;
}

const pages = [...memberRoutes, { path: "/my-queries", heading: "My Queries" }];

/** Each page's empty state for a new member, the next step it offers, and what comes first if not the state. */
const emptyStates: Record<string, { says: string; next: string; to: string; first?: string }> = {
  "/my-subscriptions": { says: "No subscriptions yet", next: "Promote your business", to: "/promote" },
  "/saved-listings": { says: "No saved listings yet", next: "Browse Businesses", to: "/buy" },
  "/my-favorites": {
    says: "No favourite businesses yet",
    next: "Explore The Halal Directory",
    to: "/halal-network-space",
  },
  "/my-listings": { says: "No listings yet", next: "Sell your business", to: "/sell" },
  "/messages": { says: "No messages yet", next: "Browse Businesses", to: "/buy" },
  "/my-searches": {
    says: "No saved searches yet",
    next: "Browse Businesses",
    to: "/buy",
    first: "We send alerts only once your e-mail address is confirmed: follow the link in the e-mail we sent you.",
  },
  "/my-businesses": { says: "No businesses yet", next: "Find your business", to: "/halal-network-space" },
  "/my-queries": { says: "Your submitted queries will appear here.", next: "Browse Businesses", to: "/buy" },
};

/** The heading at the top, no band above what the member came for: `first` starts in the screen's upper half. */
async function expectOnFirstScreen(page: Page, heading: string, first: Locator, next: Locator) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect(h1).toHaveText(heading);
  expect((await box(h1)).y).toBeLessThan(200);
  expect((await box(first)).y).toBeLessThan(SCREEN.height / 2);
  const step = await box(next);
  expect(step.y + step.height).toBeLessThanOrEqual(SCREEN.height - BANNER);
}

for (const { path, heading } of pages) {
  test(`${path} opens with its heading, the member's pages and what to do next, on the first screen`, async ({
    page,
    signUpAndSignIn,
  }) => {
    await signUpAndSignIn();
    await page.goto(path);
    const main = page.getByRole("main");
    if (path === "/my-account") {
      // The hub is the page's way on: every other member page, each with what it holds.
      const hub = page.getByRole("navigation", { name: "Your pages" });
      for (const { label, to } of accountLinks.filter((link) => link.to !== "/my-account")) {
        const link = hub.getByRole("link", { name: new RegExp(`^${label}`) });
        await expect(link).toHaveAttribute("href", to);
        await expect(link).toContainText(memberPageDescriptions[to]!);
      }
      await expectOnFirstScreen(page, heading, hub, hub.getByRole("link").nth(1));
    } else {
      // The other member pages, one tap away, in one row that scrolls sideways rather than down.
      const nav = page.getByRole("navigation", { name: "Your account" });
      await expect(nav.getByRole("link")).toHaveText(accountLinks.map((link) => link.label));
      await expect(nav.locator('[aria-current="page"]')).toHaveText(accountLinks.find((l) => l.to === path)!.label);
      expect((await box(nav)).height).toBeLessThan(80);
      const { says, next, to, first = says } = emptyStates[path]!;
      await expect(main.getByText(says, { exact: true })).toBeVisible();
      const step = main.getByRole("link", { name: next, exact: true }).first();
      await expect(step).toHaveAttribute("href", to);
      await expectOnFirstScreen(page, heading, main.getByText(first, { exact: true }), step);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("/my-account counts what each page holds", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const hub = page.getByRole("navigation", { name: "Your pages" });
  await page.goto("/my-account");
  await expect(hub.getByRole("link", { name: /^Saved listings/ })).toContainText("0 listings");
  await expect(hub.getByRole("link", { name: /^My searches/ })).toContainText("0 searches");
  const save = await page.request.post("/buy/kebab-takeaway-cwmbran/save", {
    form: { redirectTo: "/my-account" },
    maxRedirects: 0,
  });
  expect(save.status()).toBe(302);
  const saved = await page.request.post("/buy", { form: { name: "Anything", frequency: "off" }, maxRedirects: 0 });
  expect(saved.status()).toBe(302);
  await page.goto("/my-account");
  await expect(hub.getByRole("link", { name: /^Saved listings/ })).toContainText("1 listing");
  await expect(hub.getByRole("link", { name: /^My searches/ })).toContainText("1 search");
});

test("the 404 page answers 404, with a search that lands on results and links to both lists", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto("/my-favourites");
  expect(response?.status()).toBe(404);
  const main = page.getByRole("main");
  await expect(main.getByText("Oops! Page not found")).toBeVisible();
  await expect.poll(() => errors.join("\n")).toContain("/my-favourites");
  await expect(main.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(main.getByRole("link", { name: "Browse The Halal Directory" })).toHaveAttribute(
    "href",
    "/halal-network-space",
  );
  await expect(main.getByRole("link", { name: "Browse businesses for sale" })).toHaveAttribute("href", "/buy");
  const search = page.getByRole("search", { name: "Search HBS" });
  const button = search.getByRole("button", { name: "Search businesses for sale" });
  const { y, height } = await box(button);
  expect(y + height).toBeLessThanOrEqual(SCREEN.height - BANNER);
  expect(await seriousViolations(page)).toEqual([]);

  await search.getByLabel("Search for a business").fill("kebab");
  await button.click();
  await expect(page).toHaveURL(/\/buy\?search=kebab$/);
  await expect(page.getByRole("article").filter({ hasText: "Established Kebab Takeaway in Cwmbran" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the 404 page's search is a form that works, Enter searching the directory", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    expect(response?.status()).toBe(404);
    const field = page.getByRole("search", { name: "Search HBS" }).getByLabel("Search for a business");
    await field.fill("Caerleon");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/halal-network-space\?search=Caerleon$/);
    await expect(page.getByRole("heading", { name: "Caerleon Road Dental Practice" })).toBeVisible();
  });
});

test("the copy says what is true: alerts wait for a confirmed address, a search is described once, counts agree, no views is said", async ({
  page,
  signUpAndSignIn,
  siteOwner,
}) => {
  test.slow();
  const member = await signUpAndSignIn();
  const unconfirmed = "We send alerts only once your e-mail address is confirmed";

  // Two searches saved with the names /buy suggests.
  for (const [query, name] of [
    ["", "All categories"],
    ["?location=Leeds", "All categories, in Leeds"],
  ] as const) {
    const saved = await page.request.post(`/buy${query}`, { form: { name, frequency: "daily" }, maxRedirects: 0 });
    expect(saved.status()).toBe(302);
  }
  await page.goto("/my-searches");
  await expect(page.getByRole("main")).toContainText(unconfirmed);
  const item = (name: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
  // Under its name, a search says what it matches, never its name again.
  await expect(item("All categories")).toContainText("All businesses for sale");
  expect(await item("All categories").locator("p").allTextContents()).not.toContain("All categories");
  await expect(item("All categories, in Leeds")).toContainText("No e-mail sent yet");
  expect(await item("All categories, in Leeds").locator("p").allTextContents()).not.toContain(
    "All categories, in Leeds",
  );
  await verifyEmail(page, member);
  await page.goto("/my-searches");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("My searches");
  await expect(page.getByRole("main")).not.toContainText(unconfirmed);

  // A business of the member's, favourited once and never viewed.
  const name = uniqueName("Member Pages Grill");
  await addBusinessFor(siteOwner, member.email, name, { published: true });
  await page.goto("/my-businesses");
  // The member's one business: its card is all the page holds.
  const main = page.getByRole("main");
  const address = (await main.getByRole("link", { name: "View its page" }).getAttribute("href"))!;
  const favourite = await page.request.post(`${address}/favourite`, {
    form: { redirectTo: "/my-businesses" },
    maxRedirects: 0,
  });
  expect(favourite.status()).toBe(302);
  await page.context().clearCookies({ name: /hbs_toast$/ });
  await page.reload();
  await expect(main).toContainText("1 new favourite in the last 30 days (1 in all).");
  await expect(main).toContainText("No views yet in the last 30 days.");
  await expect(main.getByRole("figure")).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Its edit page is a member page too: the same header, My businesses marked.
  await main.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
  await expect(page.getByRole("navigation", { name: "Your account" }).locator('[aria-current="page"]')).toHaveText(
    "My businesses",
  );
});

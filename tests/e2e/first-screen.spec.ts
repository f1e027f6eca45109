// The first screen of a 390 × 844 phone (issue #50, point 1; decisions 0071
// and 0073). On /buy and the directory, list and map, with and without a
// search, the top of the first result is on the first screen; on a listing's
// page the asking price, its figures and Register Interest are, and a bar keeps
// the action in reach while scrolling; on a business's page its name, halal
// status, open now, Call and Directions are. For a visitor whose choices are
// stored, for one on a first visit (the cookie banner, then the location
// prompt) and for a signed-in member; of the banner, the prompt and a toast,
// one shows at a time, and none covers the heading or what the page is for.
import type { Browser, Locator, Page } from "@playwright/test";
import { cookieChoiceMade, expect, hydrated, test, type Member } from "./fixtures";

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

const lists = [
  "/buy",
  "/buy?view=map",
  "/buy?search=kebab",
  "/halal-network-space",
  "/halal-network-space?view=map",
  "/halal-network-space?search=dental",
];
const LISTING = { path: "/buy/kebab-takeaway-cwmbran", price: "£45,000" };
const BUSINESS = { path: "/halal-network-space/cwmbran-kebab-and-grill", name: "Cwmbran Kebab & Grill" };

const banner = (page: Page) => page.getByRole("region", { name: "We value your privacy" });
const prompt = (page: Page) => page.getByRole("region", { name: "Show businesses near you?" });
const toast = (page: Page) => page.locator("[data-sonner-toast]");

/** The first result: the map on a map view (it shows the results), else the first card. */
function firstResult(page: Page, path: string) {
  if (path.includes("view=map")) return page.getByRole("region", { name: "Map of these results", exact: true });
  const name = path.startsWith("/buy") ? "Businesses for sale" : "Businesses";
  return page.getByRole("region", { name, exact: true }).getByRole("article").first();
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** How many of the banner, the prompt and a toast are on screen. */
async function overlaysShowing(page: Page) {
  const shown = await Promise.all([banner(page), prompt(page), toast(page)].map((l) => l.isVisible()));
  return shown.filter(Boolean).length;
}

/**
 * What the visitor came for is on the first screen, below the page's header
 * and above whatever floats over the foot of the screen (the banner, the
 * prompt, or a phone's action bar): its top edge is visible, uncovered.
 */
async function expectOnFirstScreen(page: Page, what: Locator, description: string, overlay?: Locator) {
  await expect(what, description).toBeVisible();
  const top = (await box(what)).y;
  expect(top, `${description}: below the top of the screen`).toBeGreaterThanOrEqual(0);
  const floor = overlay ? (await box(overlay)).y : phone.height;
  expect(top + 16, `${description}: above ${overlay ? "what covers the foot" : "the fold"}`).toBeLessThanOrEqual(floor);
}

/** A browser on its first visit: no cookie choice, no answer to the location prompt, the page's clock ours. */
async function firstVisit(browser: Browser, baseURL: string, visitorIp: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    extraHTTPHeaders: { "x-forwarded-for": visitorIp },
  });
  const page = await context.newPage();
  await page.clock.install();
  return page;
}

/**
 * On a first visit: the banner first, alone; once it is answered the prompt,
 * alone. The heading and the first result are clear of each in turn.
 */
async function expectTurnsOnList(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // The prompt's 2 s pass on the page's clock; the banner has its turn first.
  await page.clock.runFor(2_000);
  await expect(banner(page)).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  const heading = page.getByRole("heading", { level: 1 });
  await expectOnFirstScreen(page, heading, `${path}'s heading`, banner(page));
  await expectOnFirstScreen(page, firstResult(page, path), `${path}'s first result`, banner(page));

  // The choice is stored by the server's answer: waited for, so clearing it below is not undone.
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/cookie-consent") && r.request().method() === "POST"),
    banner(page).getByRole("button", { name: "Decline" }).click(),
  ]);
  // The prompt's time has come and gone: it shows the moment the banner has gone.
  await expect(prompt(page)).toBeVisible();
  expect(await overlaysShowing(page)).toBe(1);
  await expectOnFirstScreen(page, heading, `${path}'s heading`, prompt(page));
  await expectOnFirstScreen(page, firstResult(page, path), `${path}'s first result`, prompt(page));
  await prompt(page).getByRole("button", { name: "Not now" }).click();
  // Answered, both stay away on the next page.
  await page.context().clearCookies({ name: "cookie-consent" });
  await page.evaluate(() => localStorage.clear());
}

test.describe("the first result is on the first screen", () => {
  test("for a visitor whose choices are stored", async ({ page, baseURL }) => {
    await cookieChoiceMade(page.context(), baseURL!);
    for (const path of lists) {
      await page.goto(path);
      await expectOnFirstScreen(page, firstResult(page, path), `${path}'s first result`);
    }
  });

  test("on a first visit: the banner, then the prompt, one at a time, neither over the heading or the result", async ({
    browser,
    baseURL,
    visitorIp,
  }) => {
    test.slow();
    const page = await firstVisit(browser, baseURL!, visitorIp);
    for (const path of lists) await expectTurnsOnList(page, path);
    await page.context().close();
  });

  test("for a signed-in member on their first visit on this browser, under the bar asking them to confirm their e-mail", async ({
    browser,
    baseURL,
    visitorIp,
    signUpAndSignIn,
  }) => {
    test.slow();
    const member: Member = await signUpAndSignIn();
    const page = await firstVisit(browser, baseURL!, visitorIp);
    const signedIn = await page.request.post("/auth", {
      form: { intent: "sign-in", email: member.email, password: member.password },
      maxRedirects: 0,
    });
    expect(signedIn.status()).toBe(302);
    await page.context().clearCookies({ name: /hbs_toast$/ });
    for (const path of lists) {
      await expectTurnsOnList(page, path);
      await expect(page.getByRole("complementary", { name: "Confirm your e-mail address" })).toBeInViewport();
    }
    // A member's /buy also offers "Save this search", a button above the results that leaves them there.
    await page.goto("/buy");
    await expect(page.locator("summary", { hasText: "Save this search" })).toBeInViewport();
    await expectOnFirstScreen(page, firstResult(page, "/buy"), "/buy's first result");
    await page.context().close();
  });
});

test("arriving signed in: the toast, then the banner, then the prompt, one at a time; the e-mail bar stays clear", async ({
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  const page = await firstVisit(browser, baseURL!, visitorIp);
  await page.goto("/auth?redirectTo=%2Fbuy");
  await hydrated(page);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  // Enter, as the banner may by now cover the button at the foot of a phone's screen.
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/buy$/);
  await expect(toast(page)).toContainText("Signed in successfully!");
  // From here the page's time moves only when the test moves it: the toast stays while it is measured.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
  await page.clock.runFor(2_000);
  // The banner's second and the prompt's two have passed: both wait for the toast.
  await expect(banner(page)).toHaveCount(0);
  await expect(prompt(page)).toHaveCount(0);
  const emailBar = page.getByRole("complementary", { name: "Confirm your e-mail address" });
  expect((await box(emailBar)).y + (await box(emailBar)).height).toBeLessThanOrEqual((await box(toast(page))).y);
  await expectOnFirstScreen(page, firstResult(page, "/buy"), "the first result", toast(page));

  // sonner's 4 s, on the page's clock.
  await page.clock.runFor(5_000);
  await expect(toast(page)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await banner(page).getByRole("button", { name: "Accept all" }).click();
  await expect(prompt(page)).toBeVisible();
  expect(await overlaysShowing(page)).toBe(1);
  await expect(emailBar).toBeInViewport();
  await page.context().close();
});

test.describe("a listing's page", () => {
  test("the asking price, its figures and Register Interest are on the first screen, and stay in reach", async ({
    browser,
    baseURL,
    visitorIp,
  }) => {
    const page = await firstVisit(browser, baseURL!, visitorIp);
    await page.goto(LISTING.path);
    await hydrated(page);
    await page.clock.runFor(2_000);
    await expect(banner(page)).toBeVisible();
    const price = page.getByRole("definition").filter({ hasText: LISTING.price }).first();
    await expectOnFirstScreen(page, price, "the asking price", banner(page));
    // The figures the seller gave, as on the card: net profit and tenure.
    const profit = page.getByRole("definition").filter({ hasText: "£18,000" }).first();
    await expectOnFirstScreen(page, profit, "the net profit", banner(page));
    await expectOnFirstScreen(page, page.getByText("Leasehold", { exact: true }).first(), "the tenure", banner(page));
    const action = page.getByRole("link", { name: "Register Interest" }).first();
    await expectOnFirstScreen(page, action, "Register Interest", banner(page));
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await prompt(page).getByRole("button", { name: "Not now" }).click();
    expect(await overlaysShowing(page)).toBe(0);

    // Read on: the bar at the foot keeps the price and the action in reach.
    await page.getByRole("heading", { name: "About this business" }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 600);
    const bar = page.getByRole("link", { name: "Register Interest" }).last();
    await expect(bar).toBeInViewport();
    const barBox = await box(bar);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(phone.height);
    await bar.click();
    await expect(page.getByRole("region", { name: "Register Interest" }).getByLabel("Full Name")).toBeInViewport();
    await page.context().close();
  });

  test("on a wide screen, the side column has the price and the phone's bar is not there", async ({
    page,
    baseURL,
  }) => {
    await cookieChoiceMade(page.context(), baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(LISTING.path);
    await expect(page.getByRole("complementary", { name: "Price and enquiry" })).toContainText(LISTING.price);
    await expect(page.getByRole("link", { name: "Register Interest" })).toHaveCount(0);
  });

  test("works without JavaScript: the bar's link takes the buyer to the form", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: phone, javaScriptEnabled: false });
    await cookieChoiceMade(context, baseURL!);
    const page = await context.newPage();
    await page.goto(LISTING.path);
    await page.getByRole("link", { name: "Register Interest" }).last().click();
    await expect(page).toHaveURL(/#register-interest$/);
    await expect(page.getByRole("region", { name: "Register Interest" }).getByLabel("Full Name")).toBeInViewport();
    await context.close();
  });
});

test("a business's page: its name, halal status, open now, Call and Directions on the first screen", async ({
  browser,
  baseURL,
  visitorIp,
}) => {
  const page = await firstVisit(browser, baseURL!, visitorIp);
  await page.goto(BUSINESS.path);
  await hydrated(page);
  await page.clock.runFor(2_000);
  await expect(banner(page)).toBeVisible();
  const heading = page.getByRole("heading", { level: 1, name: BUSINESS.name });
  await expectOnFirstScreen(page, heading, "the name", banner(page));
  await expectOnFirstScreen(page, page.getByRole("list", { name: "Halal" }), "the halal status", banner(page));
  await expectOnFirstScreen(page, page.getByText(/^(Open now|Closed)/).first(), "open now", banner(page));
  const call = page.getByRole("link", { name: "Call", exact: true });
  await expect(call).toHaveAttribute("href", "tel:+441632960107");
  await expectOnFirstScreen(page, call, "Call", banner(page));
  const directions = page.getByRole("link", { name: /^Directions/ });
  await expect(directions).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
  await expectOnFirstScreen(page, directions, "Directions", banner(page));
  await page.context().close();
});

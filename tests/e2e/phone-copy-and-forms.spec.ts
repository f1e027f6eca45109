// Issue #50 on a 390 × 844 phone: a message with one very long word (or link)
// stays inside its bubble for the member and for staff, with the reply box on
// the screen; the review form's stars are radio buttons worked from the
// keyboard, and its month of visit two lists, with and without JavaScript;
// and the copy fixed: a negative rent, the district measured from, midnight.
import type { Browser, Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { cookieChoiceMade, expect, hydrated, test, toasts, verifyEmail, type Member } from "./fixtures";
import { fillSellStep, sellStep } from "./sell-form";

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** How far the page reaches sideways: nothing past the screen's edge scrolls. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Where an element sits across the screen, left and right edges. */
async function across(page: Page, selector: Parameters<Page["getByRole"]>[0], name: string) {
  const box = await page.getByRole(selector, { name }).boundingBox();
  return box ? [box.x, box.x + box.width] : null;
}

test("a 5,000-character word wraps inside its bubble: the thread stays 390 px wide and its reply box on screen", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const member = await signUpAndSignIn({ fullName: "Layla Longword" });
  // Registered interest in a sample listing (it has no seller account) opens a thread with HBS.
  const interest = await page.request.post("/buy/kebab-takeaway-cwmbran", {
    form: { fullName: member.fullName, email: member.email, contactNumber: "07700 900444" },
  });
  expect(interest.status()).toBe(200);
  const id = /href="\/messages\/(\d+)"/.exec(await (await page.request.get("/messages")).text())![1]!;
  const word = `https://example.com/${"a".repeat(5000 - "https://example.com/".length)}`;
  const sent = await page.request.post(`/messages/${id}`, { form: { intent: "reply", body: word }, maxRedirects: 0 });
  expect(sent.status()).toBe(302);

  await page.goto(`/messages/${id}`);
  const thread = page.getByRole("list", { name: "Messages with HBS team" });
  await expect(thread).toContainText(word.slice(0, 40));
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  for (const bubble of await thread.getByRole("listitem").all()) {
    const box = (await bubble.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  }
  const reply = page.getByLabel("Your reply");
  await reply.scrollIntoViewIfNeeded();
  await expect(reply).toBeInViewport();
  const [left, right] = (await across(page, "textbox", "Your reply"))!;
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(phone.width);

  // The list of conversations shows the start of it in two lines, inside the card.
  await page.goto("/messages");
  await expect(page.getByRole("link", { name: /Kebab Takeaway/ })).toContainText(word.slice(0, 40));
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);

  // Staff read and answer the thread in the back office, on a phone too.
  await signInAsNewAdmin();
  await page.goto(`/admin/messages/${id}`);
  await expect(page.getByRole("list", { name: "Messages in this conversation" })).toContainText(word.slice(0, 40));
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  const [staffLeft, staffRight] = (await across(page, "textbox", "Reply as HBS"))!;
  expect(staffLeft).toBeGreaterThanOrEqual(0);
  expect(staffRight).toBeLessThanOrEqual(phone.width);
});

/** The month of a visit a year ago: in a list of the server's years, and never in the future. */
const lastYear = String(new Date().getFullYear() - 1);

/** The member's own browser, signed in, with or without JavaScript. */
async function memberBrowser(
  browser: Browser,
  baseURL: string,
  ip: string,
  member: Member,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({
    baseURL,
    viewport: phone,
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": ip },
  });
  await cookieChoiceMade(context, baseURL);
  const page = await context.newPage();
  const signedIn = await page.request.post("/auth", {
    form: { intent: "sign-in", email: member.email, password: member.password },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  return page;
}

// How the stars' fills compute: gold-400 when filled, transparent when not.
const GOLD = "rgb(251, 191, 36)";
const NONE = "rgba(0, 0, 0, 0)";

/** The fill each star is drawn with, first to fifth. */
const starFills = (page: Page) =>
  page.locator(".star-rating svg").evaluateAll((stars) => stars.map((star) => getComputedStyle(star).fill));

test("the review form's stars are radio buttons chosen from the keyboard, and the visit is a month and a year", async ({
  page,
  signUpAndSignIn,
}) => {
  test.slow();
  const member = await signUpAndSignIn({ fullName: "Sami Stars" });
  await verifyEmail(page, member);
  const review = "/halal-network-space/cheetham-hill-dental-studio/review";
  await page.goto(review);
  await hydrated(page);
  const stars = page.getByRole("radiogroup", { name: "Your rating of Cheetham Hill Dental Studio" });
  await expect(stars.getByRole("radio")).toHaveCount(5);
  await expect.poll(() => starFills(page)).toEqual([NONE, NONE, NONE, NONE, NONE]);

  // Tab from the link before the form to the stars: the first star takes the focus, ringed.
  await page.getByRole("main").getByRole("link", { name: "our review policy" }).first().focus();
  await page.keyboard.press("Tab");
  const first = stars.getByRole("radio", { name: "1 star", exact: true });
  await expect(first).toBeFocused();
  const ring = await page
    .locator(".star-rating label")
    .first()
    .evaluate((label) => getComputedStyle(label).outlineStyle);
  expect(ring).not.toBe("none");
  for (let n = 0; n < 3; n++) await page.keyboard.press("ArrowRight");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(stars.getByRole("radio", { name: "3 stars" })).toBeChecked();
  // The chosen star and those before it are filled; a pointer over the fifth previews five, and leaving, three again.
  await expect.poll(() => starFills(page)).toEqual([GOLD, GOLD, GOLD, NONE, NONE]);
  await page.locator(".star-rating label").nth(4).hover();
  await expect.poll(() => starFills(page)).toEqual([GOLD, GOLD, GOLD, GOLD, GOLD]);
  await page.mouse.move(0, 0);
  await expect.poll(() => starFills(page)).toEqual([GOLD, GOLD, GOLD, NONE, NONE]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Your review").fill("Careful with a nervous patient, and the appointment ran on time.");
  const visit = page.getByRole("group", { name: "Month of your visit (optional)" });
  // Half a month is not a month: the message says what to do.
  await visit.getByLabel("Month").selectOption({ label: "March" });
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Please choose both the month and the year of your visit")).toBeVisible();
  await expect(visit.getByLabel("Year")).toHaveAttribute("aria-invalid", "true");
  await visit.getByLabel("Year").selectOption(lastYear);
  await page.getByRole("button", { name: "Publish review" }).click();
  // The business's page, loaded after the save (slow on a busy machine), says the review waits for staff.
  await expect(page.getByText("Your review is waiting for a check by our team")).toBeVisible({ timeout: 20_000 });
  await expect(toasts(page)).toContainText("Review received");

  // Opened again, the form shows the month as it was chosen.
  await page.goto(review);
  await expect(stars.getByRole("radio", { name: "3 stars" })).toBeChecked();
  await expect(visit.getByLabel("Month")).toHaveValue("03");
  await expect(visit.getByLabel("Year")).toHaveValue(lastYear);
});

test("without JavaScript the stars and the month lists still make a review", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  test.slow();
  const member = await signUpAndSignIn({ fullName: "Nadia Nojs" });
  await verifyEmail(page, member);
  const plain = await memberBrowser(browser, baseURL!, visitorIp, member, false);
  await plain.goto("/halal-network-space/cwmbran-family-dental-practice/review");
  const stars = plain.getByRole("radiogroup", { name: /^Your rating of / });
  await stars.getByRole("radio", { name: "5 stars" }).check();
  // The browser's own arrow keys move the choice, no script needed.
  await plain.keyboard.press("ArrowLeft");
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await plain.getByLabel("Your review").fill("The hygienist explained everything and the waiting room was calm.");
  const visit = plain.getByRole("group", { name: "Month of your visit (optional)" });
  await visit.getByLabel("Year").selectOption(lastYear);
  await plain.getByRole("button", { name: "Publish review" }).click();
  // The server's answer, with what was chosen kept.
  await expect(plain.getByText("Please choose both the month and the year of your visit")).toBeVisible();
  await expect(stars.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(visit.getByLabel("Year")).toHaveValue(lastYear);
  await visit.getByLabel("Month").selectOption({ label: "July" });
  await plain.getByRole("button", { name: "Publish review" }).click();
  await expect(plain).toHaveURL(/\/halal-network-space\/cwmbran-family-dental-practice#reviews$/);
  await expect(plain.getByText("Your review is waiting for a check by our team")).toBeVisible();
  await plain.goto("/halal-network-space/cwmbran-family-dental-practice/review");
  await expect(visit.getByLabel("Month")).toHaveValue("07");
  await plain.context().close();
});

test("the copy says what people say: a negative rent, the district measured from, and midnight", async ({ page }) => {
  await page.goto("/sell");
  await hydrated(page);
  await fillSellStep(page, 1, {
    "Business Name": "Sample Grill",
    Location: "Leeds",
    Description: "A sample business.",
  });
  await page.getByRole("button", { name: "Continue" }).click();
  const rent = sellStep(page, 2).getByLabel("Annual rent (£)", { exact: true });
  await rent.fill("-500");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Annual rent cannot be negative", { exact: true })).toBeVisible();
  await expect(rent).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Annual rent must be a number")).toHaveCount(0);

  await page.goto(`/halal-network-space?near=${encodeURIComponent("NP44 1PU")}&radius=3`);
  await expect(page.getByText(/^Within 3 miles of NP44 1PU/)).toHaveText(
    "Within 3 miles of NP44 1PU, nearest first, measured from the centre of NP44 (Cwmbran).",
  );

  await page.goto("/halal-network-space/cwmbran-kebab-and-grill");
  const hours = page.getByRole("region", { name: "Opening hours" });
  await expect(hours.getByRole("row", { name: /Sunday/ })).toContainText("12:00–midnight");
  await expect(hours).not.toContainText("24:00");
});

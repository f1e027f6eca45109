// Issue #50, point 4: a signed-in member's Register Interest starts with the
// details of their profile (the card's dialog and the listing's page, with
// and without JavaScript); once they have enquired, the listing's page, its
// card on /buy and its card on /saved-listings say when, and link to the
// conversation it started (decision 0067). Nobody else is told.
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import { cookieChoiceMade, expect, hydrated, test, toasts } from "./fixtures";

// Sample listings with no seller account: the conversation is with HBS.
const CAFE = { slug: "egyptian-cafe-newport", title: "Egyptian Café in Newport", search: "Egyptian" };
const CHAII = { slug: "chaii-cafe-newport", title: "Chaii Café in Newport" };

/** Today as the site writes it, in London: "28 Nov 2026". */
const today = () =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date());

async function expectDetails(form: Locator, details: { fullName: string; email: string; phone: string }) {
  await expect(form.getByLabel("Full Name")).toHaveValue(details.fullName);
  await expect(form.getByLabel("Email")).toHaveValue(details.email);
  await expect(form.getByLabel("Contact Number")).toHaveValue(details.phone);
}

const interestSection = (page: Page) => page.getByRole("region", { name: "Register Interest" });
const cafeCard = (page: Page) => page.getByRole("main").getByRole("article", { name: CAFE.title });

test("a member's form starts with their details; once they enquire, the page and both cards say when and link the conversation", async ({
  page,
  baseURL,
  signUpAndSignIn,
}) => {
  // A dozen pages, each loaded and hydrated.
  test.slow();
  await cookieChoiceMade(page.context(), baseURL!);
  const member = await signUpAndSignIn();
  const phone = "07700 900321";
  const profile = await page.request.post("/my-account", {
    form: { intent: "profile", fullName: member.fullName, phone },
  });
  expect(profile.status()).toBeLessThan(400);
  const details = { fullName: member.fullName, email: member.email, phone };

  // The card's dialog on /buy starts with them.
  await page.goto(`/buy?search=${CAFE.search}`);
  await hydrated(page);
  await cafeCard(page).getByRole("button", { name: "Register Interest" }).click();
  const dialog = page.getByRole("dialog", { name: "Register Interest" });
  await expectDetails(dialog, details);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(cafeCard(page)).not.toContainText("You enquired");

  // So does the listing's page. They save it, change their number for this seller, and send.
  await page.goto(`/buy/${CAFE.slug}`);
  await hydrated(page);
  const section = interestSection(page);
  await expectDetails(section, details);
  await page.getByRole("button", { name: `Save ${CAFE.title}` }).click();
  await expect(toasts(page)).toContainText("Saved!");
  await section.getByLabel("Contact Number").fill("07700 900322");
  await section.getByRole("button", { name: "Register Interest" }).click();
  await expect(section.getByRole("status")).toContainText(
    "Your interest has been successfully sent. A member of the team will be in contact with you soon.",
  );
  // The page says so at once, beside the success view.
  await expect(section).toContainText(`You enquired on ${today()}`);

  // After a reload: the line and its link above the form, which starts with their details again.
  await page.reload();
  await hydrated(page);
  await expect(section).toContainText(`You enquired on ${today()}. Open the conversation`);
  await expectDetails(section, details);
  expect(await seriousViolations(page)).toEqual([]);

  // The card on /buy and the card on /saved-listings say it too, with the same link.
  const conversation = await section.getByRole("link", { name: "Open the conversation" }).getAttribute("href");
  expect(conversation).toMatch(/^\/messages\/\d+$/);
  for (const path of [`/buy?search=${CAFE.search}`, "/saved-listings"]) {
    await page.goto(path);
    const card = cafeCard(page);
    await expect(card, path).toContainText(`You enquired on ${today()}`);
    await expect(card.getByRole("link", { name: "Open the conversation" }), path).toHaveAttribute(
      "href",
      conversation!,
    );
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The link opens the conversation their interest started.
  await cafeCard(page).getByRole("link", { name: "Open the conversation" }).click();
  await expect(page).toHaveURL(new RegExp(`${conversation}$`));
  await expect(page.getByRole("main")).toContainText(`I am interested in ${CAFE.title}.`);
  await expect(page.getByRole("main")).toContainText("Contact number: 07700 900322");
});

test("without JavaScript the form starts with the member's details, and its answer says they enquired", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  test.slow();
  const member = await signUpAndSignIn();
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": visitorIp },
  });
  await noScript.addCookies(await page.context().cookies());
  await cookieChoiceMade(noScript, baseURL!);
  const plain = await noScript.newPage();

  await plain.goto(`/buy/${CHAII.slug}`);
  const section = interestSection(plain);
  // No phone in their profile: that field is theirs to fill in.
  await expectDetails(section, { fullName: member.fullName, email: member.email, phone: "" });
  await section.getByLabel("Contact Number").fill("07700 900324");
  await section.getByRole("button", { name: "Register Interest" }).click();
  await expect(section.getByRole("status")).toContainText("Your interest has been successfully sent.");
  await expect(section).toContainText(`You enquired on ${today()}`);

  await plain.goto(`/buy/${CHAII.slug}`);
  await expect(section).toContainText(`You enquired on ${today()}`);
  await expectDetails(section, { fullName: member.fullName, email: member.email, phone: "" });
  await section.getByRole("link", { name: "Open the conversation" }).click();
  await expect(plain).toHaveURL(/\/messages\/\d+$/);
  await expect(plain.getByRole("main")).toContainText(`I am interested in ${CHAII.title}.`);
  await noScript.close();
});

test("another member sees neither the enquiry nor its details, and a visitor an empty form", async ({
  page,
  baseURL,
  signUpAndSignIn,
}) => {
  await cookieChoiceMade(page.context(), baseURL!);
  const first = await signUpAndSignIn();
  const posted = await page.request.post(`/buy/${CAFE.slug}`, {
    form: { fullName: first.fullName, email: first.email, contactNumber: "07700 900323" },
  });
  expect(posted.status()).toBe(200);
  await page.goto(`/buy/${CAFE.slug}`);
  await expect(interestSection(page)).toContainText("You enquired on");

  // Another member, in the same browser.
  await page.context().clearCookies();
  await cookieChoiceMade(page.context(), baseURL!);
  const other = await signUpAndSignIn();
  await page.goto(`/buy/${CAFE.slug}`);
  await expect(interestSection(page)).not.toContainText("You enquired");
  await expectDetails(interestSection(page), { fullName: other.fullName, email: other.email, phone: "" });
  await page.goto(`/buy?search=${CAFE.search}`);
  await expect(cafeCard(page)).toBeVisible();
  await expect(cafeCard(page)).not.toContainText("You enquired");

  // A visitor.
  await page.context().clearCookies();
  await page.goto(`/buy/${CAFE.slug}`);
  await expect(interestSection(page)).not.toContainText("You enquired");
  await expectDetails(interestSection(page), { fullName: "", email: "", phone: "" });
});

// The back office, as staff use it, and who it keeps out.
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { adminPaths } from "./admin-paths";
import { axeOn } from "./axe";
import { cookieChoiceMade, expect, hydrated, sentMail, test, toasts, type Member } from "./fixtures";

// Several browsers each, and many pages: more time than the default, for a busy machine.
test.describe.configure({ timeout: 90_000 });

async function offerForSale(request: APIRequestContext, businessName: string, contactEmail: string) {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#2a7" } })
    .jpeg()
    .toBuffer();
  const response = await request.post("/sell", {
    multipart: {
      businessName,
      category: "food",
      location: "Bradford",
      askingPrice: "85000",
      annualRevenue: "240000",
      description: "A long-running sweet centre on Leeds Road with loyal customers.",
      contactName: "Yusuf Khan",
      contactEmail,
      contactPhone: "07700 900123",
      photos: { name: "shop.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(response.status()).toBe(200);
}

/** A member signed in on a browser of their own, beside the staff's page. */
async function memberOwnBrowser(
  { browser, baseURL, visitorIp }: { browser: Browser; baseURL?: string; visitorIp: string },
  member: Member,
) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  // Its cookie choice made: the banner rising 1 s after a load once met this test's Sign In click (CI, 28 November).
  await cookieChoiceMade(context, baseURL!);
  const page = await context.newPage();
  for (const intent of ["sign-up", "sign-in"]) {
    await page.request.post("/auth", { form: { intent, ...member } });
  }
  return { page, context };
}

const mailTo = (to: string, subject: RegExp) =>
  sentMail()
    .map((m) => ({ to: m.header("to") ?? "", subject: m.header("subject") ?? "", body: m.body }))
    .find((m) => m.to.includes(to) && subject.test(m.subject));

async function openListing(page: Page, title: string) {
  await page.goto("/admin");
  // The dashboard: what waits, and the last 30 days of enquiries (this one's among them).
  await expect(page.getByRole("link", { name: /Listings waiting for review/ })).toContainText(/[1-9]\d*/);
  await expect(page.getByRole("figure")).toContainText("Enquiries per day over the last 30 days (most in a day: ");
  await expect(page.getByRole("figure").getByRole("table", { includeHidden: true })).toBeAttached();
  await page.getByRole("link", { name: /Listings waiting for review/ }).click();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await hydrated(page);
}

test("a submission is reviewed, edited with the seller's photo, published, and later marked as sold", async ({
  page,
  request,
  signInAsNewAdmin,
}) => {
  const staff = await signInAsNewAdmin();
  const title = `Sweet Centre ${Date.now()}`;
  const seller = `seller-${Date.now()}@example.com`;
  await offerForSale(request, title, seller);
  await openListing(page, title);

  // The seller's photo is private, for staff only.
  const sellerPhoto = page.getByRole("group", { name: /The seller's photos/ }).locator("img");
  await expect(sellerPhoto).toHaveJSProperty("complete", true);
  expect(await sellerPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const photoUrl = await sellerPhoto.getAttribute("src");
  expect((await request.get(photoUrl!, { maxRedirects: 0 })).status()).toBe(302);

  await page.getByLabel("Title", { exact: true }).fill(`${title} & Grill`);
  await page.getByLabel("Postcode").fill("bd3 9aa");
  await page.getByLabel("Features").fill("Freehold\nFitted kitchen");
  await page.getByLabel("Publish photo 1").check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page)).toContainText("Listing saved");
  const newTitle = `${title} & Grill`;
  await expect(page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  await expect(page.getByLabel("Keep image 1")).toBeChecked();

  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("The seller has been e-mailed.");
  await expect
    .poll(() => mailTo(seller, /Your business is now listed on HBS/)?.subject)
    .toBe(`Your business is now listed on HBS: ${newTitle}`);
  const slug = /\/buy\/([a-z0-9-]+)/.exec(mailTo(seller, /now listed/)!.body)![1]!;

  // Visitors find it on /buy and on its page, with the photo.
  const visitor = await page.context().browser()!.newPage({ baseURL: page.url() });
  await visitor.goto(`/buy?search=${encodeURIComponent(newTitle)}`);
  await expect(visitor.getByRole("heading", { name: newTitle })).toBeVisible();
  const listingPage = await visitor.goto(`/buy/${slug}`);
  expect(listingPage!.status()).toBe(200);
  await expect(visitor.getByText("Fitted kitchen")).toBeVisible();

  await page.getByRole("button", { name: "Feature", exact: true }).click();
  await expect(toasts(page)).toContainText("Listing featured");
  await page.getByRole("button", { name: "Mark as sold" }).click();
  await expect(toasts(page)).toContainText("Mark as sold: done");
  const gone = await visitor.goto(`/buy/${slug}`);
  expect(gone!.status()).toBe(410);
  await expect(visitor.getByText(/no longer available/i).first()).toBeVisible();
  await visitor.goto(`/buy?search=${encodeURIComponent(newTitle)}`);
  await expect(visitor.getByRole("heading", { name: newTitle })).toHaveCount(0);
  await visitor.close();

  // Each step is in the audit log, with who did it and what changed.
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
  // Their own entries: other tests' changes would push them past the log's first page.
  await page.getByLabel("Search by who, action or subject").fill(staff.email);
  await page.getByLabel("Search by who, action or subject").press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const log = page.getByRole("table");
  await expect(log.getByRole("row").filter({ hasText: "Listing marked as sold" })).toContainText(staff.email);
  await expect(log.getByRole("row").filter({ hasText: "Listing edited" }).first()).toContainText(newTitle);
});

test("rejecting asks for a reason, which the seller receives", async ({ page, request, signInAsNewAdmin }) => {
  await signInAsNewAdmin();
  const title = `Corner Shop ${Date.now()}`;
  const seller = `reject-${Date.now()}@example.com`;
  await offerForSale(request, title, seller);
  await openListing(page, title);
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Please say why, for the seller")).toBeVisible();
  await page.getByLabel("Reason for rejecting").fill("Please send the last two years' accounts.");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(toasts(page)).toContainText("Reject: done");
  await expect(page.getByText("Rejected: Please send the last two years' accounts.")).toBeVisible();
  await expect
    .poll(() => mailTo(seller, /could not publish/)?.body)
    .toContain("Why: Please send the last two years' accounts.");
});

test("an enquiry is found, moved on and noted; its sender sees the new status in My Queries", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  // A member sends a message from their own browser.
  const email = `asker-${Date.now()}@example.com`;
  const { page: memberPage, context: memberContext } = await memberOwnBrowser(
    { browser, baseURL, visitorIp },
    { email, password: "Quiet-Harbour-19", fullName: "Hana Ali" },
  );
  await memberPage.request.post("/contact", {
    form: {
      name: "Hana Ali",
      email,
      phone: "07700 900456",
      subject: "Halal certification",
      message: "Which bodies do you accept?",
    },
  });

  await signInAsNewAdmin();
  await page.goto("/admin/enquiries");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Search by name, e-mail, subject or reference" }).fill(email);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=asker/);
  // The address changes before the filtered list is drawn: wait for the list.
  const found = page.getByRole("link", { name: /^HBS-\d{6}$/ });
  await expect(found).toHaveCount(1);
  await found.click();
  await expect(page.getByText("Which bodies do you accept?")).toBeVisible();
  await page.getByRole("combobox", { name: "Status" }).selectOption("in_progress");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(toasts(page)).toContainText("Status: In progress");
  await page.getByLabel("Add a note").fill("Sent the list of certifiers.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "Notes" })).toContainText("Sent the list of certifiers.");

  await memberPage.goto("/my-queries");
  await expect(memberPage.getByRole("main")).toContainText("Halal certification");
  await expect(memberPage.getByRole("main")).toContainText("In progress");
  // Notes are for staff only.
  await expect(memberPage.getByText("Sent the list of certifiers.")).toHaveCount(0);
  await memberContext.close();
});

test("a subscription made for a member and activated shows in their subscriptions", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  const email = `subscriber-${Date.now()}@example.com`;
  const { page: memberPage, context: memberContext } = await memberOwnBrowser(
    { browser, baseURL, visitorIp },
    { email, password: "Quiet-Harbour-19", fullName: "Iman Shah" },
  );

  await signInAsNewAdmin();
  await page.goto("/admin/subscriptions");
  await hydrated(page);
  const form = page.getByRole("region", { name: "New subscription" });
  // Folded away under the list's search until asked for.
  await form.getByText("New subscription").click();
  await form.getByLabel("Member's e-mail").fill("nobody-here@example.com");
  await form.getByLabel("Package").selectOption("growth-plan");
  await form.getByLabel("Start date").fill("2026-11-01");
  await form.getByLabel("End date").fill("2027-10-31");
  await form.getByRole("button", { name: "Create subscription" }).click();
  await expect(form.getByText("No member has that e-mail address")).toBeVisible();
  await form.getByLabel("Member's e-mail").fill(email);
  await form.getByRole("button", { name: "Create subscription" }).click();
  await expect(toasts(page)).toContainText("Subscription created");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("pending");
  await row.getByRole("button", { name: "Activate" }).click();
  await expect(toasts(page)).toContainText("Subscription active");

  await memberPage.goto("/my-subscriptions");
  await expect(memberPage.getByRole("main")).toContainText(/Growth Plan/i);
  await expect(memberPage.getByRole("main")).toContainText("Business optimization");
  await expect(memberPage.getByText("active", { exact: true })).toBeVisible();
  await memberContext.close();
});

test("a suspended member is signed out and cannot sign in until restored", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  const member: Member = { email: `suspend-${Date.now()}@example.com`, password: "Quiet-Harbour-19", fullName: "Sam" };
  const { page: memberPage, context: memberContext } = await memberOwnBrowser({ browser, baseURL, visitorIp }, member);
  const signIn = () => memberPage.request.post("/auth", { form: { intent: "sign-in", ...member }, maxRedirects: 0 });
  expect((await signIn()).status()).toBe(302);

  await signInAsNewAdmin();
  await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
  await page.getByRole("link", { name: member.email }).click();
  await hydrated(page);
  await page.getByLabel("Reason for suspending").fill("Spam listings");
  await page.getByRole("button", { name: "Suspend account" }).click();
  await expect(toasts(page)).toContainText("Account suspended");

  await memberPage.goto("/my-account");
  await expect(memberPage).toHaveURL(/\/auth\?redirectTo=/);
  const refused = await signIn();
  expect(refused.status()).toBe(403);
  await memberPage.goto("/auth");
  await hydrated(memberPage);
  await memberPage.getByLabel("Email", { exact: true }).fill(member.email);
  await memberPage.getByLabel("Password", { exact: true }).fill(member.password);
  await memberPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toasts(memberPage)).toContainText("This account has been suspended.");

  await page.getByRole("button", { name: "Restore account" }).click();
  await expect(toasts(page)).toContainText("Account restored");
  expect((await signIn()).status()).toBe(302);
  await memberContext.close();
});

test("staff add a directory business with its image and halal details, then unpublish it", async ({
  page,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const name = `Bismillah Butchers ${Date.now()}`;
  await page.goto("/admin/directory");
  await page.getByRole("link", { name: "Add a business" }).click();
  await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category").selectOption("food");
  await page.getByLabel("Description").fill("Fresh halal meat, cut to order.");
  await page.getByLabel("Town").fill("Leeds");
  await page.getByLabel("Website").fill("javascript:alert(1)");
  await page.getByLabel("Certified by").selectOption("hmc");
  await page.getByLabel("Halal", { exact: true }).selectOption("fully_halal");
  await page.getByLabel("Alcohol served").selectOption("no");
  const image = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#a52" } })
    .png()
    .toBuffer();
  await page.getByLabel("Image").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: image });
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(page.getByText("Please enter a web address starting with https:// or http://")).toBeVisible();
  await page.getByLabel("Website").fill("https://bismillah.example");
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");

  const visitor = await page.context().browser()!.newPage({ baseURL: page.url() });
  await visitor.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  const card = visitor.getByRole("article").filter({ hasText: name });
  await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/businesses\/[0-9a-f]{32}\.webp$/);
  await card.getByRole("link", { name }).first().click();
  await expect(visitor.getByText("HMC (Halal Monitoring Committee)")).toBeVisible();
  const address = new URL(visitor.url()).pathname;

  await hydrated(page);
  await page.getByLabel("Published in the directory").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page)).toContainText("Business saved");
  expect((await visitor.goto(address))!.status()).toBe(404);
  await visitor.close();
});

test("the outbox shows what was sent, and its text can be read", async ({ page, signInAsNewAdmin }) => {
  const staff = await signInAsNewAdmin();
  await page.goto("/admin/outbox?state=sent");
  const message = page
    .getByRole("row")
    .filter({ hasText: `To ${staff.email}` })
    .first();
  await expect(message).toContainText("Confirm your e-mail address for HBS");
  await message.getByText("Read the message").click();
  await expect(message.getByText(/\/api\/auth\/verify-email\?token=/)).toBeVisible();
});

// A test a width: each walk is a dozen pages, and with two runs at once on
// two cores one walk alone took over four minutes.
for (const width of [1280, 390]) {
  test(`back-office pages have no serious axe violations, ${width} px wide`, async ({
    page,
    request,
    signInAsNewAdmin,
  }) => {
    test.slow();
    const staff = await signInAsNewAdmin();
    const title = `Axe Bakery ${Date.now()}`;
    await offerForSale(request, title, `axe-${Date.now()}@example.com`);
    await page.goto("/admin/listings");
    const listingPath = await page.getByRole("link", { name: title }).getAttribute("href");
    // A member's page (issue #46: everything they own and did, with its actions), here the new staff member's.
    await page.goto(`/admin/users?q=${encodeURIComponent(staff.email)}`);
    const memberPath = await page.getByRole("link", { name: staff.email }).first().getAttribute("href");
    await page.setViewportSize({ width, height: 900 });
    // Not the made-up ids' pages, nor the CSV export (a download, not a page).
    const pages = adminPaths.filter((p) => !/\/1(\/|$)/.test(p) && !p.startsWith("/admin/export/"));
    for (const path of [...pages, listingPath!, memberPath!, "/admin/directory/new"]) {
      await page.goto(path);
      await hydrated(page);
      const results = await (await axeOn(page)).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${path}: ${v.id}`)).toEqual([]);
    }
  });
}

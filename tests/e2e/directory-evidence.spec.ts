// Halal evidence levels and what diners need to go (issue #47, decisions
// 0091 and 0092), as diners and staff meet them without JavaScript: the level
// on cards and the page with its rules, the directory's evidence and prayer
// filters and its strongest-first order, "Still as described" recorded on
// the page, a place reported closed by three members and staff's decision,
// a suggested place, and a certificate photo private until staff show it.
import sharp from "sharp";
import { formatCalendarDay, londonDay } from "../../app/lib/dates";
import { addBusinessFor } from "./directory-admin";
import { expect, test, verifyEmail } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("the directory keeps businesses at a level and above, strongest first, and by prayer space", async ({ page }) => {
  await page.goto("/halal-network-space");
  await page.getByLabel("Halal evidence").selectOption({ label: "Visited by HBS or better" });
  await page.getByLabel("Order", { exact: true }).selectOption({ label: "Strongest halal evidence first" });
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/evidence=3/);
  const cards = page.getByRole("article");
  // The samples: a certificate checked within the year is kept; the lapsed one is the business's word, left out.
  await expect(cards.filter({ hasText: "Cwmbran Kebab & Grill" })).toContainText("Certificate checked by HBS");
  await expect(cards.filter({ hasText: "Newport Peri Peri House" })).toHaveCount(0);
  for (const text of await cards.allInnerTexts()) expect(text).toMatch(/Certificate checked by HBS|Visited by HBS/);

  await page.goto("/halal-network-space?sort=evidence");
  await expect(cards.first()).toContainText("Certificate checked by HBS");
  await expect(cards.last()).not.toContainText("Certificate checked by HBS");
  await expect(page.getByRole("article").filter({ hasText: "Newport Peri Peri House" })).toContainText(
    "The business's word",
  );

  await page.goto("/halal-network-space");
  await page.getByLabel("Prayer space").check();
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/prayer=yes/);
  await expect(cards.filter({ hasText: "Cwmbran Kebab & Grill" })).toHaveCount(1);
  await expect(cards.filter({ hasText: "Newport Peri Peri House" })).toHaveCount(0);
});

test("a business page shows its evidence, meat supplier and visit facts, and a member confirms it once a month", async ({
  page,
  signUpAndSignIn,
}) => {
  const business = "/halal-network-space/cwmbran-kebab-and-grill";
  await page.goto(business);
  const panel = page.getByRole("region", { name: "Halal status" });
  await expect(panel).toContainText("Evidence: Certificate checked by HBS");
  await expect(panel).toContainText("Vale Halal Meats");
  await expect(page.getByText("Dine in, Takeaway")).toBeVisible();
  await expect(page.getByText("Yes, a space to pray")).toBeVisible();
  await expect(page.getByRole("link", { name: /See the menu/ })).toHaveAttribute(
    "href",
    "https://cwmbran-kebab-grill.example.com/menu",
  );
  await panel.getByRole("link", { name: "How we grade evidence" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "How we grade halal evidence" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Confirmed by diners." })).toContainText(
    "At least 3 different members",
  );

  // A visitor is sent to sign in first.
  await page.goto(business);
  await panel.getByRole("button", { name: "Still as described" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  await expect(page.getByText("Please sign in to confirm a business.")).toBeVisible();

  const member = await signUpAndSignIn();
  await verifyEmail(page, member);
  await page.goto(business);
  await panel.getByRole("button", { name: "Still as described" }).click();
  await expect(page.getByText("Thank you: your confirmation is recorded.")).toBeVisible();
  await expect(panel).toContainText(`Last confirmed by a diner on ${formatCalendarDay(londonDay(new Date()))}`);
  await panel.getByRole("button", { name: "Still as described" }).click();
  await expect(page.getByText("You have already confirmed this business this month.")).toBeVisible();
});

test("three members' closure reports mark a place until staff find it closed", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const name = `Shutter Kebab ${Date.now().toString(36)}`;
  const id = await addBusinessFor(page.request, null, name, { published: true });
  const slug = /href="(\/halal-network-space\/[^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${id}`)).text(),
  )![1]!;
  for (const n of [1, 2, 3]) {
    const member = await signUpAndSignIn();
    const sent = await page.request.post(slug, {
      form: {
        change: "closed_down",
        details: `Shutters down, report ${n}.`,
        name: member.fullName,
        email: member.email,
      },
    });
    expect(sent.status()).toBe(200);
  }
  await page.goto(slug);
  await expect(page.getByRole("note").filter({ hasText: "Reported closed — not yet checked" })).toBeVisible();

  await signInAsNewAdmin();
  await page.goto(`/admin/directory/${id}`);
  const reports = page.getByRole("region", { name: "Reported closed by members" });
  await expect(reports.getByRole("listitem")).toHaveCount(3);
  await expect(reports).toContainText("Shutters down, report 2.");
  await reports.getByRole("button", { name: "Closed: take it out of the directory" }).click();
  await expect(page.getByText("Marked closed and taken out of the directory")).toBeVisible();
  expect((await page.request.get(slug)).status()).toBe(404);
});

test("a diner suggests a place the directory is missing", async ({ page }) => {
  await page.goto("/halal-network-space");
  await page.getByRole("link", { name: "Suggest a place" }).click();
  await page.getByRole("button", { name: "Send suggestion" }).click();
  await expect(page.getByText("Please give the place's name")).toBeVisible();
  await page.getByLabel("The place's name").fill("Anatolia Ocakbasi");
  await page.getByLabel("Town or postcode").fill("Cwmbran");
  await page.getByLabel("What it is").fill("Turkish grill");
  await page.getByLabel("Why do you think it is halal?").fill("An HMC certificate on the wall by the till.");
  await page.getByLabel("Your name").fill("Amina Patel");
  await page.getByLabel("Your email").fill("amina@example.com");
  await page.getByRole("button", { name: "Send suggestion" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Suggestion sent." })).toBeVisible();
});

test("a diner's photo of the certificate is private until staff show it, then on the page with who checked it", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  const name = `Certificate Grill ${Date.now().toString(36)}`;
  const id = await addBusinessFor(page.request, null, name, { published: true });
  const slug = /href="(\/halal-network-space\/[^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${id}`)).text(),
  )![1]!;

  await signUpAndSignIn();
  await page.goto(slug);
  const panel = page.getByRole("region", { name: "Halal status" });
  await panel.getByLabel(/Seen its halal certificate on the wall/).setInputFiles({
    name: "certificate.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#f5f0e1" } })
      .png()
      .toBuffer(),
  });
  await panel.getByRole("button", { name: "Send photo" }).click();
  await expect(page.getByText("Thank you: our team will check the photo before it is shown.")).toBeVisible();
  await expect(panel.getByRole("figure")).toHaveCount(0);

  const staff = await signInAsNewAdmin();
  await page.goto(`/admin/directory/${id}`);
  const waiting = page.getByRole("region", { name: "Certificate photos to check (1)" });
  await expect(waiting.getByRole("img", { name: "Certificate photo 1 (opens in a new tab)" })).toBeVisible();
  await waiting.getByRole("button", { name: "Show photo 1 on the page" }).click();
  await expect(page.getByText("Certificate photo shown on the page")).toBeVisible();

  await page.goto(slug);
  await expect(panel.getByRole("figure")).toContainText(`Checked by ${staff.fullName}, HBS on`);
  // Out of the directory again.
  await page.request.post(`/admin/directory/${id}`, {
    multipart: { intent: "save", name, category: "food", description: "Charcoal grills and curries.", town: "Leeds" },
  });
});

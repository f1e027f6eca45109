// Reviews (decision 0035) as members, visitors and staff meet them: writing a
// review (held for staff, since every test's account is minutes old), staff
// approving or removing it, "removed as fake" ending a member's reviews, the
// warning on a business, editing and deleting one's own review, and a report
// sent without JavaScript that leaves the review up until staff decide; the
// owner's reply under a review (decision 0038).
import { seriousViolations } from "./axe";
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { addBusinessFor } from "./directory-admin";
import { expect, hydrated, sentMail, test, toasts, verifyEmail, type Member } from "./fixtures";

const reviewText = (marker: string, words = "The lamb karahi was rich and the naan came hot from the oven.") =>
  `${words} (${marker})`;

/** A visitor's own browser, signed out. */
async function visitor(browser: Browser, baseURL: string | undefined, options: { javaScriptEnabled?: boolean } = {}) {
  const ip = `10.${[...crypto.randomBytes(3)].join(".")}`;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": ip }, ...options });
  return context.newPage();
}

/** A member with a verified address, signed in on a browser of their own; the test's page stays free for staff. */
async function verifiedMember(
  page: Page,
  signUpAndSignIn: (fields?: Partial<Member>) => Promise<Member>,
  signInElsewhere: (member: Member) => Promise<Page>,
  fullName: string,
) {
  const member = await signUpAndSignIn({ fullName });
  await verifyEmail(page, member);
  return { member, memberPage: await signInElsewhere(member) };
}

/** The reviews listed on a business's page. */
const reviewsOf = (page: Page) => page.getByRole("region", { name: "Reviews" }).getByRole("article");

/** The member's review posted as the form posts it (no JavaScript needed). */
async function writeReview(memberPage: Page, slug: string, rating: number, body: string) {
  const written = await memberPage.request.post(`/halal-network-space/${slug}/review`, {
    form: { intent: "save", rating: String(rating), body },
    maxRedirects: 0,
  });
  expect(written.status()).toBe(302);
}

/** Staff approve the held review whose text has `marker`, from the queue. */
async function approve(page: Page, marker: string) {
  await page.goto("/admin/reviews");
  await queueRow(page, marker).first().getByRole("link").click();
  const approveButton = page.getByRole("button", { name: "Approve and publish" });
  // The review's page, hydrated: a click while React hydrates it can be lost (a loaded round's failure).
  await approveButton.waitFor();
  await hydrated(page);
  await approveButton.click();
  await expect(toasts(page)).toContainText("Review published");
}

/** The review's row in one of the back office's tables, found by the marker in its text. */
const queueRow = (page: Page, marker: string) => page.getByRole("row").filter({ hasText: marker });

test.describe.configure({ timeout: 120_000 });

test("a member writes a review, staff approve it, and everyone sees it with the average and in JSON-LD", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  const slug = "caerleon-road-dental-practice";
  const marker = crypto.randomBytes(4).toString("hex");
  const member = await signUpAndSignIn({ fullName: "Amina Reviewer" });

  // An address not yet verified cannot review.
  await page.goto(`/halal-network-space/${slug}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews).toContainText("Verify your e-mail address");
  await expect(reviews.getByRole("link", { name: "Our review policy" })).toHaveAttribute("href", "/review-policy");
  await verifyEmail(page, member);

  await page.goto(`/halal-network-space/${slug}`);
  await page.getByRole("link", { name: "Write a review" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Write a review of Caerleon Road Dental Practice");
  await expect(page.getByRole("main").getByRole("link", { name: "our review policy" }).first()).toHaveAttribute(
    "href",
    "/review-policy",
  );
  await hydrated(page);
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Please choose from 1 to 5 stars")).toBeVisible();
  await expect(page.getByText("Please write your review")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The stars are a radio group: chosen from the keyboard.
  await page.getByRole("radio", { name: "1 star", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page.getByLabel("Your review").fill("Too short.");
  const visit = page.getByRole("group", { name: "Month of your visit (optional)" });
  await visit.getByLabel("Month").selectOption({ label: "March" });
  await visit.getByLabel("Year").selectOption("2026");
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("A review must be at least 30 characters")).toBeVisible();
  await page.getByLabel("Your review").fill(reviewText(marker));
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(toasts(page)).toContainText("Review received");
  await expect(page.getByText("Your review is waiting for a check by our team")).toBeVisible();
  await expect
    .poll(() =>
      sentMail().some((m) => m.header("To") === member.email && /waiting for a check/.test(m.header("Subject") ?? "")),
    )
    .toBe(true);

  // Held: nobody else sees it yet.
  const someone = await visitor(browser, baseURL);
  await someone.goto(`/halal-network-space/${slug}`);
  await expect(someone.getByText(marker)).toHaveCount(0);

  await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  await expect(queueRow(page, marker)).toContainText("The account is less than 24 hours old");
  expect(await seriousViolations(page)).toEqual([]);
  await queueRow(page, marker).getByRole("link").click();
  await expect(page.getByText(reviewText(marker))).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("Review published");
  await expect
    .poll(() =>
      sentMail().some((m) => m.header("To") === member.email && /is published/.test(m.header("Subject") ?? "")),
    )
    .toBe(true);
  // The decisions, latest first (the default view is what still waits).
  await page.goto("/admin/reviews?state=decided&sort=decided&dir=desc");
  await expect(page.getByRole("region", { name: "Decisions", exact: true })).toContainText(marker);

  await someone.goto(`/halal-network-space/${slug}`);
  const shown = reviewsOf(someone).filter({ hasText: marker });
  await expect(shown).toContainText("Amina Reviewer");
  await expect(shown).toContainText("visited March 2026");
  await expect(shown.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(someone.getByRole("region", { name: "Reviews" })).toContainText(/\d\.\d · \d+ reviews?/);
  const jsonLd = JSON.parse((await someone.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating", bestRating: 5 });
  expect(jsonLd.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(jsonLd.review)).toContain(marker);
  // The directory's card carries the average and count too.
  await someone.goto("/halal-network-space?search=caerleon");
  await expect(someone.getByRole("article").filter({ hasText: "Caerleon Road Dental Practice" })).toContainText(
    /\d\.\d · \d+ reviews?/,
  );
  await someone.context().close();
});

test("the author edits (checked again, marked edited) and deletes their review; sorting keeps the query string", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const slug = "riverside-dental-care-cardiff";
  const marker = crypto.randomBytes(4).toString("hex");
  const { memberPage } = await verifiedMember(page, signUpAndSignIn, signInElsewhere, "Bilal Editor");
  await writeReview(memberPage, slug, 2, reviewText(marker, "Waited forty minutes for a check-up booked weeks ago."));
  await signInAsNewAdmin();
  await approve(page, marker);

  // The form opens with the review as it is; the edit is checked again (held for the new account) and then marked edited.
  await memberPage.goto(`/halal-network-space/${slug}/review`);
  // Hydration sets the saved star's `checked` attribute again, which takes back a choice clicked before it.
  await hydrated(memberPage);
  await expect(memberPage.getByRole("heading", { level: 1 })).toHaveText("Edit your review of Riverside Dental Care");
  await expect(memberPage.getByRole("radio", { name: "2 stars" })).toBeChecked();
  await expect(memberPage.getByLabel("Your review")).toHaveValue(
    reviewText(marker, "Waited forty minutes for a check-up booked weeks ago."),
  );
  await memberPage.getByRole("radio", { name: "3 stars" }).check();
  await memberPage
    .getByLabel("Your review")
    .fill(reviewText(marker, "Waited forty minutes, but the dentist was kind and careful."));
  await memberPage.getByRole("button", { name: "Save changes" }).click();
  await expect(memberPage.getByText("Your review is waiting for a check by our team")).toBeVisible();
  await approve(page, marker);

  const someone = await visitor(browser, baseURL);
  await someone.goto(`/halal-network-space/${slug}?sort=lowest`);
  const shown = reviewsOf(someone).filter({ hasText: marker });
  await expect(shown).toContainText("edited");
  await expect(shown).toContainText("the dentist was kind and careful");
  await expect(someone.getByRole("link", { name: "Lowest rated" })).toHaveAttribute("aria-current", "true");
  await someone.getByRole("link", { name: "Highest rated" }).click();
  await expect(someone).toHaveURL(/sort=highest/);

  await memberPage.goto(`/halal-network-space/${slug}/review`);
  await memberPage.getByRole("button", { name: "Delete my review" }).click();
  await expect(toasts(memberPage)).toContainText("Review deleted");
  await expect(memberPage.getByRole("link", { name: "Write a review" })).toBeVisible();
  await someone.goto(`/halal-network-space/${slug}`);
  await expect(someone.getByText(marker)).toHaveCount(0);
  await someone.context().close();
});

test("staff remove a held review as fake: the reviewer is told why and can write no more; a warning goes on the business", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const slug = "sparkbrook-dental-practice";
  const marker = crypto.randomBytes(4).toString("hex");
  const { member, memberPage } = await verifiedMember(page, signUpAndSignIn, signInElsewhere, "Paid Reviewer");
  // A link in the text: held for that reason too.
  const body = reviewText(marker, "Best dentist ever, book at www.sparkbrook-smiles.example.com today!");
  await writeReview(memberPage, slug, 5, body);

  const staff = await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  await expect(queueRow(page, marker)).toContainText("The text contains a link");
  await queueRow(page, marker).getByRole("link").click();
  await page.getByRole("button", { name: "Remove review" }).click();
  await expect(page.getByText("Please give the reason the reviewer will be told")).toBeVisible();
  const reason = `Written in return for a discount (${marker}).`;
  await page.getByLabel("Reason (the reviewer is told this)").fill(reason);
  await page.getByLabel("Removed as fake: the reviewer can no longer write reviews").check();
  await page.getByRole("button", { name: "Remove review" }).click();
  await expect(toasts(page)).toContainText("Review removed");
  await expect(page.getByText("No: a review was removed as fake")).toBeVisible();
  await expect
    .poll(
      () =>
        sentMail().find((m) => m.header("To") === member.email && /has been removed/.test(m.header("Subject") ?? ""))
          ?.body ?? "",
    )
    .toContain(reason);

  // The reviewer sees why, and can review nothing else.
  await memberPage.goto(`/halal-network-space/${slug}`);
  await expect(memberPage.getByRole("region", { name: "Reviews" })).toContainText(reason);
  await memberPage.goto("/halal-network-space/cheetham-hill-dental-studio");
  await expect(memberPage.getByRole("region", { name: "Reviews" })).toContainText(
    "You can no longer write reviews on HBS",
  );
  const refused = await memberPage.request.post("/halal-network-space/cheetham-hill-dental-studio/review", {
    form: { intent: "save", rating: "5", body: reviewText(marker) },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("You can no longer write reviews on HBS");

  // The business found buying reviews carries staff's warning on its page, until staff remove it.
  await page.goto("/admin/directory?q=Sparkbrook");
  await page.getByRole("link", { name: "Sparkbrook Dental Practice" }).click();
  const warning = `We found this practice offered discounts for reviews (${marker}).`;
  await page.getByLabel("Warning shown on the business’s page").fill(warning);
  await page.getByRole("button", { name: "Show this warning" }).click();
  await expect(toasts(page)).toContainText("Review warning shown");
  const someone = await visitor(browser, baseURL);
  await someone.goto(`/halal-network-space/${slug}`);
  await expect(someone.getByRole("note")).toContainText(warning);
  await page.getByRole("button", { name: "Remove the warning" }).click();
  await expect(toasts(page)).toContainText("Review warning removed");
  await someone.reload();
  await expect(someone.getByText(warning)).toHaveCount(0);
  await page.goto(`/admin/audit?${new URLSearchParams({ q: staff.email })}`);
  await expect(page.getByRole("table")).toContainText("Warning about bought reviews changed");
  await expect(page.getByRole("table")).toContainText("Review removed");
  await someone.context().close();
});

test("anyone reports a review, without JavaScript; it stays up until staff keep it", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const slug = "cheetham-hill-dental-studio";
  const marker = crypto.randomBytes(4).toString("hex");
  const { memberPage } = await verifiedMember(page, signUpAndSignIn, signInElsewhere, "Honest Patient");
  const body = reviewText(marker, "Rude receptionist and I was charged twice for one filling.");
  await writeReview(memberPage, slug, 1, body);
  await signInAsNewAdmin();
  await approve(page, marker);

  const someone = await visitor(browser, baseURL, { javaScriptEnabled: false });
  await someone.goto(`/halal-network-space/${slug}`);
  await reviewsOf(someone).filter({ hasText: marker }).getByRole("link", { name: "Report this review" }).click();
  await expect(someone.getByRole("heading", { level: 1 })).toHaveText("Report a review of Cheetham Hill Dental Studio");
  await someone.getByRole("button", { name: "Send report" }).click();
  await expect(someone.getByText("Please say what is wrong with this review")).toBeVisible();
  await someone
    .getByLabel("What is wrong with this review?")
    .fill(`I own this practice and this never happened (${marker}).`);
  await someone.getByRole("button", { name: "Send report" }).click();
  await expect(someone).toHaveURL(new RegExp(`/halal-network-space/${slug}`));
  // Still published: a report alone never hides a review.
  await expect(reviewsOf(someone).filter({ hasText: marker })).toBeVisible();

  await page.goto("/admin/reviews");
  const reported = page
    .getByRole("region", { name: "Reviews waiting for a decision" })
    .getByRole("row")
    .filter({ hasText: marker });
  await expect(reported).toContainText("1 open");
  await reported.getByRole("link").click();
  await expect(page.getByText("I own this practice and this never happened")).toBeVisible();
  await page.getByRole("button", { name: "Keep it published and dismiss the reports" }).click();
  await expect(toasts(page)).toContainText("Review published");
  await expect(page.getByText("Dismissed")).toBeVisible();
  await someone.reload();
  await expect(reviewsOf(someone).filter({ hasText: marker })).toBeVisible();
  await someone.context().close();
});

test("the owner is told of a review and replies under it, then edits the reply; the review stays as written (decision 0038)", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const marker = crypto.randomBytes(4).toString("hex");
  const { member: owner, memberPage: ownerPage } = await verifiedMember(
    page,
    signUpAndSignIn,
    signInElsewhere,
    "Yusuf Owner",
  );
  const { memberPage: reviewerPage } = await verifiedMember(page, signUpAndSignIn, signInElsewhere, "Hana Reviewer");
  await signInAsNewAdmin();
  const name = `Reply Grill ${marker}`;
  const id = await addBusinessFor(page.request, owner.email, name, { published: true });
  const slug = /href="\/halal-network-space\/([^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${id}`)).text(),
  )![1]!;
  await writeReview(reviewerPage, slug, 2, reviewText(marker, "The mixed grill was dry and we waited forty minutes."));
  await approve(page, marker);
  await expect
    .poll(
      () =>
        sentMail().find(
          (m) => m.header("To") === owner.email && m.header("Subject") === `New review of ${name}: 2 out of 5`,
        )?.body ?? "",
    )
    .toContain("The mixed grill was dry");

  // From the business's page, the owner alone sees where to reply.
  await reviewerPage.goto(`/halal-network-space/${slug}`);
  await expect(reviewsOf(reviewerPage).filter({ hasText: marker }).getByRole("link", { name: /reply/i })).toHaveCount(
    0,
  );
  await ownerPage.goto(`/halal-network-space/${slug}`);
  await reviewsOf(ownerPage).filter({ hasText: marker }).getByRole("link", { name: "Reply as the owner" }).click();
  await expect(ownerPage.getByRole("heading", { level: 1 })).toHaveText("Reply to a review");
  await expect(ownerPage.getByRole("blockquote")).toContainText("The mixed grill was dry");
  await hydrated(ownerPage);
  await ownerPage.getByRole("button", { name: "Publish reply" }).click();
  await expect(ownerPage.getByText("Please write your reply")).toBeVisible();
  expect(await seriousViolations(ownerPage)).toEqual([]);
  await ownerPage.getByLabel("Your reply").fill(`Sorry, Hana: we have a second grill now (${marker}).`);
  await ownerPage.getByRole("button", { name: "Publish reply" }).click();
  await expect(toasts(ownerPage)).toContainText("Reply published");
  await expect(ownerPage.getByRole("heading", { level: 1 })).toHaveText(`Reviews of ${name}`);
  expect(await seriousViolations(ownerPage)).toEqual([]);

  // Everyone sees it under the review; the reviewer is told.
  const someone = await visitor(browser, baseURL);
  await someone.goto(`/halal-network-space/${slug}`);
  const answered = reviewsOf(someone).filter({ hasText: marker });
  await expect(answered.getByRole("region", { name: /Reply from the owner/ })).toContainText(
    "Sorry, Hana: we have a second grill now",
  );
  await expect(answered.getByRole("img", { name: "2 out of 5 stars" })).toBeVisible();
  await expect.poll(() => sentMail().some((m) => m.header("Subject") === `${name} replied to your review`)).toBe(true);

  // Edited from My businesses, once: still one reply, marked edited; the review is unchanged.
  await ownerPage.goto("/my-businesses");
  await ownerPage.getByRole("link", { name: /^Reviews \(1\)$/ }).click();
  await ownerPage.getByRole("link", { name: "Edit your reply" }).click();
  await ownerPage.getByLabel("Your reply").fill(`Sorry, Hana: please ask for Yusuf next time (${marker}).`);
  await ownerPage.getByRole("button", { name: "Publish changes" }).click();
  await expect(toasts(ownerPage)).toContainText("Reply updated");
  await someone.reload();
  const reply = reviewsOf(someone)
    .filter({ hasText: marker })
    .getByRole("region", { name: /Reply from the owner/ });
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("please ask for Yusuf next time");
  await expect(reply).toContainText("edited");
  await expect(reviewsOf(someone).filter({ hasText: marker })).toContainText("The mixed grill was dry");

  // The owner cannot take the review down: the review form is only ever their own, a report leaves
  // it up until staff decide, and deleting their reply deletes only the reply.
  const reviewId = /\/reviews\/(\d+)$/.exec(
    (await ownerPage.getByRole("link", { name: "Edit your reply" }).getAttribute("href"))!,
  )![1]!;
  const removal = await ownerPage.request.post(`/halal-network-space/${slug}/review`, {
    form: { intent: "delete" },
    maxRedirects: 0,
  });
  expect(removal.status()).toBe(404);
  const reported = await ownerPage.request.post(`/halal-network-space/${slug}/reviews/${reviewId}/report`, {
    form: { reason: "Please take this down, it hurts our business." },
    maxRedirects: 0,
  });
  expect(reported.status()).toBe(302);
  await ownerPage.getByRole("link", { name: "Edit your reply" }).click();
  await ownerPage.getByRole("button", { name: "Delete my reply" }).click();
  await expect(toasts(ownerPage)).toContainText("Reply deleted");
  await someone.reload();
  await expect(reviewsOf(someone).filter({ hasText: marker })).toContainText("The mixed grill was dry");
  await expect(reviewsOf(someone).filter({ hasText: marker }).getByRole("region")).toHaveCount(0);
  await someone.context().close();
});

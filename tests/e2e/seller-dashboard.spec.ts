// The seller's dashboard (decision 0030), as a seller and staff use it side
// by side: a listing sent while signed in is the member's; they edit it while
// it waits, staff publish it, and the seller marks it under offer, sends
// changes that staff approve while the published version stays live, sees
// who registered interest, and marks it sold. Every form works without
// JavaScript; this spec runs with it, the IDOR suite posts them bare.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, hydrated, sentMail, test, toasts } from "./fixtures";

async function offerForSale(request: APIRequestContext, businessName: string, contactEmail: string) {
  const response = await request.post("/sell", {
    multipart: {
      businessName,
      category: "food",
      location: "Leicester",
      askingPrice: "60000",
      annualRevenue: "180000",
      description: "A family grill on Belgrave Road with a loyal lunchtime trade.",
      contactName: "Hamza Ali",
      contactEmail,
      contactPhone: "07700 900321",
    },
  });
  expect(response.status()).toBe(200);
}

const listingCard = (page: Page, title: string) => page.getByRole("article", { name: title });

test("a seller runs their own listing from My listings, beside staff", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await signUpAndSignIn();
  const seller = await signInElsewhere(owner);
  const title = `Belgrave Grill ${Date.now()}`;
  await offerForSale(seller.request, title, owner.email);

  // In the account menu, waiting for review; edited in place while it waits.
  await seller.goto("/");
  await seller.locator('summary[aria-label^="My account"]').click();
  await seller.getByRole("link", { name: "My listings" }).click();
  await expect(seller).toHaveURL(/\/my-listings$/);
  const card = listingCard(seller, title);
  await expect(card).toContainText("Waiting for review");
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await hydrated(seller);
  await seller.getByLabel("Lease years remaining").fill("1000");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.getByText("Lease years remaining must be between 0 and 999")).toBeVisible();
  await seller.getByLabel("Lease years remaining").fill("15");
  await seller.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(seller)).toContainText("Listing saved");
  const id = /\/my-listings\/(\d+)\/edit/.exec(
    (await card.getByRole("link", { name: `Edit ${title}` }).getAttribute("href"))!,
  )![1]!;

  // Staff publish it.
  await signInAsNewAdmin();
  await page.goto(`/admin/listings/${id}`);
  await expect(page.getByLabel("Lease years remaining")).toHaveValue("15");
  await hydrated(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("The seller has been e-mailed.");

  // The seller marks it under offer: buyers still see it, with the badge and the date it was listed.
  await seller.goto("/my-listings");
  await expect(card).toContainText("Published");
  await card.getByRole("button", { name: `Mark under offer ${title}` }).click();
  await expect(toasts(seller)).toContainText("Marked under offer");
  await expect(card).toContainText("Under offer");
  const buyer = await (await browser.newContext({ baseURL })).newPage();
  await buyer.goto("/buy");
  const slug = await card.getByRole("link", { name: title, exact: true }).getAttribute("href");
  await buyer.goto(slug!);
  await expect(buyer.getByText(/^Under offer since /)).toBeVisible();
  await expect(buyer.getByText(/^Listed \d+ \w+ \d{4}/)).toBeVisible();

  // A buyer registers interest, told first that the seller will see it.
  const form = buyer.getByRole("region", { name: "Register Interest" });
  await expect(form).toContainText("The seller of this business will also see these details, to contact you.");
  await form.getByLabel("Full Name").fill("Bilal Interested");
  await form.getByLabel("Email").fill("bilal@example.com");
  await form.getByLabel("Contact Number").fill("07700 900777");
  await form.getByRole("button", { name: "Register Interest" }).click();
  await expect(buyer.getByText("Your interest has been successfully sent.").first()).toBeVisible();
  await seller.goto("/my-listings");
  const enquiries = card.getByRole("table", { name: `Enquiries about ${title}, newest first` });
  await expect(enquiries).toContainText("Bilal Interested");
  await expect(enquiries).toContainText("bilal@example.com");
  await expect(enquiries).toContainText("07700 900777");
  // The buyer's view is written within 5 s (VIEW_FLUSH_MS): either is the chart's answer now.
  await expect(card.getByRole("region", { name: `Views of ${title}` })).toContainText(
    /(\d+ views?|No views yet) in the last 30 days/,
  );

  // Changes to a published listing wait for staff; buyers see the old price meanwhile.
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await seller.getByLabel("Asking Price (£)").fill("55000");
  await seller.getByRole("button", { name: "Send changes for review" }).click();
  await expect(toasts(seller)).toContainText("Changes sent for review");
  await expect(card).toContainText("waiting for review");
  await buyer.reload();
  await expect(buyer.getByRole("complementary", { name: "Price and enquiry" })).toContainText("£60,000");
  await page.goto("/admin/listings");
  await page
    .getByRole("region", { name: /Sellers' changes to review/ })
    .getByRole("link", { name: title })
    .click();
  const changes = page.getByRole("region", { name: "Changes from the seller" });
  await expect(changes.getByRole("row", { name: /Asking price/ })).toContainText("£55,000");
  await changes.getByRole("button", { name: "Approve changes" }).click();
  await expect(toasts(page)).toContainText("Changes approved and published");
  await buyer.reload();
  await expect(buyer.getByRole("complementary", { name: "Price and enquiry" })).toContainText("£55,000");
  await expect.poll(() => sentMail().some((m) => m.header("subject") === `Your changes are live: ${title}`)).toBe(true);

  // Sold: off the market, and its page says so.
  await seller.goto("/my-listings");
  await card.getByRole("button", { name: `Mark as sold ${title}` }).click();
  await expect(toasts(seller)).toContainText("Marked as sold");
  await expect(card).toContainText("Sold");
  expect((await buyer.goto(slug!))!.status()).toBe(410);

  // Each of the seller's steps is in the audit log under their own name.
  await page.goto(`/admin/audit?${new URLSearchParams({ q: `listing ${id}` })}`);
  await expect(page.getByRole("row").filter({ hasText: "Listing marked as sold by the seller" }).first()).toContainText(
    owner.email,
  );
});

test("a link from the 'still available?' e-mail that is forged says so, and changes nothing", async ({ page }) => {
  const response = await page.goto("/listing-check/not-a-real-link?answer=withdraw");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Withdraw/ })).toHaveCount(0);
  const posted = await page.request.post("/listing-check/not-a-real-link", { form: { answer: "withdraw" } });
  expect(posted.status()).toBe(404);
});

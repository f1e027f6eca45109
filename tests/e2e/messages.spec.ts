// Messages between a buyer and a seller (decision 0032), in two browsers side
// by side: the buyer's registered interest opens the thread, and each sees
// the other's message arrive in their open page without reloading it.
import type { Page } from "@playwright/test";
import { expect, hydrated, test, toasts } from "./fixtures";

/** The count on the account button. */
const unread = (page: Page) => page.locator('summary[aria-label^="My account"]').getByTestId("unread-count");

test("a buyer and a seller talk in a thread, each seeing the other's message arrive live", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  // A seller's listing, published by staff.
  const sellerMember = await signUpAndSignIn({ fullName: "Sara Seller" });
  const seller = await signInElsewhere(sellerMember);
  const title = `Talking Grill ${Date.now()}`;
  const sent = await seller.request.post("/sell", {
    multipart: {
      businessName: title,
      category: "food",
      location: "Leeds",
      askingPrice: "65000",
      annualRevenue: "190000",
      description: "A grill whose seller answers buyers herself.",
      contactName: "Sara Seller",
      contactEmail: sellerMember.email,
      contactPhone: "07700 900222",
    },
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await seller.request.get("/my-listings")).text())![1]!;
  await signInAsNewAdmin();
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } });
  const slug = /href="(\/buy\/[^"]+)"/.exec(await (await seller.request.get("/my-listings")).text())![1]!;

  // The seller waits on their messages page; the buyer registers interest while signed in.
  // Each page's live stream is open (its answer has begun) before the other side writes.
  const sellerStream = seller.waitForResponse((r) => r.url().endsWith("/events"));
  await seller.goto("/messages");
  await Promise.all([hydrated(seller), sellerStream]);
  await expect(seller.getByRole("heading", { name: "No messages yet" })).toBeVisible();
  const buyerContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  const buyer = await buyerContext.newPage();
  for (const intent of ["sign-up", "sign-in"]) {
    await buyer.request.post("/auth", {
      form: { intent, email: `buyer-${id}@example.com`, password: `Harbour-${id}-Lantern`, fullName: "Bilal Buyer" },
    });
  }
  await buyer.goto(slug);
  const form = buyer.getByRole("region", { name: "Register Interest" });
  await form.getByLabel("Full Name").fill("Bilal Buyer");
  await form.getByLabel("Email").fill(`buyer-${id}@example.com`);
  await form.getByLabel("Contact Number").fill("07700 900333");
  await form.getByRole("button", { name: "Register Interest" }).click();
  await expect(buyer.getByText("Your interest has been successfully sent.").first()).toBeVisible();

  // Live: the seller's page lists the thread and the header counts it, without a reload.
  await expect(seller.getByRole("link", { name: new RegExp(title) })).toBeVisible({ timeout: 3_000 });
  await expect(unread(seller)).toHaveText("1");
  await seller.getByRole("link", { name: new RegExp(title) }).click();
  const sellerThread = seller.getByRole("list", { name: "Messages with Bilal Buyer" });
  await expect(sellerThread).toContainText(`I am interested in ${title}.`);
  await expect(unread(seller)).toHaveCount(0);

  // The buyer opens the thread; the seller's reply appears in it live.
  const buyerStream = buyer.waitForResponse((r) => r.url().endsWith("/events"));
  await buyer.goto("/messages");
  await Promise.all([hydrated(buyer), buyerStream]);
  await buyer.getByRole("link", { name: new RegExp(title) }).click();
  const buyerThread = buyer.getByRole("list", { name: "Messages with Sara Seller" });
  await seller.getByLabel("Your reply").fill("Thank you, Bilal. When would you like to visit?");
  await seller.getByRole("button", { name: "Send", exact: true }).click();
  await expect(toasts(seller)).toContainText("Message sent");
  await expect(buyerThread).toContainText("When would you like to visit?", { timeout: 3_000 });
  await expect(seller.getByLabel("Your reply")).toHaveValue("");

  // And the buyer's answer in the seller's open thread; markup is shown as text.
  await buyer.getByLabel("Your reply").fill("Saturday at <b>10</b>?");
  await buyer.getByRole("button", { name: "Send", exact: true }).click();
  await expect(sellerThread).toContainText("Saturday at <b>10</b>?", { timeout: 3_000 });
  await expect(sellerThread.locator("b")).toHaveCount(0);
  // Neither sees the other's e-mail unless they wrote it.
  await expect(buyer.getByRole("main")).not.toContainText(sellerMember.email);

  // A message that is too long is refused with a message under the field, and nothing is sent.
  // (Once the last one's form is cleared: its answer may come after the seller saw it, and would clear this too.)
  await expect(buyer.getByLabel("Your reply")).toHaveValue("");
  await buyer.getByLabel("Your reply").fill("x".repeat(5001));
  await buyer.getByRole("button", { name: "Send", exact: true }).click();
  await expect(buyer.getByText("A message must be at most 5,000 characters")).toBeVisible();

  // The seller blocks the buyer: the buyer can no longer write.
  await seller.getByText("Block or report").click();
  await seller.getByRole("button", { name: "Block Bilal Buyer" }).click();
  await expect(toasts(seller)).toContainText("Blocked");
  await buyer.reload();
  await expect(buyer.getByText("You cannot send messages in this conversation.")).toBeVisible();
  await expect(buyer.getByLabel("Your reply")).toHaveCount(0);

  // The buyer reports the thread; staff find it in the back office.
  await buyer.getByText("Block or report").click();
  await buyer.getByLabel("What is wrong?").fill("Blocked me after I offered.");
  await buyer.getByRole("button", { name: "Report to HBS" }).click();
  await expect(toasts(buyer)).toContainText("Reported to HBS");
  await page.goto("/admin/messages");
  // The row links the listing's thread and both members; the thread is the listing's link.
  await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).click();
  await expect(page.getByRole("region", { name: "Reports" })).toContainText("Blocked me after I offered.");
  await page.getByRole("button", { name: "Mark resolved" }).click();
  await expect(toasts(page)).toContainText("Report resolved");

  // Off /buy again, so other tests' counts of it hold.
  await seller.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
  await buyerContext.close();
});

test("a visitor gets no live stream and no thread", async ({ request }) => {
  expect((await request.get("/events")).status()).toBe(401);
  expect((await request.get("/messages", { maxRedirects: 0 })).status()).toBe(302);
});

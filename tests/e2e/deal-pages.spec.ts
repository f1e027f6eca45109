// The pages between "interested" and "sold" (issue #48) as people use them at a phone's and a
// desktop's width, open on what they came for: a thread's offer waiting for its answer, a data room's
// request with its NDA, the seller's room with a buyer waiting. Each scanned by axe with its forms open.
import { PDFDocument } from "pdf-lib";
import { seriousViolations } from "./axe";
import { expect, hydrated, test } from "./fixtures";
import { sellerAndBuyer } from "./seller-and-buyer";

test("offers and the data room have no serious axe violations, at 390 and 1280 px", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const { sellerPage, buyer, buyerPage, listing, id } = await sellerAndBuyer(`Deal Pages Grill ${Date.now()}`, {
    page,
    signUpAndSignIn,
    signInElsewhere,
    signInAsNewAdmin,
  });
  const room = `/my-listings/${id}/data-room`;
  const pdf = await PDFDocument.create();
  pdf.addPage();
  await sellerPage.request.post(room, {
    multipart: {
      intent: "upload",
      kind: "accounts",
      title: "Accounts to March 2026",
      file: { name: "a.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) },
    },
  });
  await buyerPage.request.post(listing, {
    form: { fullName: buyer.fullName, email: buyer.email, contactNumber: "07700 900999" },
  });
  const thread = /href="(\/messages\/\d+)"/.exec(await (await buyerPage.request.get("/messages")).text())![1]!;
  const lastDay = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

  for (const width of [390, 1280]) {
    for (const who of [buyerPage, sellerPage]) await who.setViewportSize({ width, height: 844 });
    // The buyer's data room, its NDA form showing a message.
    await buyerPage.goto(`${listing}/data-room`);
    await hydrated(buyerPage);
    if (width === 390) {
      await buyerPage.getByRole("button", { name: "Accept and ask for access" }).click();
      await expect(buyerPage.getByText("Please tick the box to accept the agreement")).toBeVisible();
    }
    expect(await seriousViolations(buyerPage), `data room at ${width}`).toEqual([]);

    // The buyer's thread with the offer form open (at 1280, their offer waiting); then the seller's, with
    // the offer waiting and the counter open.
    await buyerPage.goto(thread);
    await hydrated(buyerPage);
    if (width === 390) await buyerPage.getByText("Make an offer").click();
    expect(await seriousViolations(buyerPage), `buyer's thread at ${width}`).toEqual([]);
    if (width === 390) {
      await buyerPage.getByLabel("Amount (£)").fill("65000");
      await buyerPage.getByLabel("Open until the end of").fill(lastDay);
      await buyerPage.getByRole("button", { name: "Send offer" }).click();
      await expect(buyerPage.getByText("Your offer")).toBeVisible();
      await buyerPage.request.post(`${listing}/data-room`, { form: { fullName: buyer.fullName, agree: "yes" } });
    }
    await sellerPage.goto(thread);
    await hydrated(sellerPage);
    // What the seller came for, the offer and its answers, is on a phone's first screen.
    await expect(sellerPage.getByRole("button", { name: "Accept £65,000" })).toBeInViewport();
    await sellerPage.getByText("Make a counter-offer").click();
    expect(await seriousViolations(sellerPage), `seller's thread at ${width}`).toEqual([]);

    await sellerPage.goto(room);
    await hydrated(sellerPage);
    await sellerPage.getByText("Add a document").click();
    expect(await seriousViolations(sellerPage), `seller's data room at ${width}`).toEqual([]);
  }
  await sellerPage.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
});

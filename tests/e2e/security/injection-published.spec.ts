// Hostile text in what lives on something published: an owner's reply to a
// review (decision 0038), the name a buyer signs a confidential listing's
// NDA with (decision 0033), an offer's conditions (0088) and a data room's
// titles and names (0089), shown back as text to everyone who reads them.
// Apart from injection.spec.ts because each test publishes a business or a
// listing of its own for a while, so these run with the other publishing
// specs (playwright.config.ts).
import { PDFDocument } from "pdf-lib";
import { addBusinessFor } from "../directory-admin";
import { sellerAndBuyer } from "../seller-and-buyer";
import { expect, test, verifyEmail } from "../fixtures";
import { attackForms, expectHarmless, expectShownAsText, PAYLOADS } from "./attack";

test("an owner's reply to a review takes hostile text and shows it as text, to the owner, visitors and staff", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const marker = `hostile${Date.now()}`;
  const member = await signUpAndSignIn();
  const owner = await signInElsewhere(member);
  await signInAsNewAdmin();
  const id = await addBusinessFor(page.request, member.email, `Hostile Reply Grill ${marker}`, { published: true });
  const business = /href="(\/halal-network-space\/[^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${id}`)).text(),
  )![1]!;
  const reviewer = await signUpAndSignIn();
  await verifyEmail(page, reviewer);
  const written = await page.request.post(`${business}/review`, {
    form: { intent: "save", rating: "2", body: `A plain review (${marker}) with enough words in it.` },
    maxRedirects: 0,
  });
  expect(written.status()).toBe(302);
  await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  const review = await page.getByRole("row").filter({ hasText: marker }).getByRole("link").first().getAttribute("href");
  expect((await page.request.post(review!, { form: { intent: "publish" }, maxRedirects: 0 })).status()).toBe(302);
  const reply = `/my-businesses/${id}/reviews/${review!.split("/").pop()}`;

  expect(await attackForms(owner, [reply], { skipIntents: ["delete"] })).toBeGreaterThan(3);
  // The markup last, so that it is what is stored and shown back.
  for (const payload of [...PAYLOADS.filter((p) => p !== PAYLOADS[1]), PAYLOADS[1]!]) {
    const response = await owner.request.post(reply, {
      form: { intent: "save", reply: `${payload} ${marker}` },
      maxRedirects: 0,
    });
    await expectHarmless(response, "POST the reply form");
  }
  await owner.goto(reply);
  await expect(owner.getByLabel("Your reply")).toHaveValue(new RegExp(marker));
  for (const path of [reply, `/my-businesses/${id}/reviews`, business]) await expectShownAsText(owner, path);
  await expectShownAsText(page, review!);
  await page.goto(review!);
  await expect(page.getByRole("region", { name: "The owner's reply" })).toContainText("data-hbs-injected");

  // Out of the directory again.
  await page.request.post(`/admin/directory/${id}`, {
    multipart: {
      intent: "save",
      name: `Hostile Reply Grill ${marker}`,
      category: "food",
      description: "Charcoal grills and curries.",
      town: "Leeds",
    },
  });
});

test("the name a buyer signs an NDA with takes hostile text, shown as text to the seller and staff", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const marker = `hostile${Date.now()}`;
  const seller = await signUpAndSignIn();
  const sellerPage = await signInElsewhere(seller);
  const sent = await sellerPage.request.post("/sell", {
    multipart: {
      businessName: `Hostile NDA Grill ${marker}`,
      category: "food",
      location: "Leeds",
      askingPrice: "70000",
      annualRevenue: "200000",
      description: "A grill sold in confidence.",
      contactName: seller.fullName,
      contactEmail: seller.email,
      contactPhone: "07700 900654",
    },
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await sellerPage.request.get("/my-listings")).text())![1]!;
  // A buyer of its own for each hostile name, as a signed NDA is signed once: the markup and the SQL
  // (every payload would pass the sign-in limit of one network; the reply test above posts them all).
  const buyers = [];
  for (const payload of [PAYLOADS[0]!, PAYLOADS[1]!]) {
    buyers.push({ payload, page: await signInElsewhere(await signUpAndSignIn()) });
  }
  await signInAsNewAdmin();
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } });
  const marked = await sellerPage.request.post(`/my-listings/${id}/edit`, {
    form: { intent: "confidential", confidential: "yes", confidentialTitle: "Confidential: a grill in Yorkshire" },
    maxRedirects: 0,
  });
  expect(marked.status()).toBe(302);

  const nda = `/buy/confidential-${id}/nda`;
  for (const { payload, page: buyer } of buyers) {
    const response = await buyer.request.post(nda, {
      form: { fullName: `${payload} ${marker}`.slice(0, 100), agree: "yes" },
      maxRedirects: 0,
    });
    await expectHarmless(response, "POST the NDA form");
  }
  for (const path of ["/my-listings", `/my-listings/${id}/edit`]) await expectShownAsText(sellerPage, path);
  expect(await (await sellerPage.request.get("/my-listings")).text()).toContain(marker);
  await expectShownAsText(page, `/admin/listings/${id}`);
  await page.goto(`/admin/listings/${id}`);
  await expect(page.getByRole("region", { name: "NDAs accepted" })).toContainText("data-hbs-injected");

  // Off /buy again, so other tests' counts of it hold.
  await sellerPage.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
});

test("an offer's conditions take hostile text, shown as text to the seller, the buyer and staff", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const marker = `hostile${Date.now()}`;
  const { sellerPage, buyer, buyerPage, listing, id } = await sellerAndBuyer(`Hostile Offer Grill ${marker}`, {
    signUpAndSignIn,
    signInElsewhere,
    signInAsNewAdmin,
    page,
  });
  const interest = await buyerPage.request.post(listing, {
    form: { fullName: buyer.fullName, email: buyer.email, contactNumber: "07700 900999" },
  });
  expect(interest.status()).toBe(200);
  const thread = /href="(\/messages\/\d+)"/.exec(await (await buyerPage.request.get("/messages")).text())![1]!;

  const lastDay = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const payload of [PAYLOADS[0]!, PAYLOADS[1]!]) {
    const offered = await buyerPage.request.post(thread, {
      form: { intent: "offer", amount: "65000", conditions: `${payload} ${marker}`, expires: lastDay },
      maxRedirects: 0,
    });
    await expectHarmless(offered, "POST an offer");
    // The first offer waits for an answer; withdrawn, the next hostile one can be made.
    const open = /name="offerId" value="(\d+)"/.exec(await (await buyerPage.request.get(thread)).text())?.[1];
    if (payload === PAYLOADS[0]) {
      await buyerPage.request.post(thread, { form: { intent: "offer-withdraw", offerId: open! }, maxRedirects: 0 });
    }
  }
  // The seller's answers to the open one, every field hostile: the counter-offer's among them.
  expect(
    await attackForms(sellerPage, [thread], { skipIntents: ["block", "offer-accept", "offer-decline"] }),
  ).toBeGreaterThan(10);
  await expectShownAsText(sellerPage, thread);
  await expect(sellerPage.getByRole("region", { name: "Offers" })).toContainText(marker);
  await expectShownAsText(buyerPage, thread);
  const staffView = `/admin${thread}`;
  await expectShownAsText(page, staffView);
  await expect(page.getByRole("region", { name: "Offers" })).toContainText("data-hbs-injected");

  // Off /buy again, so other tests' counts of it hold.
  await sellerPage.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
});

test("a data room's document titles and the names buyers sign with take hostile text, shown as text", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const marker = `hostile${Date.now()}`;
  const {
    sellerPage,
    buyerPage: buyer,
    listing,
    id,
  } = await sellerAndBuyer(`Hostile Room Grill ${marker}`, {
    signUpAndSignIn,
    signInElsewhere,
    signInAsNewAdmin,
    page,
  });
  const room = `/my-listings/${id}/data-room`;
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const file = { name: "accounts.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) };
  for (const payload of [PAYLOADS[0]!, PAYLOADS[1]!]) {
    const added = await sellerPage.request.post(room, {
      multipart: { intent: "upload", kind: "accounts", title: `${payload} ${marker}`.slice(0, 120), file },
      maxRedirects: 0,
    });
    await expectHarmless(added, "POST a data-room document");
  }
  const asked = await buyer.request.post(`${listing}/data-room`, {
    form: { fullName: `${PAYLOADS[1]!} ${marker}`.slice(0, 100), agree: "yes" },
    maxRedirects: 0,
  });
  await expectHarmless(asked, "POST a data-room request");
  const accessId = /name="accessId" value="(\d+)"/.exec(await (await sellerPage.request.get(room)).text())![1]!;
  await sellerPage.request.post(room, { form: { intent: "decide", accessId, decision: "admit" }, maxRedirects: 0 });
  const documents = [
    ...(await (await buyer.request.get(`${listing}/data-room`)).text()).matchAll(/href="(\/data-room\/\d+)"/g),
  ];
  expect(documents.length).toBeGreaterThan(0);
  for (const [, document] of documents) expect((await buyer.request.get(document!)).status()).toBe(200);

  await expectShownAsText(sellerPage, room);
  await expect(sellerPage.getByRole("main")).toContainText(marker);
  await expectShownAsText(buyer, `${listing}/data-room`);
  // Every form of the seller's room, every field hostile (the upload's title among them).
  expect(await attackForms(sellerPage, [room], { skipIntents: ["remove", "decide"] })).toBeGreaterThan(3);
  await expectShownAsText(sellerPage, room);

  await sellerPage.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
});

// Insecure direct object references: a member reaches only what is theirs.
// One member owns one of everything a member can own; another member, signed
// in beside them, asks for all of it by page, by data request and by id.
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { seedListings } from "../../../db/seed/data";
import { addBusinessFor, SCAN } from "../directory-admin";
import {
  addVirtualAuthenticator,
  expect,
  hydrated,
  sellFormFields,
  test,
  toasts,
  verifyEmail,
  type Member,
} from "../fixtures";

const MEMBER_PAGES = [
  "/my-account",
  "/my-listings",
  "/my-businesses",
  "/messages",
  "/my-subscriptions",
  "/my-queries",
  "/saved-listings",
  "/my-favorites",
  "/my-searches",
];

async function memberBrowser(browser: Browser, baseURL: string | undefined, visitorIp: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  const page = await context.newPage();
  const id = crypto.randomBytes(5).toString("hex");
  const member: Member = {
    email: `owner-${id}@example.com`,
    password: `Harbour-${id}-Lantern`,
    fullName: `Owner ${id}`,
  };
  for (const intent of ["sign-up", "sign-in"]) {
    const response = await page.request.post("/auth", { form: { intent, ...member }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  return { page, member, id };
}

/** Everything a member's pages and data requests give them, as one text. */
async function everythingShownTo(page: Page) {
  const texts = [];
  for (const path of MEMBER_PAGES) {
    texts.push(await (await page.request.get(path)).text());
    texts.push(await (await page.request.get(`${path}.data`)).text());
  }
  texts.push(await (await page.request.get("/my-account/data")).text());
  return texts.join("\n");
}

test("a member's enquiries, saves, favourites, subscription, passkey and profile are theirs alone", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const subject = `Private question ${owner.id}`;
  const listing = (await (await owner.page.request.get("/buy")).text()).match(/href="(\/buy\/[^"/?]+)"/)![1]!;
  const business = (await (await owner.page.request.get("/halal-network-space")).text()).match(
    /href="(\/halal-network-space\/[^"/?]+)"/,
  )![1]!;
  await owner.page.request.post("/contact", {
    form: { name: owner.member.fullName, email: owner.member.email, subject, message: "Only for my eyes." },
  });
  await owner.page.request.post(`${listing}/save`, { form: {} });
  await owner.page.request.post(`${business}/favourite`, { form: {} });
  const searchName = `Private search ${owner.id}`;
  await owner.page.request.post("/buy?location=Leeds", { form: { name: searchName, frequency: "instant" } });
  const searchId = /name="id" value="(\d+)"/.exec(await (await owner.page.request.get("/my-searches")).text())?.[1];
  expect(searchId).toBeTruthy();
  await owner.page.request.post("/my-account", {
    form: { intent: "profile", fullName: owner.member.fullName, phone: "07700 900456" },
  });
  await addVirtualAuthenticator(owner.page);
  await owner.page.goto("/my-account");
  await hydrated(owner.page);
  await owner.page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toasts(owner.page)).toContainText("Passkey added");
  const passkeyId = await owner.page.locator('input[name="passkeyId"]').getAttribute("value");
  expect(passkeyId).toBeTruthy();

  // Staff give the owner a subscription.
  await signInAsNewAdmin();
  const created = await page.request.post("/admin/subscriptions", {
    form: { intent: "create", email: owner.member.email, packageSlug: "growth-plan", startDate: "2026-11-01" },
  });
  expect(created.status()).toBe(200);
  await page.goto("/admin/subscriptions");
  await page.getByRole("row").filter({ hasText: owner.member.email }).getByRole("button", { name: "Activate" }).click();
  await expect(toasts(page)).toContainText("Subscription active");

  // The owner sees all of it: the checks below are not of empty pages.
  const ownView = await everythingShownTo(owner.page);
  for (const own of [subject, owner.member.email, "07700 900456", passkeyId!, searchName]) {
    expect(ownView).toContain(own);
  }
  expect(ownView).toMatch(/Growth Plan/i);

  // Another member sees none of it, in pages, data requests or the data download.
  const other = await signUpAndSignIn();
  const otherView = await everythingShownTo(page);
  expect(otherView).toContain(other.email);
  for (const secret of [subject, owner.member.email, owner.member.fullName, "07700 900456", passkeyId!, searchName]) {
    expect(otherView).not.toContain(secret);
  }
  expect(otherView).not.toMatch(/Growth Plan/i);
  await page.goto("/saved-listings");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  await page.goto("/my-favorites");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);

  // Removing the owner's passkey by its id is refused, and it stays.
  const removal = await page.request.post("/my-account", { form: { intent: "remove-passkey", passkeyId: passkeyId! } });
  expect(await removal.text()).toContain("That passkey was not found");
  await owner.page.goto("/my-account");
  await expect(owner.page.locator('input[name="passkeyId"]')).toHaveValue(passkeyId!);

  // Changing or deleting the owner's saved search by its id is refused, and it stays as it was.
  const changes: Record<string, string>[] = [
    { intent: "frequency", id: searchId!, frequency: "off" },
    { intent: "delete", id: searchId! },
  ];
  for (const form of changes) {
    const refused = await page.request.post("/my-searches", { form, maxRedirects: 0 });
    expect(refused.status(), form.intent).toBe(404);
    expect(await refused.text()).toContain("That saved search was not found");
  }
  const ownSearches = await (await owner.page.request.get("/my-searches")).text();
  expect(ownSearches).toContain(searchName);
  expect(ownSearches).toMatch(/<option value="instant" selected/);

  // The other member's own save adds to their list, not the owner's.
  await page.request.post(`${listing}/save`, { form: {} });
  expect(await (await owner.page.request.get("/saved-listings")).text()).toContain(listing);
  await owner.page.context().close();
});

test("a visitor's request for a member's pages and data gets none", async ({ request }) => {
  for (const path of [...MEMBER_PAGES, "/my-account/data"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBeLessThan(500);
    const text = await response.text();
    expect(text, path).not.toMatch(/@example\.com/);
  }
});

test("a seller's listing, its enquiries and its steps are theirs alone", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const title = `Private Grill ${owner.id}`;
  const sent = await owner.page.request.post("/sell", {
    multipart: {
      businessName: title,
      category: "food",
      location: "Leeds",
      askingPrice: "70000",
      annualRevenue: "200000",
      description: "A grill whose seller alone may change it.",
      contactName: owner.member.fullName,
      contactEmail: owner.member.email,
      contactPhone: "07700 900654",
    },
  });
  expect(sent.status()).toBe(200);
  const dashboard = await (await owner.page.request.get("/my-listings")).text();
  const id = /\/my-listings\/(\d+)\/edit/.exec(dashboard)![1]!;
  await signInAsNewAdmin();
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } });
  const slug = /href="(\/buy\/[^"]+)"/.exec(await (await owner.page.request.get("/my-listings")).text())![1]!;
  const interest = await owner.page.request.post(slug, {
    form: { fullName: `Buyer ${owner.id}`, email: `buyer-${owner.id}@example.com`, contactNumber: "07700 900111" },
  });
  expect(interest.status()).toBe(200);
  expect(await (await owner.page.request.get("/my-listings")).text()).toContain(`buyer-${owner.id}@example.com`);

  // Another member: sees neither the listing nor who asked about it, and every step and edit changes nothing.
  await signUpAndSignIn();
  const seen = await everythingShownTo(page);
  for (const secret of [title, `buyer-${owner.id}@example.com`]) expect(seen).not.toContain(secret);
  expect((await page.request.get(`/my-listings/${id}/edit`)).status()).toBe(404);
  for (const intent of ["under-offer", "mark-sold", "withdraw", "renew"]) {
    const step = await page.request.post("/my-listings", { form: { intent, listingId: id }, maxRedirects: 0 });
    expect(step.status(), intent).toBe(302);
  }
  const edited = await page.request.post(`/my-listings/${id}/edit`, {
    form: {
      businessName: "Taken over",
      category: "food",
      location: "Leeds",
      askingPrice: "1",
      annualRevenue: "1",
      description: "Not theirs to change.",
    },
    maxRedirects: 0,
  });
  expect(edited.status()).toBe(404);
  const page200 = await page.request.get(slug);
  expect(page200.status()).toBe(200);
  const listingPage = await page200.text();
  expect(listingPage).toContain(title);
  expect(listingPage).toContain("£70,000");
  expect(listingPage).not.toContain("Under offer since");
  expect(await (await owner.page.request.get("/my-listings")).text()).not.toContain("waiting for review");

  // Off /buy again, so other tests' counts of it hold.
  await owner.page.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
  expect((await page.request.get(slug)).status()).toBe(410);
  await owner.page.context().close();
});

test("a seller's evidence for their figures is theirs and staff's alone, by any route (decision 0087)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const title = `Evidenced Grill ${owner.id}`;
  const sent = await owner.page.request.post("/sell", {
    multipart: sellFormFields(title, { name: owner.member.fullName, email: owner.member.email }),
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await owner.page.request.get("/my-listings")).text())![1]!;
  const evidence = `/my-listings/${id}/evidence`;
  const fileName = `accounts-${owner.id}.pdf`;
  const accounts = Buffer.from(`%PDF-1.4\n% accounts of ${owner.id}\n%%EOF\n`);
  const uploaded = await owner.page.request.post(evidence, {
    multipart: {
      intent: "upload",
      kind: "accounts",
      files: { name: fileName, mimeType: "application/pdf", buffer: accounts },
    },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(302);
  const file = new RegExp(`href="(${evidence}/[a-f0-9]{32}\\.pdf)"`).exec(
    await (await owner.page.request.get(evidence)).text(),
  )![1]!;
  const own = await owner.page.request.get(file);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-disposition"]).toContain("attachment");
  expect(await own.body()).toEqual(accounts);

  // Another member: not the page, its data, the file, nor staff's copy; an upload stores nothing.
  await signUpAndSignIn();
  expect(await everythingShownTo(page)).not.toContain(fileName);
  const staffCopy = file.replace(`/my-listings/${id}/evidence/`, `/admin/listings/${id}/evidence/`);
  for (const path of [evidence, `${evidence}.data`, file, staffCopy]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect([403, 404], path).toContain(response.status());
    expect(await response.text(), path).not.toContain(`accounts of ${owner.id}`);
  }
  const forged = await page.request.post(evidence, {
    multipart: {
      intent: "upload",
      kind: "accounts",
      files: { name: "forged.pdf", mimeType: "application/pdf", buffer: accounts },
    },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  const ownPage = await (await owner.page.request.get(evidence)).text();
  expect(ownPage).toContain(fileName);
  expect(ownPage).not.toContain("forged.pdf");
  await owner.page.context().close();
});

test("a listing's data room is its seller's, staff's and admitted buyers' alone, by any route (decision 0089)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const sent = await owner.page.request.post("/sell", {
    multipart: sellFormFields(`Data Room Grill ${owner.id}`, {
      name: owner.member.fullName,
      email: owner.member.email,
    }),
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await owner.page.request.get("/my-listings")).text())![1]!;
  const room = `/my-listings/${id}/data-room`;
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const title = `Lease of ${owner.id}`;
  const uploaded = await owner.page.request.post(room, {
    multipart: {
      intent: "upload",
      kind: "lease",
      title,
      file: { name: "lease.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) },
    },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(302);
  const ownRoom = await (await owner.page.request.get(room)).text();
  const document = /href="(\/data-room\/\d+)"/.exec(ownRoom)![1]!;
  const documentId = document.split("/").pop()!;
  expect((await owner.page.request.get(document)).status()).toBe(200);

  // Another member: not the room, its data, the document by its address; no form of the room works for them.
  await signUpAndSignIn();
  expect(await everythingShownTo(page)).not.toContain(title);
  for (const path of [room, `${room}.data`, document, `${document}?download`]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain(title);
  }
  const forms: Record<string, string>[] = [
    { intent: "remove", documentId },
    { intent: "decide", accessId: "1", decision: "admit" },
  ];
  for (const form of forms) {
    expect((await page.request.post(room, { form, maxRedirects: 0 })).status(), form.intent).toBe(404);
  }
  expect((await owner.page.request.get(document)).status()).toBe(200);
  await owner.page.context().close();
});

test("a confidential listing's NDAs are its seller's alone to see and withdraw (decision 0033)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const title = `Hidden Grill ${owner.id}`;
  const sent = await owner.page.request.post("/sell", {
    multipart: {
      businessName: title,
      category: "food",
      location: "Leeds",
      askingPrice: "70000",
      annualRevenue: "200000",
      description: "A grill sold in confidence.",
      contactName: owner.member.fullName,
      contactEmail: owner.member.email,
      contactPhone: "07700 900654",
    },
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await owner.page.request.get("/my-listings")).text())![1]!;
  await signInAsNewAdmin();
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } });
  const marked = await owner.page.request.post(`/my-listings/${id}/edit`, {
    form: { intent: "confidential", confidential: "yes", confidentialTitle: "Confidential: a grill in Yorkshire" },
    maxRedirects: 0,
  });
  expect(marked.status()).toBe(302);
  const buyer = await memberBrowser(browser, baseURL, visitorIp);
  const signed = await buyer.page.request.post(`/buy/confidential-${id}/nda`, {
    form: { fullName: `Signer ${buyer.id}`, agree: "yes" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  expect(await (await buyer.page.request.get(`/buy/confidential-${id}`)).text()).toContain(title);
  const ndaId = /name="ndaId" value="(\d+)"/.exec(await (await owner.page.request.get("/my-listings")).text())![1]!;

  // Another member: sees neither the listing's name nor who signed, cannot withdraw the NDA or unmark the listing.
  await signUpAndSignIn();
  const seen = await everythingShownTo(page);
  for (const secret of [title, `Signer ${buyer.id}`]) expect(seen).not.toContain(secret);
  expect(await (await page.request.get(`/buy/confidential-${id}`)).text()).not.toContain(title);
  expect(await (await page.request.get(`/buy/confidential-${id}.data`)).text()).not.toContain(title);
  const revoke = await page.request.post("/my-listings", { form: { intent: "revoke-nda", ndaId }, maxRedirects: 0 });
  expect(revoke.status()).toBe(302);
  const unmark = await page.request.post(`/my-listings/${id}/edit`, {
    form: { intent: "confidential" },
    maxRedirects: 0,
  });
  expect(unmark.status()).toBe(404);
  expect((await page.request.post(`/admin/listings/${id}`, { form: { intent: "confidential" } })).status()).toBe(403);
  expect(await (await buyer.page.request.get(`/buy/confidential-${id}`)).text()).toContain(title);
  expect(await (await page.request.get(`/buy/confidential-${id}`)).text()).not.toContain(title);

  // Off /buy again, so other tests' counts of it hold.
  await owner.page.request.post("/my-listings", { form: { intent: "mark-sold", listingId: id } });
  await owner.page.context().close();
  await buyer.page.context().close();
});

test("a member's message thread is theirs alone: read, answered, blocked or reported by nobody else", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  // A sample listing: it has no seller account, so the thread is with HBS.
  const listing = `/buy/${seedListings[0]!.slug}`;
  const secret = `Private interest ${owner.id}`;
  const interest = await owner.page.request.post(listing, {
    form: { fullName: secret, email: owner.member.email, contactNumber: "07700 900999" },
  });
  expect(interest.status()).toBe(200);
  const thread = /href="(\/messages\/\d+)"/.exec(await (await owner.page.request.get("/messages")).text())![1]!;
  expect(await (await owner.page.request.get(thread)).text()).toContain(secret);
  // The listing's page tells the owner when they enquired, with the way to their thread (issue #50).
  const ownListing = await (await owner.page.request.get(listing)).text();
  expect(ownListing).toContain("You enquired on");
  expect(ownListing).toContain(`href="${thread}"`);
  expect(await (await owner.page.request.get(`${listing}.data`)).text()).toContain(thread);

  await signUpAndSignIn();
  expect(await everythingShownTo(page)).not.toContain(secret);
  // The same pages tell another member nothing of the owner's enquiry, nor fill their form with the owner's details.
  for (const path of [listing, `${listing}.data`, "/buy", "/buy.data", "/saved-listings", "/saved-listings.data"]) {
    const shown = await (await page.request.get(path)).text();
    for (const owners of ["You enquired on", thread, owner.member.email, owner.member.fullName]) {
      expect(shown, path).not.toContain(owners);
    }
  }
  expect((await page.request.get(thread)).status()).toBe(404);
  expect((await page.request.get(`${thread}.data`)).status()).toBe(404);
  const forms: Record<string, string>[] = [
    { intent: "reply", body: "Not my thread" },
    { intent: "block" },
    { intent: "report", reason: "Not my thread" },
    // Offers (decision 0088): tests/integration/offers.test.ts tries every step on a seller's thread.
    { intent: "offer", amount: "1000", expires: new Date().toISOString().slice(0, 10) },
    { intent: "offer-accept", offerId: "1" },
    { intent: "offer-under-offer" },
  ];
  for (const form of forms) {
    expect((await page.request.post(thread, { form, maxRedirects: 0 })).status(), form.intent).toBe(404);
  }
  const own = await (await owner.page.request.get(thread)).text();
  expect(own).not.toContain("Not my thread");
  expect(own).toContain("Your reply");
  await owner.page.context().close();
});

test("a member cannot buy promotion for another member's business (decision 0026)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const name = `Owner's Grill ${owner.id}`;
  const offered = await owner.page.request.post("/sell", {
    multipart: sellFormFields(name, { name: owner.member.fullName, email: owner.member.email }),
  });
  expect(offered.status()).toBe(200);
  // What the owner's own buy page offers: the value another member would forge.
  await owner.page.goto("/packages/premier-package/buy");
  const option = owner.page.getByLabel("What to promote").getByRole("option", { name: `${name} (for sale)` });
  const target = (await option.getAttribute("value"))!;
  expect(target).toMatch(/^listing:\d+$/);

  await signUpAndSignIn();
  await page.goto("/packages/premier-package/buy");
  await expect(page.getByRole("main")).not.toContainText(name);
  const forged = await page.request.post("/packages/premier-package/buy", { form: { target }, maxRedirects: 0 });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("Please choose one of your businesses or listings to promote.");
  expect(forged.headers().location).toBeUndefined();
  await owner.page.context().close();
});

test("an owner's business, its edits, halal details and claim documents are theirs alone (decision 0036)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  await signInAsNewAdmin();
  const name = `Owned Grill ${owner.id}`;
  const id = await addBusinessFor(page.request, owner.member.email, name);
  // A published business without a website, claimed by the owner with a document.
  const claimed = `Claimed Cafe ${owner.id}`;
  const claimedId = await addBusinessFor(page.request, null, claimed, { published: true });
  const slug = /href="(\/halal-network-space\/[^"]+)"/.exec(
    await (await page.request.get(`/admin/directory/${claimedId}`)).text(),
  )![1]!;
  const sent = await owner.page.request.post(`${slug}/claim`, {
    multipart: { intent: "documents", documents: { name: "bill.png", mimeType: "image/png", buffer: SCAN } },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  const claimRow = new RegExp(`href="(/admin/claims/\\d+)"[^>]*>${claimed}<`).exec(
    await (await page.request.get("/admin/claims")).text(),
  );
  const claimPath = claimRow![1]!;
  const documentPath = new RegExp(`src="(${claimPath}/documents/[a-f0-9]+\\.webp)"`).exec(
    await (await page.request.get(claimPath)).text(),
  )![1]!;
  expect((await page.request.get(documentPath)).status()).toBe(200);
  expect(await (await owner.page.request.get("/my-businesses")).text()).toContain(name);

  // Another member: neither sees nor changes the business, its halal details, the claim or its documents.
  await signUpAndSignIn();
  expect(await everythingShownTo(page)).not.toContain(name);
  expect((await page.request.get(`/my-businesses/${id}/edit`)).status()).toBe(404);
  const edits: Record<string, string>[] = [
    { intent: "edit", description: "Taken over.", phone: "07700 900999" },
    { intent: "halal", halalStatus: "fully_halal", halalCertifierBody: "hmc" },
  ];
  for (const form of edits) {
    const refused = await page.request.post(`/my-businesses/${id}/edit`, { multipart: form, maxRedirects: 0 });
    expect(refused.status(), form.intent).toBe(404);
  }
  const ownEdit = await (await owner.page.request.get(`/my-businesses/${id}/edit`)).text();
  expect(ownEdit).toContain("Charcoal grills and curries.");
  expect(ownEdit).not.toContain("Taken over.");
  expect(ownEdit).not.toContain("waiting to be checked");
  for (const path of [claimPath, documentPath]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).not.toBe(200);
    expect(await response.text()).not.toContain(owner.member.email);
  }
  // A code for someone else's claim: there is none of theirs to confirm.
  const forged = await page.request.post(`${slug}/claim`, { form: { intent: "confirm-code", code: "123456" } });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("There is no code waiting for this claim.");

  // Out of the directory again.
  await signInAsNewAdmin();
  await page.request.post(`/admin/directory/${claimedId}`, {
    multipart: {
      intent: "save",
      name: claimed,
      category: "food",
      description: "Charcoal grills and curries.",
      town: "Leeds",
    },
  });
  await owner.page.context().close();
});

test("a member's review is theirs alone: nobody else sees it while held, edits or deletes it (decision 0035)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  await verifyEmail(owner.page, owner.member);
  const reviewPage = "/halal-network-space/newport-smile-dental-clinic/review";
  const secret = `Private review ${owner.id}: the hygienist was gentle and thorough.`;
  const written = await owner.page.request.post(reviewPage, {
    form: { intent: "save", rating: "4", body: secret },
    maxRedirects: 0,
  });
  expect(written.status()).toBe(302);
  // A new account's review waits for staff: on the page it is the owner's alone.
  expect(await (await owner.page.request.get(reviewPage)).text()).toContain(secret);

  const other = await signUpAndSignIn();
  await verifyEmail(page, other);
  for (const path of [reviewPage, `${reviewPage}.data`, "/halal-network-space/newport-smile-dental-clinic"]) {
    expect(await (await page.request.get(path)).text(), path).not.toContain(secret);
  }
  // The review form is always the signed-in member's own: deleting deletes nothing of the owner's,
  // and saving writes the other member's own review beside it.
  expect((await page.request.post(reviewPage, { form: { intent: "delete" }, maxRedirects: 0 })).status()).toBe(404);
  const mine = await page.request.post(reviewPage, {
    form: { intent: "save", rating: "1", body: "Not my review to change, but my own opinion of it." },
    maxRedirects: 0,
  });
  expect(mine.status()).toBe(302);
  const own = await (await owner.page.request.get(reviewPage)).text();
  expect(own).toContain(secret);
  expect(own).not.toContain("Not my review to change");
  // A review that is not published cannot be reported, nor one under another business's address.
  expect(
    (await page.request.get("/halal-network-space/newport-smile-dental-clinic/reviews/999999/report")).status(),
  ).toBe(404);
  await owner.page.context().close();
});

// An owner's confirmation of their own business is refused: tests/integration/evidence-level.test.ts.
test("a diner's confirmation is theirs alone, in nobody else's data (decision 0091)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
}) => {
  const diner = await memberBrowser(browser, baseURL, visitorIp);
  await verifyEmail(diner.page, diner.member);
  const business = "/halal-network-space/newport-peri-peri-house";
  // A field naming another member is no part of the form: the confirmation is the signed-in member's.
  const confirmed = await diner.page.request.post(`${business}/confirm`, {
    form: { userId: "someone-else" },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(302);
  const own = (await (await diner.page.request.get("/my-account/data")).json()) as {
    businessConfirmations: { url: string }[];
  };
  expect(own.businessConfirmations.map((c) => c.url)).toEqual([business]);

  const other = await signUpAndSignIn();
  await verifyEmail(page, other);
  expect(await (await page.request.get("/my-account/data")).text()).not.toContain(business);

  await diner.page.context().close();
});

test("a business a member added, its proof and its code are theirs and staff's alone (decision 0095)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  const adder = await memberBrowser(browser, baseURL, visitorIp);
  const name = `Added Grill ${adder.id}`;
  const sent = await adder.page.request.post("/halal-network-space/add", {
    multipart: {
      intent: "details",
      name,
      category: "food",
      postcode: "LS1 4AP",
      address: "1 Briggate",
      town: "Leeds",
      description: "Charcoal grills and curries.",
      website: `https://www.added-${adder.id}.example`,
      proofEmail: `owner@added-${adder.id}.example`,
      documents: { name: "bill.png", mimeType: "image/png", buffer: SCAN },
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  const added = sent.headers()["location"]!;
  expect(await (await adder.page.request.get(added)).text()).toContain(name);
  expect(await (await adder.page.request.get("/my-account/data")).text()).toContain(name);
  await signInAsNewAdmin();
  const forStaff = added.replace("/my-businesses/added/", "/admin/submissions/");
  const documentPath = new RegExp(`src="(${forStaff}/documents/[a-f0-9]+\\.webp)"`).exec(
    await (await page.request.get(forStaff)).text(),
  )![1]!;
  expect((await page.request.get(documentPath)).status()).toBe(200);

  // Another member: neither sees it nor its proof, nor sends or tries its code.
  await signUpAndSignIn();
  expect(await everythingShownTo(page)).not.toContain(name);
  for (const path of [added, `${added}.data`]) expect((await page.request.get(path)).status(), path).toBe(404);
  const forms: Record<string, string>[] = [
    { intent: "send-code", email: `someone@added-${adder.id}.example` },
    { intent: "confirm-code", code: "123456" },
  ];
  for (const form of forms) {
    const refused = await page.request.post(added, { form, maxRedirects: 0 });
    expect(refused.status(), form.intent).toBe(404);
  }
  for (const path of [forStaff, documentPath]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).not.toBe(200);
    expect(await response.text()).not.toContain(adder.member.email);
  }
  await adder.page.context().close();
});

test("an owner's reply to a review is theirs alone: nobody else writes, edits or deletes it (decision 0038)", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const owner = await memberBrowser(browser, baseURL, visitorIp);
  const reviewer = await memberBrowser(browser, baseURL, visitorIp);
  await verifyEmail(reviewer.page, reviewer.member);
  await signInAsNewAdmin();
  const name = `Replied Grill ${owner.id}`;
  const businessId = await addBusinessFor(page.request, owner.member.email, name, { published: true });
  const slug = /href="(\/halal-network-space\/[^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${businessId}`)).text(),
  )![1]!;
  const body = `Review ${reviewer.id}: the grill was fine and the tea was very sweet.`;
  const written = await reviewer.page.request.post(`${slug}/review`, {
    form: { intent: "save", rating: "3", body },
    maxRedirects: 0,
  });
  expect(written.status()).toBe(302);
  // Staff publish the held review (a new account's).
  await page.goto("/admin/reviews");
  const staffPath = await page
    .getByRole("row")
    .filter({ hasText: reviewer.id })
    .getByRole("link")
    .first()
    .getAttribute("href");
  const reviewId = /^\/admin\/reviews\/(\d+)$/.exec(staffPath ?? "")![1]!;
  const published = await page.request.post(staffPath!, { form: { intent: "publish" }, maxRedirects: 0 });
  expect(published.status()).toBe(302);
  const replyPath = `/my-businesses/${businessId}/reviews/${reviewId}`;
  const reply = `Owner reply ${owner.id}: thank you for coming.`;
  expect(
    (await owner.page.request.post(replyPath, { form: { intent: "save", reply }, maxRedirects: 0 })).status(),
  ).toBe(302);

  // The reviewer, and any other member, find no such page and change nothing.
  await signUpAndSignIn();
  for (const member of [reviewer.page, page]) {
    for (const path of [replyPath, `/my-businesses/${businessId}/reviews`]) {
      expect((await member.request.get(path)).status(), path).toBe(404);
    }
    const forms: Record<string, string>[] = [{ intent: "save", reply: "Taken over." }, { intent: "delete" }];
    for (const form of forms) {
      const refused = await member.request.post(replyPath, { form, maxRedirects: 0 });
      expect(refused.status(), form.intent).toBe(404);
    }
  }
  const shown = await (await page.request.get(slug)).text();
  expect(shown).toContain(reply);
  expect(shown).not.toContain("Taken over.");
  expect(shown).not.toContain(replyPath);
  await owner.page.context().close();
  await reviewer.page.context().close();
});

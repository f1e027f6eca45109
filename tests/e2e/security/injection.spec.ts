// Hostile text in every field of every form, and in every parameter of the
// lists: SQL, HTML, script and header injection. Whatever comes back is never
// a server error, never the markup itself, and never a header we did not set;
// what is stored is shown as text wherever staff and members read it.
import { seedBusinesses } from "../../../db/seed/data";
import { addBusinessFor } from "../directory-admin";
import { expect, sellFormFields, test, verifyEmail, type Member } from "../fixtures";
import { reachLastSellStep } from "../sell-form";
import { attackForms, attackLists, expectHarmless, expectShownAsText, firstLink, PAYLOADS } from "./attack";

test.describe.configure({ timeout: 180_000 });

test("a visitor's forms refuse or store hostile text, and never fail or echo it", async ({ page }) => {
  const listing = await firstLink(page, "/buy", "/buy/");
  const business = await firstLink(page, "/halal-network-space", "/halal-network-space/");
  const pkg = await firstLink(page, "/promote", "/packages/");
  const paths = [
    "/contact",
    "/halal-network-space/suggest",
    pkg,
    listing,
    business,
    "/auth",
    "/auth?tab=sign-up",
    "/auth?tab=forgot-password",
    "/reset-password?token=made-up",
  ];
  // /sell in steps (decision 0069): attacked at its last step, which has both Back and Submit Listing.
  const sell = await attackForms(page, ["/sell"], { reach: reachLastSellStep });
  expect(sell + (await attackForms(page, paths))).toBeGreaterThan(100);
});

test("the lists' query parameters are never a server error or an echo", async ({ page }) => {
  // A listing's payment calculator (decision 0085) is a GET form too; with calc=1 it reads every field.
  const listing = await firstLink(page, "/buy", "/buy/");
  expect(
    await attackLists(page, ["/buy", "/halal-network-space", "/search?in=buy", `${listing}?calc=1`]),
  ).toBeGreaterThan(20);
});

test("a member's forms, and what they stored shown back to them as text", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const listing = await firstLink(page, "/buy", "/buy/");
  const business = await firstLink(page, "/halal-network-space", "/halal-network-space/");
  // /buy's "Save this search" first, so that /my-searches has hostile searches' forms to attack.
  const paths = ["/contact", listing, business, "/my-account", "/buy?location=Leeds", "/my-searches"];
  expect(await attackForms(page, paths)).toBeGreaterThan(50);
  // Still signed in (no form signed them out), their hostile enquiries and searches listed as text.
  await page.goto("/my-queries");
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  await page.goto("/my-searches");
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/my-queries", "/my-account", "/saved-listings", "/my-favorites", "/my-searches"]) {
    await expectShownAsText(page, path);
  }
});

test("the buy forms refuse hostile choices of what to promote, and price nothing from the form (decision 0026)", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  const offered = await page.request.post("/sell", {
    multipart: sellFormFields(`Hostile Test Bakery ${Date.now()}`, { name: member.fullName, email: member.email }),
  });
  expect(offered.status()).toBe(200);
  expect(await attackForms(page, ["/packages/premier-package/buy", "/packages/growth-plan/buy"])).toBeGreaterThan(10);
  await expectShownAsText(page, "/my-subscriptions");
});

test("staff forms and lists, and every stored hostile value shown to staff as text", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  // Every staff form and list: over 180 s with two runs at once.
  test.slow();
  // A member, listing submissions and an enquiry of this test's own, full of hostile text.
  const marker = `hostile${Date.now()}`;
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  const visitorPage = await visitor.newPage();
  const member: Member = { email: `${marker}@example.com`, password: "Quiet-Harbour-19", fullName: PAYLOADS[1]! };
  await visitorPage.request.post("/auth", { form: { intent: "sign-up", ...member } });
  // /sell in steps (decision 0069): attacked at its last step, which has both Back and Submit Listing.
  await attackForms(visitorPage, ["/sell"], { marker, reach: reachLastSellStep });
  await visitorPage.request.post("/contact", {
    form: { name: PAYLOADS[2]!, email: member.email, subject: PAYLOADS[1]!, message: `${marker} ${PAYLOADS[1]}` },
  });
  await visitor.close();

  await signInAsNewAdmin();
  const enquiry = await firstLink(page, `/admin/enquiries?q=${marker}`, "/admin/enquiries/");
  const user = await firstLink(page, `/admin/users?q=${marker}`, "/admin/users/");
  await page.goto("/admin/listings?status=pending");
  const listing = await page
    .getByRole("row")
    .filter({ hasText: marker })
    .getByRole("link")
    .first()
    .getAttribute("href");
  expect(listing).toBeTruthy();
  const lists = [
    "/admin/listings",
    "/admin/enquiries",
    "/admin/subscriptions",
    "/admin/users",
    "/admin/directory",
    "/admin/outbox",
    "/admin/audit",
  ];
  const details = [enquiry, user, listing!, "/admin/directory/new"];
  // Other tests count what /buy shows, so nothing here is put on public view.
  const posts = await attackForms(page, ["/admin", ...lists, ...details], {
    marker,
    skipIntents: ["approve", "feature", "republish"],
  });
  expect(posts).toBeGreaterThan(50);
  expect(await attackLists(page, lists)).toBeGreaterThan(50);

  await page.goto(enquiry);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/admin", ...lists, ...details]) await expectShownAsText(page, path);
});

test("a seller's dashboard and edit forms, and their hostile listing shown back as text", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  const sent = await page.request.post("/sell", {
    multipart: {
      businessName: `Hostile ${PAYLOADS[1]}`.slice(0, 99),
      category: "food",
      location: PAYLOADS[2]!.slice(0, 99),
      askingPrice: "50000",
      annualRevenue: "150000",
      description: PAYLOADS.join("\n"),
      contactName: member.fullName,
      contactEmail: member.email,
      contactPhone: "07700 900123",
    },
  });
  expect(sent.status()).toBe(200);
  const edit = await firstLink(page, "/my-listings", "/my-listings/");
  await expectShownAsText(page, "/my-listings");
  await expectShownAsText(page, edit);
  // The edit form first: the dashboard's forms include withdrawing, after which there is nothing to edit.
  expect(await attackForms(page, [edit, "/my-listings"])).toBeGreaterThan(20);
  await expectShownAsText(page, "/my-listings");
});

test("a seller's evidence takes hostile file names and staff's check hostile notes, shown as text (decision 0087)", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const member = await signUpAndSignIn();
  const seller = await signInElsewhere(member);
  // Not published: other tests count /buy.
  const sent = await seller.request.post("/sell", {
    multipart: sellFormFields(`Evidence Grill ${Date.now()}`, { name: member.fullName, email: member.email }),
  });
  expect(sent.status()).toBe(200);
  const id = /\/my-listings\/(\d+)\/edit/.exec(await (await seller.request.get("/my-listings")).text())![1]!;
  const evidence = `/my-listings/${id}/evidence`;
  expect(await attackForms(seller, [evidence])).toBeGreaterThan(3);
  for (const payload of [PAYLOADS[0]!, PAYLOADS[1]!]) {
    const response = await seller.request.post(evidence, {
      multipart: {
        intent: "upload",
        kind: "accounts",
        files: { name: `${payload}.pdf`, mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") },
      },
      maxRedirects: 0,
    });
    await expectHarmless(response, "POST the evidence form");
    expect(response.status()).toBe(302);
  }
  await expectShownAsText(seller, evidence);
  await expect(seller.getByRole("main")).toContainText("data-hbs-injected");

  await signInAsNewAdmin();
  const admin = `/admin/listings/${id}`;
  for (const payload of PAYLOADS) {
    const forms: Record<string, string>[] = [
      { intent: "figures-check", yearEnded: "2026-03-31", turnover: "yes", note: payload },
      { intent: "figures-check", yearEnded: payload, turnover: payload, netProfit: payload, note: payload },
    ];
    for (const form of forms) {
      await expectHarmless(await page.request.post(admin, { form, maxRedirects: 0 }), "POST the figures check");
    }
  }
  await expectShownAsText(page, admin);
  const panel = page.getByRole("region", { name: "Figures checked by HBS" });
  await expect(panel).toContainText("data-hbs-injected");
  await expect(panel).toContainText("Checks made");
});

test("a member's message thread takes hostile text and shows it as text", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const listing = await firstLink(page, "/buy", "/buy/");
  const interest = await page.request.post(listing, {
    form: { fullName: PAYLOADS[1]!.slice(0, 99), email: "hostile@example.com", contactNumber: "07700 900123" },
  });
  expect(interest.status()).toBe(200);
  const thread = await firstLink(page, "/messages", "/messages/");
  expect(await attackForms(page, [thread])).toBeGreaterThan(10);
  await page.goto(thread);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/messages", thread]) await expectShownAsText(page, path);
});

test("a claim's forms and an owner's edit forms take hostile text, shown back to owner and staff as text", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const member = await signUpAndSignIn();
  const owner = await signInElsewhere(member);
  await signInAsNewAdmin();
  // Not published: other tests count the directory.
  const id = await addBusinessFor(page.request, member.email, `Hostile Grill ${Date.now()}`);
  const claim = `/halal-network-space/${seedBusinesses[0]!.slug}/claim`;
  const edit = `/my-businesses/${id}/edit`;
  expect(await attackForms(owner, [claim, edit, "/my-businesses"])).toBeGreaterThan(20);
  for (const path of [claim, edit, "/my-businesses"]) await expectShownAsText(owner, path);
  for (const path of [`/admin/directory/${id}`, "/admin/claims"]) await expectShownAsText(page, path);
});

test("a member's review and anyone's report take hostile text and show it as text, to members and staff (decision 0035)", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  const member = await signUpAndSignIn();
  await verifyEmail(page, member);
  const business = "/halal-network-space/cwmbran-family-dental-practice";
  expect(await attackForms(page, [`${business}/review`])).toBeGreaterThan(10);
  const marker = `hostile${Date.now()}`;
  for (const payload of PAYLOADS) {
    const response = await page.request.post(`${business}/review`, {
      form: { intent: "save", rating: "3", body: `${payload} ${marker} and enough words to be a review.` },
      maxRedirects: 0,
    });
    await expectHarmless(response, "POST the review form");
  }
  await page.goto(`${business}/review`);
  await expect(page.getByLabel("Your review")).toHaveValue(new RegExp(marker));
  for (const path of [`${business}/review`, business]) await expectShownAsText(page, path);

  // Staff read it (held: a new account), publish it, and anyone reports it with hostile reasons.
  await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  const review = await page.getByRole("row").filter({ hasText: marker }).getByRole("link").first().getAttribute("href");
  expect(review).toMatch(/^\/admin\/reviews\/\d+$/);
  expect((await page.request.post(review!, { form: { intent: "publish" }, maxRedirects: 0 })).status()).toBe(302);
  const report = `${business}/reviews/${review!.split("/").pop()}/report`;
  expect(await attackForms(page, [report])).toBeGreaterThan(5);
  for (const path of ["/admin/reviews", review!, business, report]) await expectShownAsText(page, path);
  await page.goto(review!);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  // Last: staff's own forms on the review, which remove it with a hostile reason.
  expect(await attackForms(page, [review!])).toBeGreaterThan(5);
  await expectShownAsText(page, review!);
});

test("an added business's forms take hostile text, shown back to its adder and staff as text (decision 0095)", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const adder = await signInElsewhere(await signUpAndSignIn());
  expect(await attackForms(adder, ["/halal-network-space/add"])).toBeGreaterThan(2);
  // The second step, with every text hostile and proof by a code, so that it is stored.
  const hostile = {
    intent: "details",
    name: `Hostile ${PAYLOADS[1]}`.slice(0, 100),
    category: "food",
    postcode: "LS1 4AP",
    address: PAYLOADS[0]!,
    town: PAYLOADS[2]!,
    description: PAYLOADS.join(" "),
    halalMeatSupplier: PAYLOADS[1]!.slice(0, 100),
    website: "https://www.hostile-grill.example",
    proofEmail: "owner@hostile-grill.example",
    note: PAYLOADS.join(" "),
  };
  const add = (fields: Record<string, string>) =>
    adder.request.post("/halal-network-space/add", { multipart: fields, maxRedirects: 0 });
  // A hostile line of hours is refused, harmlessly; the same business with none is stored.
  const refused = await add({ ...hostile, hours1: PAYLOADS[3]! });
  await expectHarmless(refused, "the added business");
  expect(refused.status()).toBe(400);
  const stored = await add(hostile);
  expect(stored.status()).toBe(302);
  const added = stored.headers()["location"]!;
  expect(added).toMatch(/^\/my-businesses\/added\/\d+$/);
  expect(await attackForms(adder, [added])).toBeGreaterThan(2);
  for (const path of ["/my-businesses", added]) await expectShownAsText(adder, path);
  await signInAsNewAdmin();
  const forStaff = added.replace("/my-businesses/added/", "/admin/submissions/");
  for (const path of ["/admin/claims", forStaff]) await expectShownAsText(page, path);
});

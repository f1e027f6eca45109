// An owner adds their business (issue #47 point 1, decision 0095), without
// JavaScript: the first step offers a business alike near the postcode to
// claim instead; the rest is sent with a document as proof and waits; staff
// see it beside its likely duplicate and approve it, and its adder owns it.
import crypto from "node:crypto";
import { seriousViolations } from "./axe";
import { SCAN, uniqueName, unpublish } from "./directory-admin";
import { expect, hydrated, sentMail, test } from "./fixtures";

test("an owner adds a business in two steps without JavaScript, offered a duplicate, and staff approve it", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  test.slow();
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": visitorIp },
  });
  const owner = await context.newPage();
  const id = crypto.randomBytes(5).toString("hex");
  const member = { email: `adder-${id}@example.com`, password: `Harbour-${id}-Lantern`, fullName: `Adder ${id}` };
  for (const intent of ["sign-up", "sign-in"]) {
    expect((await owner.request.post("/auth", { form: { intent, ...member }, maxRedirects: 0 })).status()).toBe(302);
  }

  await owner.goto("/halal-network-space");
  await owner.getByRole("link", { name: "Add your own business, free" }).click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText("Add your business");
  const name = uniqueName("Cwmbran Kebab Grill");
  await owner.getByLabel("Business name").fill(name);
  await owner.getByLabel("What it is").selectOption({ label: "Food & Dining" });
  await owner.getByLabel("Postcode").fill("np44 1pu");
  await owner.getByRole("button", { name: "Continue" }).click();

  // The seeded Cwmbran Kebab & Grill (NP44 3JS) is offered first, to claim instead.
  const offered = owner.getByRole("region", { name: "Is this yours? Claim it instead" });
  await expect(offered).toContainText("Cwmbran Kebab & Grill");
  await expect(offered.getByRole("link", { name: "Claim Cwmbran Kebab & Grill" })).toHaveAttribute(
    "href",
    "/halal-network-space/cwmbran-kebab-and-grill/claim",
  );
  await expect(owner.getByRole("heading", { name: `Step 2 of 2: about ${name}` })).toBeVisible();

  // Not theirs: the rest, first without proof.
  await owner.getByLabel("Address", { exact: true }).fill("4 Gwent Square");
  await owner.getByLabel("Town or city").fill("Cwmbran");
  await owner.getByLabel("Description").fill("Doner, shawarma and charcoal grill, all halal.");
  await owner.getByLabel("Monday").fill("12:00-23:00");
  await owner.getByLabel("Halal", { exact: true }).selectOption({ label: "Fully halal" });
  await owner.getByRole("button", { name: "Send for checking" }).click();
  await expect(owner.getByText(/Please add a photo or scan of your proof/)).toBeVisible();
  // What was typed is still there.
  await expect(owner.getByLabel("Address", { exact: true })).toHaveValue("4 Gwent Square");
  await owner
    .getByLabel("Or photos or scans")
    .setInputFiles({ name: "rates.png", mimeType: "image/png", buffer: SCAN });
  await owner.getByRole("button", { name: "Send for checking" }).click();
  await expect(owner).toHaveURL(/\/my-businesses\/added\/\d+$/);
  await expect(owner.getByRole("heading", { name: "Waiting for our team" })).toBeVisible();
  await expect(owner.getByText("Your proof: 1 document.")).toBeVisible();
  const added = new URL(owner.url()).pathname;
  // Not in the directory while it waits.
  await owner.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  await expect(owner.getByRole("article").filter({ hasText: name })).toHaveCount(0);

  // Staff: the queue, the submission beside its likely duplicate, then approval.
  await signInAsNewAdmin();
  await page.goto("/admin/claims");
  await page.getByRole("region", { name: "Businesses added by members" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(added.replace("/my-businesses/added/", "/admin/submissions/"));
  await expect(page.getByRole("region", { name: "Likely duplicates of this business" })).toContainText(
    "Cwmbran Kebab & Grill",
  );
  await expect(page.getByRole("img", { name: "Document 1 sent by the adder" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("Approved and published")).toBeVisible();

  // Published, and its adder owns it.
  await owner.goto(`/halal-network-space?search=${encodeURIComponent(name)}`);
  await owner.getByRole("article").filter({ hasText: name }).getByRole("link", { name }).first().click();
  await expect(owner.getByRole("heading", { level: 1 })).toHaveText(name);
  await owner.goto("/my-businesses");
  await expect(owner.getByRole("link", { name: `Edit ${name}` })).toBeVisible();
  await expect
    .poll(() =>
      sentMail().some(
        (m) => m.header("To")?.includes(member.email) && /is now in the HBS directory/.test(m.header("Subject") ?? ""),
      ),
    )
    .toBe(true);

  await unpublish(page, name);
  await context.close();
});

test("with JavaScript the same two steps check as they are sent, and pass axe at phone width", async ({
  page,
  signUpAndSignIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("cookie-consent", "accepted"));
  await signUpAndSignIn();
  await page.goto("/halal-network-space/add");
  await hydrated(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Business name").fill(uniqueName("Valley Falafel Bar"));
  await page.getByLabel("What it is").selectOption({ label: "Food & Dining" });
  await page.getByLabel("Postcode").fill("NP20 1AA");
  await page.getByRole("button", { name: "Continue" }).click();
  // Continue's button is gone: focus is on the step that replaced it.
  await expect(page.getByRole("heading", { name: /^Step 2 of 2/ })).toBeFocused();
  await page.getByRole("button", { name: "Send for checking" }).click();
  await expect(page.getByText("Address is required")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

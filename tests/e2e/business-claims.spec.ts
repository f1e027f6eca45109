// Claiming a directory business (decision 0036), a member and staff side by
// side: a code to an address at the business's website's domain (another
// domain refused, a wrong code refused), the owner's edits published at once,
// their halal details held until staff approve them, and a claim by documents
// that staff reject with a reason and then approve. Each new page is scanned
// by axe. Every form works without JavaScript; the IDOR suite posts them bare.
import type { Page } from "@playwright/test";
import { newBusinessForm, SCAN, uniqueName, unpublish } from "./directory-admin";
import { seriousViolations } from "./axe";
import { expect, hydrated, sentMail, test, toasts } from "./fixtures";

/** Staff add a business; returns its public address. */
async function addBusiness(page: Page, name: string, website?: string) {
  await newBusinessForm(page, name, "Bradford");
  if (website) await page.getByLabel("Website").fill(website);
  await page.getByRole("button", { name: "Add business" }).click();
  await expect(toasts(page)).toContainText("Business added");
  return (await page.getByRole("link", { name: "View on the site" }).getAttribute("href"))!;
}

const mailsTo = (to: string) =>
  sentMail()
    .filter((mail) => (mail.header("to") ?? "").includes(to))
    .map((mail) => ({ subject: mail.header("subject") ?? "", text: mail.body }));

test("a member claims businesses by code and by documents, and runs them beside staff", async ({
  page,
  browser,
  baseURL,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.slow();
  const member = await signUpAndSignIn();
  const owner = await signInElsewhere(member);
  // The location prompt is another spec's; here it would cover the account menu.
  await owner.addInitScript(() => localStorage.setItem("location-permission", "denied"));
  await signInAsNewAdmin();
  const domain = `${uniqueName("grill").replace(" ", "-")}.co.uk`;
  const withSite = uniqueName("Claimed Grill");
  const withoutSite = uniqueName("Claimed Cafe");
  const siteUrl = await addBusiness(page, withSite, `https://www.${domain}/`);
  const cafeUrl = await addBusiness(page, withoutSite);

  // By code: from the business's page, an address elsewhere is refused, one at the website's domain gets a code.
  await owner.goto(siteUrl);
  await owner.getByRole("link", { name: "Claim this business" }).click();
  await hydrated(owner);
  await expect(owner.getByRole("heading", { name: `Claim ${withSite}` })).toBeVisible();
  const address = owner.getByLabel(`Your address at ${domain}`);
  await address.fill(member.email);
  await owner.getByRole("button", { name: "Send me a code" }).click();
  await expect(owner.getByText(`The address must be at ${domain}`)).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await address.fill(`manager@${domain}`);
  await owner.getByRole("button", { name: "Send me a code" }).click();
  await expect(toasts(owner)).toContainText("Code sent");
  await expect.poll(() => mailsTo(`manager@${domain}`).length).toBe(1);
  const code = /Their code is: (\d{6})/.exec(mailsTo(`manager@${domain}`)[0]!.text)![1]!;
  expect(mailsTo(member.email).some((mail) => mail.subject.includes(withSite))).toBe(false);

  const codeField = owner.getByLabel("The code from the e-mail");
  await codeField.fill(code === "000000" ? "111111" : "000000");
  await owner.getByRole("button", { name: "Confirm the code" }).click();
  await expect(owner.getByText("That code is not right. Check the e-mail and try again.")).toBeVisible();
  await codeField.fill(code);
  await owner.getByRole("button", { name: "Confirm the code" }).click();
  await expect(owner).toHaveURL(/\/my-businesses$/);
  await expect(toasts(owner)).toContainText(`You now manage ${withSite}`);
  await expect.poll(() => mailsTo(member.email).map((m) => m.subject)).toContain(`You now manage ${withSite} on HBS`);

  // My businesses, in the account menu: views, favourites, and the edit page.
  await owner.goto("/");
  await owner.locator('summary[aria-label^="My account"]').click();
  await owner.getByRole("link", { name: "My businesses" }).click();
  await expect(owner.getByRole("heading", { name: withSite })).toBeVisible();
  await expect(owner.getByText(/(\d+ views?|No views yet) in the last 30 days/)).toBeVisible();
  await expect(owner.getByText(/new favourites in the last 30 days/)).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.getByRole("link", { name: `Edit ${withSite}` }).click();
  await hydrated(owner);
  await owner.getByLabel("Monday").fill("25:00-26:00");
  await owner.getByRole("button", { name: "Publish changes" }).click();
  await expect(owner.getByText(/25:00/).first()).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.getByLabel("Monday").fill("11:00-22:00");
  await owner.getByLabel("Description").fill("Charcoal grills and curries, family run since 1998.");
  await owner.getByLabel("Phone").fill("01274 496000");
  await owner.getByRole("button", { name: "Publish changes" }).click();
  await expect(toasts(owner)).toContainText("Your page is updated");

  // Published at once, for any visitor (the page cache emptied itself).
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(siteUrl);
  await expect(visitor.getByText("Charcoal grills and curries, family run since 1998.")).toBeVisible();
  await expect(visitor.getByText("01274 496000")).toBeVisible();

  // Halal details wait for staff, who see them before and after.
  await owner.goto("/my-businesses");
  await owner.getByRole("link", { name: `Edit ${withSite}` }).click();
  await hydrated(owner);
  // How HBS knows, and when it last checked, are HBS's own: not the owner's to say.
  await expect(owner.getByLabel("How HBS knows")).toHaveCount(0);
  await owner.getByLabel("Halal", { exact: true }).selectOption("fully_halal");
  await owner.getByLabel("Certified by").selectOption("hmc");
  await owner.getByRole("button", { name: "Send for checking" }).click();
  await expect(toasts(owner)).toContainText("Halal details sent for checking");
  await visitor.goto(siteUrl);
  await expect(visitor.getByRole("main")).not.toContainText("HMC");
  await page.goto("/admin/claims");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("link", { name: withSite }).click();
  const review = page.getByRole("region", { name: "Halal details from the owner" });
  await expect(review.getByRole("row", { name: /Certified by/ })).toContainText("HMC (Halal Monitoring Committee)");
  await review.getByRole("button", { name: "Approve changes" }).click();
  await expect(toasts(page)).toContainText("Halal details approved and published");
  await visitor.goto(siteUrl);
  await expect(visitor.getByRole("main")).toContainText("HMC");

  // By documents: no website, so documents; staff reject with a reason, then approve.
  await owner.goto(`${cafeUrl}/claim`);
  await hydrated(owner);
  await expect(owner.getByText("This business has no website on HBS")).toBeVisible();
  await owner.getByRole("button", { name: "Send documents" }).click();
  await expect(owner.getByText("Please add at least one photo or scan of your proof")).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  const sendScan = async () => {
    await owner.getByLabel(/Photos or scans/).setInputFiles({ name: "rates.png", mimeType: "image/png", buffer: SCAN });
    await owner.getByRole("button", { name: "Send documents" }).click();
    await expect(toasts(owner)).toContainText("Documents sent");
  };
  await sendScan();
  await expect(owner.getByText("We have your documents.")).toBeVisible();

  await page.goto("/admin/claims");
  await page.getByRole("link", { name: withoutSite }).click();
  await expect(page.getByRole("img", { name: "Document 1 sent by the claimant" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Reason for rejecting the claim").fill("The bill is for another address.");
  await page.getByRole("button", { name: "Reject the claim" }).click();
  await expect(toasts(page)).toContainText("Claim rejected");
  await owner.reload();
  await expect(owner.getByText("The bill is for another address.")).toBeVisible();

  await sendScan();
  await page.goto("/admin/claims");
  await page.getByRole("link", { name: withoutSite }).click();
  await page.getByRole("button", { name: "Approve the claim" }).click();
  await expect(toasts(page)).toContainText("Claim approved");
  await owner.goto("/my-businesses");
  await expect(owner.getByRole("heading", { name: withoutSite })).toBeVisible();
  await expect
    .poll(() => mailsTo(member.email).map((m) => m.subject))
    .toEqual(
      expect.arrayContaining([
        `We have your claim for ${withoutSite}`,
        `We could not approve your claim for ${withoutSite}`,
        `You now manage ${withoutSite} on HBS`,
      ]),
    );

  // Out of the directory again, so other tests' counts hold.
  await unpublish(page, withSite);
  await unpublish(page, withoutSite);
});

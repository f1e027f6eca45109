// Figures checked by HBS (decision 0087) as a seller and staff meet it,
// without JavaScript: evidence refused for what it is and then sent, staff's
// check, the badge on /buy and the listing's page, and the badge gone once
// staff change the turnover.
import { expect, sellFormFields, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

test("a seller's evidence, staff's check, the badge and /buy's filter, and the badge lost on a new turnover", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const seller = await signUpAndSignIn();
  const word = `Ledgerly${Date.now().toString(36)}`;
  const title = `${word} Grill`;
  expect(
    (
      await page.request.post("/sell", {
        multipart: sellFormFields(title, { name: seller.fullName, email: seller.email }),
      })
    ).status(),
  ).toBe(200);

  await page.goto("/my-listings");
  await page.getByRole("link", { name: `Evidence for figures of ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Figures not checked yet" })).toBeVisible();
  await page.getByLabel("What the files are").selectOption({ label: "Accounts" });
  const files = page.getByLabel("Files (PDF, JPEG, PNG or WebP)");
  await files.setInputFiles({
    name: "accounts.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html>x</html>"),
  });
  await page.getByRole("button", { name: "Send evidence" }).click();
  await expect(
    page.getByText("accounts.pdf is not a PDF, JPEG, PNG or WebP file, whatever its name says."),
  ).toBeVisible();
  await expect(page.getByText("No evidence sent yet.")).toBeVisible();
  await page.getByLabel("What the files are").selectOption({ label: "Accounts" });
  await files.setInputFiles({ name: "accounts-2026.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Send evidence" }).click();
  await expect(page.getByRole("link", { name: "accounts-2026.pdf" })).toBeVisible();
  const id = /\/my-listings\/(\d+)\/evidence/.exec(page.url())![1]!;

  await signInAsNewAdmin();
  expect((await page.request.post(`/admin/listings/${id}`, { form: { intent: "approve" } })).status()).toBe(200);
  await page.goto(`/admin/listings/${id}`);
  const panel = page.getByRole("region", { name: "Figures checked by HBS" });
  await expect(panel.getByRole("link", { name: "accounts-2026.pdf" })).toBeVisible();
  await panel.getByLabel("Financial year ended").fill("2026-03-31");
  await panel.getByLabel("Turnover (£240,000)").check();
  await panel.getByLabel("What you compared, for the record").fill("Turnover matches the filed accounts.");
  await panel.getByRole("button", { name: "Record the check" }).click();
  await expect(panel).toContainText("Shown as checked on");

  await page.goto(`/buy?search=${word}&checked=yes`);
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.getByText("Figures checked by HBS", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: "View Details" }).click();
  await expect(page.getByText(/^Figures checked by HBS on \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Key facts" })).toHaveAccessibleDescription(
    /^Figures from the seller\. Turnover checked by HBS on .* for the year ended 31 Mar 2026; the other figures are the seller's word\.$/,
  );

  // Staff correct the turnover: the mark goes until it is checked again.
  await page.goto(`/admin/listings/${id}`);
  await page.getByLabel("Turnover (£)").fill("250000");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("region", { name: "Figures checked by HBS" })).toContainText("Not shown as checked.");
  await page.goto(`/buy?search=${word}&checked=yes`);
  await expect(page.getByRole("article")).toHaveCount(0);
  await page.goto(`/buy?search=${word}`);
  await expect(page.getByRole("article").filter({ hasText: title }).getByText("Figures checked by HBS")).toHaveCount(0);

  // Off /buy again, so other tests' counts of it hold.
  await page.request.post(`/admin/listings/${id}`, { form: { intent: "withdraw", reason: "End of the test." } });
});

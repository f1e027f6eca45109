// Photos in reviews (issue #47, decision 0093) as a member, a visitor and
// staff meet them without JavaScript: photos sent with a review, the gallery
// once staff publish it, one photo reported, and staff removing it while the
// review stays.
import crypto from "node:crypto";
import sharp from "sharp";
import { addBusinessFor } from "./directory-admin";
import { expect, test, verifyEmail } from "./fixtures";

test.use({ javaScriptEnabled: false });

const photo = async (colour: string) => ({
  name: `${colour}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

test("a review's photos are shown with it, reported one by one, and removed by staff while the review stays", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  test.slow();
  const marker = crypto.randomBytes(4).toString("hex");
  await signInAsNewAdmin();
  const name = `Photo Kitchen ${marker}`;
  const id = await addBusinessFor(page.request, null, name, { published: true });
  const slug = /href="(\/halal-network-space\/[^"#]+)"/.exec(
    await (await page.request.get(`/admin/directory/${id}`)).text(),
  )![1]!;

  const member = await signUpAndSignIn();
  await verifyEmail(page, member);
  await page.goto(`${slug}/review`);
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review").fill(`Crisp samosas and a generous biryani, ${marker}, worth the wait.`);
  await page.getByLabel(/Add photos/).setInputFiles([await photo("orange"), await photo("teal")]);
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Review received")).toBeVisible();

  // Held for a check (a new account): staff publish it, photos and all.
  await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  await page.getByRole("row").filter({ hasText: marker }).getByRole("link").click();
  await expect(page.getByRole("region", { name: "Photos (2)" }).getByRole("img")).toHaveCount(2);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(page.getByText("Review published")).toBeVisible();
  const reviewPath = new URL(page.url()).pathname;

  await page.goto(slug);
  const gallery = page.getByRole("list", { name: `Photos from ${member.fullName}` });
  await expect(gallery.getByRole("img")).toHaveCount(2);
  await gallery.getByRole("link", { name: "Report photo 2" }).click();
  await expect(page.getByRole("heading", { name: `Report a photo in a review of ${name}` })).toBeVisible();
  await page.getByLabel("What is wrong with this photo?").fill("It shows a customer's face.");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thank you for your report")).toBeVisible();

  await page.goto(reviewPath);
  const photos = page.getByRole("region", { name: "Photos (2)" });
  await expect(photos).toContainText("Reported 1 time");
  await photos.getByRole("button", { name: "Remove photo 2" }).click();
  await expect(page.getByText("Photo removed; the review stays")).toBeVisible();
  await page.goto(slug);
  await expect(page.getByRole("article", { name: member.fullName })).toContainText(marker);
  await expect(page.getByRole("list", { name: `Photos from ${member.fullName}` }).getByRole("img")).toHaveCount(1);

  // Out of the directory again.
  await page.goto(`/admin/directory/${id}`);
  await page.request.post(`/admin/directory/${id}`, {
    multipart: { intent: "save", name, category: "food", description: "Charcoal grills and curries.", town: "Leeds" },
  });
});

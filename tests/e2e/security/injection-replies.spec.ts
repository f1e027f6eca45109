// Hostile text in an owner's reply to a review (decision 0038), shown back as
// text to the owner, to everyone on the business's page and to staff. Apart
// from injection.spec.ts because it publishes a business of its own for a
// while, so it runs with the other publishing specs (playwright.config.ts).
import { addBusinessFor } from "../directory-admin";
import { expect, test, verifyEmail } from "../fixtures";
import { attackForms, expectHarmless, expectShownAsText, PAYLOADS } from "./attack";

test("an owner's reply to a review takes hostile text and shows it as text, to the owner, visitors and staff", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  test.setTimeout(180_000);
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

// Forged posts from other websites (CSRF) are refused before any action runs.
import { expect, test } from "../fixtures";

const contact = (subject: string) => ({
  name: "Forged",
  email: "forged@example.com",
  subject,
  message: "Sent by another website.",
});

test("a post another website makes is refused, and changes nothing", async ({ page, baseURL, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const forged = await page.request.post("/contact", {
    form: contact("Forged by Origin"),
    headers: { origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("This form was sent from another website, so we did not accept it.");
  const fetchSite = await page.request.post("/contact", {
    form: contact("Forged by Fetch Metadata"),
    headers: { "sec-fetch-site": "cross-site" },
  });
  expect(fetchSite.status()).toBe(403);
  // Signing out, and Better Auth's passkey endpoint, the same.
  expect((await page.request.post("/logout", { headers: { origin: "https://evil.example" } })).status()).toBe(403);
  const passkey = await page.request.post("/api/auth/passkey/verify-authentication", {
    data: { response: {} },
    headers: { origin: "https://evil.example" },
  });
  expect(passkey.status()).toBe(403);

  // The site's own post goes through; nothing forged was stored, and the member is still signed in.
  const own = await page.request.post("/contact", { form: contact("Sent from HBS"), headers: { origin: baseURL! } });
  expect(own.status()).toBe(200);
  await page.goto("/my-queries");
  await expect(page.getByRole("main")).toContainText("Sent from HBS");
  await expect(page.getByRole("main")).not.toContainText("Forged");
});

test("a real browser's form on another site is refused", async ({ page, baseURL }) => {
  // A page of another origin whose form posts to HBS, as an attacker's would.
  await page.setContent(
    `<form method="post" action="${baseURL}/contact"><input name="name" value="x"><button>Send</button></form>`,
  );
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url() === `${baseURL}/contact` && r.request().method() === "POST"),
    page.getByRole("button", { name: "Send" }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.getByText("This form was sent from another website, so we did not accept it.")).toBeVisible();
});

test("a GET, as a link or an image on another site would make, changes nothing", async ({ page, signUpAndSignIn }) => {
  const member = await signUpAndSignIn();
  const html = await (await page.request.get("/buy")).text();
  const listing = /href="(\/buy\/[^"?]+)"/.exec(html)![1]!;
  for (const path of [
    "/logout",
    `${listing}/save`,
    "/resend-verification",
    "/cookie-consent?choice=accepted",
    "/my-account?intent=delete-account",
    "/my-account?intent=sign-out-others",
  ]) {
    expect((await page.request.get(path)).status(), path).toBeLessThan(500);
  }
  // Still signed in, with nothing saved and no choice made for them.
  await page.goto("/my-account");
  await expect(page.getByRole("banner").getByLabel(`My account: ${member.fullName}`, { exact: true })).toBeVisible();
  await page.goto("/saved-listings");
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain("cookie-consent");
});

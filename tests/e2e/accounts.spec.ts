import { seriousViolations } from "./axe";
import type { Page } from "@playwright/test";
import { expect, hydrated, linkInMail, sentMail, test, toasts } from "./fixtures";
import { totp } from "../helpers/totp";
import { memberRoutes } from "./routes";

/** The header's account button, named by who is signed in. */
const accountMenu = (page: Page, name: string) =>
  page.getByRole("banner").getByLabel(`My account: ${name}`, { exact: true });

test.describe("signing up and in", () => {
  test("sign up checks the form, refuses common passwords, then sends to Sign In", async ({ page }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto("/auth");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to HBS");
    await page.getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Full Name (optional)", { exact: true })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Sign Up" }).click();
    // The first failing message, in the spec's toast.
    await expect(toasts(page)).toContainText("Validation Error");
    await expect(toasts(page)).toContainText("Invalid email address");
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await page.getByLabel("Full Name (optional)", { exact: true }).fill("Amina Yusuf");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("password1");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(
      page.getByRole("main").getByText("This password is too common. Please choose one that is harder to guess."),
    ).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill("Cedar-Lantern-42");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toasts(page)).toContainText("Account created successfully! You can now sign in.");
    await expect(page).toHaveURL(/tab=sign-in/);
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute("aria-current", "page");

    // The same address again.
    await page.getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByLabel("Full Name (optional)", { exact: true })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Another-Lantern-43");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toasts(page)).toContainText("Account exists");
    await expect(toasts(page)).toContainText("This email is already registered. Please sign in instead.");

    // The verification e-mail's link confirms the address.
    const link = await linkInMail(email, /Confirm your e-mail address/);
    await page.goto(link.pathname + link.search);
    await expect(page.getByText("Your e-mail address is confirmed.")).toBeVisible();
  });

  test("typed at a person's speed, signing up and in shows only the true outcome", async ({ page }) => {
    // Conform's check of each field as it lost focus once raised 'Validation Error — Password is required'
    // (the password not typed yet) behind 'Signed in successfully!' (issue #45).
    const email = `typed-${Date.now()}@example.com`;
    const password = "Cedar-Lantern-42";
    await page.goto("/auth?tab=sign-up");
    await hydrated(page);
    await page.getByLabel("Full Name (optional)", { exact: true }).pressSequentially("Amina Yusuf", { delay: 20 });
    await page.getByLabel("Email", { exact: true }).pressSequentially(email, { delay: 20 });
    await page.getByLabel("Password", { exact: true }).pressSequentially(password, { delay: 20 });
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(toasts(page)).toContainText("Account created successfully! You can now sign in.");
    await expect(toasts(page)).not.toContainText("Validation Error");

    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).pressSequentially(email, { delay: 20 });
    await page.getByLabel("Password", { exact: true }).pressSequentially(password, { delay: 20 });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toasts(page)).toContainText("Signed in successfully!");
    await expect(toasts(page)).not.toContainText("Validation Error");
  });

  test("sign in: wrong password, then success, the account menu and log out", async ({ page, signUpAndSignIn }) => {
    const member = await signUpAndSignIn({ fullName: "Bilal Ahmed" });
    await page.context().clearCookies();
    await page.goto("/my-queries");
    await page.goto("/auth?redirectTo=/my-subscriptions");
    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-1");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(toasts(page)).toContainText("Login failed");
    await expect(toasts(page)).toContainText("Invalid email or password. Please try again.");

    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/my-subscriptions");
    await expect(toasts(page)).toContainText("Signed in successfully!");
    await expect(page.getByRole("heading", { name: "No subscriptions yet" })).toBeVisible();

    // /auth has nothing for a signed-in visitor.
    await page.goto("/auth");
    await hydrated(page);
    await expect(page).toHaveURL("/");

    await accountMenu(page, "Bilal Ahmed").click();
    for (const name of [
      "My account",
      "Messages",
      "My listings",
      "My subscriptions",
      "My queries",
      "Saved listings",
      "My searches",
      "My favorites",
    ]) {
      await expect(page.getByRole("banner").getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(toasts(page)).toContainText("Logged out");
    await expect(toasts(page)).toContainText("You have been successfully logged out.");
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    await page.goto("/my-account");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-account/);
  });

  test("the account button shows the part of the e-mail before @ without a full name", async ({
    page,
    signUpAndSignIn,
  }) => {
    const member = await signUpAndSignIn({ fullName: "" });
    await page.goto("/");
    await expect(accountMenu(page, member.email.split("@")[0]!)).toBeVisible();
  });
});

test("a forgotten password is reset through the e-mailed link, once, and other sessions end", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
}) => {
  const member = await signUpAndSignIn();
  const otherPage = await signInElsewhere(member);
  await otherPage.goto("/my-account");
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Account settings");

  await page.context().clearCookies();
  await page.goto("/auth");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("link", { name: "Back to Sign In" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toasts(page)).toContainText("Check your email");
  await expect(toasts(page)).toContainText("We've sent you a password reset link. Please check your email inbox.");

  const link = await linkInMail(member.email, /Reset your HBS password/);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("Fresh-Meadow-77");
  await page.getByLabel("Repeat new password", { exact: true }).fill("Fresh-Meadow-77");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toasts(page)).toContainText("Password updated");

  // The link works once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("This reset link has expired or has already been used.")).toBeVisible();

  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill("Fresh-Meadow-77");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toasts(page)).toContainText("Signed in successfully!");

  // The other device was signed out by the reset.
  await otherPage.goto("/my-account");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/);
});

test("My Queries lists what a member sent, newest first; the profile updates the menu", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn({ fullName: "Hana Malik" });
  await page.goto("/my-queries");
  await expect(page.getByText("Your submitted queries will appear here.")).toBeVisible();

  await page.goto("/contact");
  await hydrated(page);
  const form = page.getByRole("region", { name: "Send us a message" });
  await form.getByLabel("Name", { exact: true }).fill("Hana Malik");
  await form.getByLabel("Email", { exact: true }).fill("hana@example.com");
  await form.getByLabel("Subject", { exact: true }).fill("Halal certification");
  await form.getByRole("textbox", { name: "Message" }).fill("Which certifiers do you accept?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(page)).toContainText("Message Sent!");

  await page.goto("/my-queries");
  const row = page.getByRole("row").filter({ hasText: "Halal certification" });
  await expect(row).toContainText("Contact message");
  await expect(row).toContainText("Received");

  await page.goto("/my-account");
  await hydrated(page);
  await expect(page.getByText("Email cannot be changed")).toBeVisible();
  await page.getByLabel("Full Name", { exact: true }).fill("Hana M. Malik");
  await page.getByRole("button", { name: "Update Profile" }).click();
  await expect(toasts(page)).toContainText("Your profile has been updated");
  await expect(accountMenu(page, "Hana M. Malik")).toBeVisible();
});

test("My Queries of a visitor without a session keeps the spec's placeholder, with no redirect", async ({ page }) => {
  const response = await page.goto("/my-queries");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL("/my-queries");
  await expect(page.getByText("Your submitted queries will appear here.")).toBeVisible();
});

test("member pages show their headings and empty states, with no serious axe violations", async ({
  page,
  signUpAndSignIn,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem("location-permission", "denied");
    localStorage.setItem("cookie-consent", "accepted");
  });
  await signUpAndSignIn();
  for (const { path, heading } of memberRoutes) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.goto("/saved-listings");
  await expect(page.getByRole("link", { name: "Browse Businesses" })).toHaveAttribute("href", "/buy");
  await page.goto("/my-subscriptions");
  await expect(page.getByRole("link", { name: "Promote your business" })).toHaveAttribute("href", "/promote");
});

test.describe("saving listings and favourite businesses", () => {
  test("a visitor sees no save button; a member saves, finds and removes a listing", async ({
    page,
    signUpAndSignIn,
  }) => {
    await page.goto("/buy");
    const card = page.getByRole("article").filter({ hasText: "Established Kebab Takeaway in Cwmbran" });
    await expect(card.getByRole("link", { name: "Established Kebab Takeaway in Cwmbran" })).toBeVisible();
    await expect(card.getByRole("button", { name: /^Save / })).toHaveCount(0);

    await signUpAndSignIn();
    await page.goto("/buy");
    await card.getByRole("button", { name: "Save Established Kebab Takeaway in Cwmbran" }).click();
    await expect(toasts(page)).toContainText("Saved!");
    await expect(toasts(page)).toContainText("Listing added to your saved items");
    await expect(
      card.getByRole("button", { name: "Remove Established Kebab Takeaway in Cwmbran from saved listings" }),
    ).toHaveAttribute("aria-pressed", "true");

    await page.goto("/saved-listings");
    const saved = page.getByRole("article").filter({ hasText: "Established Kebab Takeaway in Cwmbran" });
    await expect(saved.getByText("View Details")).toBeVisible();
    await page
      .getByRole("button", { name: "Remove Established Kebab Takeaway in Cwmbran from saved listings" })
      .last()
      .click();
    await expect(toasts(page)).toContainText("Listing removed from saved items");
    await expect(page.getByRole("link", { name: "Browse Businesses" })).toBeVisible();

    // The toggle takes it out again from the list too.
    await page.goto("/buy/kebab-takeaway-cwmbran");
    await page.getByRole("button", { name: "Save Established Kebab Takeaway in Cwmbran" }).click();
    await expect(toasts(page)).toContainText("Saved!");
    await page
      .getByRole("button", { name: "Remove Established Kebab Takeaway in Cwmbran from saved listings" })
      .click();
    await expect(toasts(page)).toContainText("Removed");
    await expect(toasts(page)).toContainText("Listing removed from saved");
  });

  test("the heart adds a business to the member's favourites and takes it out", async ({ page, signUpAndSignIn }) => {
    await signUpAndSignIn();
    await page.goto("/halal-network-space");
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("button", { name: `Add ${name} to favourites` }).click();
    await expect(toasts(page)).toContainText("Business added to your favorites!");
    await expect(page).toHaveURL("/halal-network-space");

    await page.goto("/my-favorites");
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
    await page
      .getByRole("button", { name: `Remove ${name} from favourites` })
      .first()
      .click();
    await expect(toasts(page)).toContainText("Business removed from favorites.");
    await expect(page.getByText("No favourite businesses yet")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("sign in shows the spec's messages on the page and signs in", async ({ page, signUpAndSignIn }) => {
      const member = await signUpAndSignIn();
      await page.context().clearCookies();
      await page.goto("/auth?redirectTo=/my-queries");
      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByText("Invalid email address").first()).toBeVisible();
      await page.getByLabel("Email", { exact: true }).fill(member.email);
      await page.getByLabel("Password", { exact: true }).fill("Wrong-Password-5");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText("Login failed Invalid email or password. Please try again.");
      await page.getByLabel("Password", { exact: true }).fill(member.password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page).toHaveURL("/my-queries");
      await expect(page.getByRole("status")).toContainText("Signed in successfully!");
    });

    test("the save toggle still works, and the unconfirmed-address banner resends the link", async ({
      page,
      signUpAndSignIn,
    }) => {
      const member = await signUpAndSignIn();
      await page.goto("/buy");
      await page.getByRole("button", { name: "Save Egyptian Café in Newport" }).click();
      await expect(page.getByRole("status")).toContainText("Saved! Listing added to your saved items");

      const banner = page.getByRole("complementary", { name: "Confirm your e-mail address" });
      await banner.getByRole("button", { name: "Resend" }).click();
      await expect(page.getByRole("status")).toContainText("We've sent you a new link to confirm your e-mail address.");
      await expect
        .poll(
          () =>
            sentMail().filter((m) => m.header("To") === member.email && /Confirm/.test(m.header("Subject") ?? ""))
              .length,
        )
        .toBe(2);
    });
  });
});

test("my account: change the password, see devices, sign the others out, download the data, delete", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
}) => {
  const member = await signUpAndSignIn({ fullName: "Omar Haddad" });
  const otherPage = await signInElsewhere(member);

  await page.goto("/my-account");
  await hydrated(page);
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem")).toHaveCount(2);
  await expect(devices.getByText("This device")).toHaveCount(1);
  await devices.getByRole("button", { name: "Sign out of other devices" }).click();
  await expect(toasts(page)).toContainText("Your other devices are signed out");
  await expect(devices.getByRole("listitem")).toHaveCount(1);
  await otherPage.goto("/my-account");
  await expect(otherPage).toHaveURL(/\/auth\?redirectTo=/);

  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password", { exact: true }).fill("Not-My-Password-9");
  await password.getByLabel("New password", { exact: true }).fill("Brand-New-Lantern-8");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Your current password is not right")).toBeVisible();
  await password.getByLabel("Current password", { exact: true }).fill(member.password);
  await password.getByLabel("New password", { exact: true }).fill("Brand-New-Lantern-8");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(toasts(page)).toContainText("Your password has been changed");
  // Still signed in on this device.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account settings");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await (await import("node:fs/promises")).readFile(file, "utf8"));
  expect(exported.profile).toMatchObject({ email: member.email, fullName: "Omar Haddad" });
  expect(exported.sessions).toHaveLength(1);
  expect(JSON.stringify(exported)).not.toContain("token");

  const danger = page.getByRole("region", { name: "Delete your account" });
  await danger.getByLabel("Your password", { exact: true }).fill("Wrong-Password-7");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(danger.getByText("That password is not right")).toBeVisible();
  await danger.getByLabel("Your password", { exact: true }).fill("Brand-New-Lantern-8");
  await danger.getByRole("button", { name: "Delete my account" }).click();
  await expect(toasts(page)).toContainText("Your account has been deleted");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Email", { exact: true }).fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill("Brand-New-Lantern-8");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toasts(page)).toContainText("Login failed");
});

test("two-factor: set up with a QR code and backup codes, then sign in with a code or a backup code", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  await page.goto("/my-account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await section.getByLabel("Your password", { exact: true }).fill(member.password);
  await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(section.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await section.getByLabel("Key for your authenticator app").textContent())!.trim();
  const backupCodes = await section.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes.length).toBeGreaterThanOrEqual(8);

  await section.getByLabel("Code from your app", { exact: true }).fill("000000");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByText("That code is not right. Please try again.")).toBeVisible();
  await section.getByLabel("Code from your app", { exact: true }).fill(totp(key));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(toasts(page)).toContainText("Two-factor authentication is on");

  const signInWith = async (code: string) => {
    await page.context().clearCookies();
    await page.goto("/auth?redirectTo=/my-account");
    await hydrated(page);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fmy-account/);
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
  };
  // The password alone is not enough.
  await signInWith("123456");
  await expect(page.getByText("That code is not right. Please try again.").first()).toBeVisible();
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);

  // The next step's code is accepted too (a clock a little ahead).
  await signInWith(totp(key, 1));
  await expect(page).toHaveURL("/my-account");
  await expect(toasts(page)).toContainText("Signed in successfully!");

  await signInWith(backupCodes[0]!);
  await expect(page).toHaveURL("/my-account");
  await expect(page.getByRole("region", { name: "Two-factor authentication" })).toContainText("On.");
});

test("Better Auth's own endpoints are closed but for the e-mailed links", async ({ request }) => {
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email: "direct@example.com", password: "password1", name: "Direct" },
  });
  expect(signUp.status()).toBe(404);
  expect((await request.post("/api/auth/sign-in/email", { data: { email: "a@b.co", password: "x" } })).status()).toBe(
    404,
  );
  expect((await request.get("/api/auth/get-session")).status()).toBe(404);
  // Of the passkey endpoints, only the WebAuthn ceremony's own: listing and removing are ours.
  expect((await request.get("/api/auth/passkey/list-user-passkeys")).status()).toBe(404);
  expect((await request.post("/api/auth/passkey/delete-passkey", { data: { id: "x" } })).status()).toBe(404);
  expect((await request.post("/api/auth/passkey/generate-register-options")).status()).toBe(404);
  // The verification link's endpoint answers (here: a bad token sends the visitor on with an error).
  const verify = await request.get("/api/auth/verify-email?token=nonsense&callbackURL=/email-verified", {
    maxRedirects: 0,
  });
  expect(verify.status()).toBe(302);
  expect(verify.headers()["location"]).toContain("/email-verified?error=");
});

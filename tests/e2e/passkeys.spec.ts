// Passkeys in Chromium with a virtual authenticator (see fixtures.ts).
import type { Page } from "@playwright/test";
import { deviceName } from "../../app/lib/user-agent";
import { addVirtualAuthenticator, expect, hydrated, test, toasts } from "./fixtures";

async function signInWithPasskey(page: Page, path = "/auth") {
  await page.context().clearCookies();
  await page.goto(path);
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
}

test("passkeys: add one in My account, sign in with it, remove it", async ({ page, signUpAndSignIn }) => {
  const member = await signUpAndSignIn();
  await addVirtualAuthenticator(page);
  await page.goto("/my-account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toasts(page)).toContainText("Passkey added");
  const list = section.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  // Named after the browser that made it.
  await expect(list).toContainText(deviceName(await page.evaluate(() => navigator.userAgent)));

  // The same authenticator is not added twice.
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(toasts(page)).toContainText("This device already has a passkey for your account.");
  await expect(list.getByRole("listitem")).toHaveCount(1);

  // Signed out, the passkey alone signs the member in, and back to where they were going.
  await signInWithPasskey(page, "/auth?redirectTo=/saved-listings");
  await expect(page).toHaveURL("/saved-listings");
  await expect(toasts(page)).toContainText("Signed in successfully!");
  await expect(page.getByRole("banner").getByLabel(`My account: ${member.fullName}`, { exact: true })).toBeVisible();

  // Removed, it no longer opens the account, though the device still offers it.
  await page.goto("/my-account");
  await section.getByRole("button", { name: /^Remove passkey/ }).click();
  await expect(toasts(page)).toContainText("Passkey removed");
  await expect(section.getByRole("list", { name: "Your passkeys" })).toHaveCount(0);
  await signInWithPasskey(page);
  await expect(toasts(page)).toContainText("That passkey is not recognised.");
  await expect(page).toHaveURL("/auth");
});

test("a device without a passkey for HBS says so and signs nobody in", async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signInWithPasskey(page);
  await expect(toasts(page)).toContainText("Signing in with a passkey was cancelled.");
  await expect(page).toHaveURL("/auth");
  await expect(page.getByRole("banner").getByLabel(/^My account/)).toHaveCount(0);
});

test("passkey endpoints are limited per visitor", async ({ request }) => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    statuses.push((await request.get("/api/auth/passkey/generate-authenticate-options")).status());
  }
  expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
  expect(statuses[30]).toBe(429);
});

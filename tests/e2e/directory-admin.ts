// Helpers for specs that add directory businesses through the back office.
// directory.spec.ts counts the seeded businesses, so a spec unpublishes what
// it added once it is done with it.
import type { APIRequestContext, Page } from "@playwright/test";
import crypto from "node:crypto";
import { expect, hydrated, toasts } from "./fixtures";

/** A business name no other test's search will match: random letters, not digits the trigram search finds alike. */
export function uniqueName(prefix: string): string {
  const letters = [...crypto.randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
  return `${prefix} ${letters}`;
}

/** Opens the back office's new-business form with the required fields filled in. */
export async function newBusinessForm(page: Page, name: string, town: string) {
  await page.goto("/admin/directory/new");
  await hydrated(page);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category").selectOption("food");
  await page.getByLabel("Description").fill("Charcoal grills and curries.");
  await page.getByLabel("Town").fill(town);
}

/** Takes a business the test added out of the directory again. */
export async function unpublish(page: Page, name: string) {
  await page.goto(`/admin/directory?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name }).click();
  await hydrated(page);
  await page.getByLabel("Published in the directory").uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toasts(page)).toContainText("Business saved");
}

/**
 * Staff add a business straight to a member, as the back office's "Owner's
 * e-mail" does (decision 0026; a claim ends the same way, decision 0036).
 * Published only when asked: other specs count the directory. Returns its id.
 */
export async function addBusinessFor(
  staff: APIRequestContext,
  ownerEmail: string | null,
  name: string,
  { published = false, website }: { published?: boolean; website?: string } = {},
) {
  const saved = await staff.post("/admin/directory/new", {
    multipart: {
      intent: "save",
      name,
      category: "food",
      description: "Charcoal grills and curries.",
      town: "Leeds",
      ...(ownerEmail ? { ownerEmail } : {}),
      ...(website ? { website } : {}),
      ...(published ? { published: "on" } : {}),
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBe(302);
  return /\/admin\/directory\/(\d+)$/.exec(saved.headers().location!)![1]!;
}

/** A 1×1 PNG: a "scan" of a claim's proof, which the server decodes like any photo. */
export const SCAN = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

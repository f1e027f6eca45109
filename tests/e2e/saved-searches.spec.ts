// Saved searches (decision 0031): saved from /buy without JavaScript (its
// filters are a GET form, the save a POST form beside it), listed on
// /my-searches with a frequency to change, deleted; and an alert's
// unsubscribe link, by its page's button and by a mail program's RFC 8058
// one-click POST from another site.
import { seriousViolations } from "./axe";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { cookieChoiceMade, e2eServer, expect, hydrated, test, toasts } from "./fixtures";

/** The link an alert e-mail carries: the search's id signed with the site's secret, as the server signs it. */
function unsubscribePath(id: string) {
  const secret = fs.readFileSync(path.join(e2eServer().dataDir, "session-secret"), "utf8").trim();
  const signature = crypto.createHmac("sha256", secret).update(`saved-search-unsubscribe:${id}`).digest("base64url");
  return `/alerts/unsubscribe/${id}.${signature}`;
}

async function savedSearchIds(page: Page) {
  const html = await (await page.request.get("/my-searches")).text();
  return [...new Set([...html.matchAll(/name="id" value="(\d+)"/g)].map((match) => match[1]!))];
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a member saves /buy's filters, changes how often they hear, and deletes the search", async ({
    page,
    baseURL,
    signUpAndSignIn,
  }) => {
    // Without JavaScript the cookie banner rises over the form's button 1 s after each load.
    await cookieChoiceMade(page.context(), baseURL!);
    await signUpAndSignIn();
    await page.goto("/buy");
    await page.getByLabel("Category").selectOption("food");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/category=food/);

    // "Save this search" is one button that opens its form (decision 0071).
    await page.locator("summary", { hasText: "Save this search" }).click();
    const save = page.getByRole("form", { name: "Save this search" });
    await expect(save.getByLabel("Name")).toHaveValue("Food & Beverage");
    await save.getByLabel("Name").fill("");
    await save.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please give this search a name");
    // The field stops at 100 characters; a longer name sent anyway is refused by the server.
    const long = await page.request.post(page.url(), { form: { name: "x".repeat(101), frequency: "daily" } });
    expect(long.status()).toBe(400);
    expect(await long.text()).toContain("The name must be at most 100 characters");

    await save.getByLabel("Name").fill("Cafés for my brother");
    await save.getByLabel("E-mail me").selectOption("instant");
    await save.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/my-searches$/);
    await expect(page.getByText("Search saved")).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: "Cafés for my brother" });
    await expect(item).toContainText("Food & Beverage");
    await expect(item.getByLabel("E-mail me")).toHaveValue("instant");
    await expect(item.getByRole("link", { name: /See matches/ })).toHaveAttribute("href", "/buy?category=food");

    await item.getByLabel("E-mail me").selectOption("weekly");
    await item.getByRole("button", { name: "Save alerts for Cafés for my brother" }).click();
    await expect(page.getByText("Alerts updated")).toBeVisible();
    await expect(item.getByLabel("E-mail me")).toHaveValue("weekly");

    await item.getByRole("button", { name: "Delete Cafés for my brother" }).click();
    await expect(page.getByText("Saved search deleted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No saved searches yet" })).toBeVisible();
  });
});

test("a visitor is asked to sign in to save a search, and comes back to the same filters", async ({ page }) => {
  await page.goto("/buy?location=Leeds");
  await page.getByRole("link", { name: "Sign in to save this search" }).click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fbuy%3Flocation%3DLeeds/);
  const refused = await page.request.post("/buy?location=Leeds", { form: { name: "Leeds" }, maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toMatch(/^\/auth\?redirectTo=/);
});

test("an alert's unsubscribe link stops one search's e-mails, by its button or by one click from a mail program", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  for (const name of ["Leeds takeaways", "Bradford bakeries"]) {
    const saved = await page.request.post("/buy?location=Leeds", { form: { name, frequency: "daily" } });
    expect(saved.status()).toBe(200);
  }
  const [first, second] = await savedSearchIds(page);

  // Signed out, as from an e-mail opened anywhere.
  await page.context().clearCookies();
  await page.goto(unsubscribePath(first!));
  await expect(page.getByRole("heading", { name: "Leeds takeaways" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Stop these e-mails" }).click();
  await expect(page.getByRole("heading", { name: "You will get no more e-mails for this search" })).toBeVisible();

  // Used again: a page that says so.
  const reused = await page.goto(unsubscribePath(first!));
  expect(reused!.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "E-mails for this search are already off" })).toBeVisible();
  const forged = await page.goto(`${unsubscribePath(first!).slice(0, -4)}AAAA`);
  expect(forged!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage my searches" })).toBeVisible();

  // RFC 8058: the mail program POSTs "List-Unsubscribe=One-Click", here from a webmail's page.
  const oneClick = await page.request.post(unsubscribePath(second!), {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { origin: "https://webmail.example", "sec-fetch-site": "cross-site" },
  });
  expect(oneClick.status()).toBe(200);
  expect(await (await page.request.get(unsubscribePath(second!))).text()).toContain(
    "E-mails for this search are already off",
  );
  // Any other form posted from another site is still refused.
  const elsewhere = await page.request.post("/buy?location=Leeds", {
    form: { name: "Forged" },
    headers: { origin: "https://webmail.example", "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(403);
});

test("with JavaScript, saving a search takes the member to My searches with the filters in words", async ({
  page,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  await page.goto("/buy?location=Leeds");
  await hydrated(page);
  await page.locator("summary", { hasText: "Save this search" }).click();
  const save = page.getByRole("form", { name: "Save this search" });
  await expect(save.getByLabel("Name")).toHaveValue("Businesses in Leeds");
  await save.getByRole("button", { name: "Save this search" }).click();
  await expect(page).toHaveURL(/\/my-searches$/);
  await expect(toasts(page)).toContainText("Search saved");
  const item = page.getByRole("listitem").filter({ hasText: "Businesses in Leeds" });
  await expect(item.getByLabel("E-mail me")).toHaveValue("daily");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/buy?location=Leeds");
  expect(await seriousViolations(page)).toEqual([]);
});

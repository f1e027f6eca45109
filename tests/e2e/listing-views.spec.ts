// Views of a listing (decision 0024), as staff see them in the back office:
// each visitor counts once a day, a page the server kept (decision 0016)
// counts like a rendered one, and crawlers do not count.
import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import { expect, hydrated, keptAnswer, sellFormFields, test, toasts } from "./fixtures";

const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const safari =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A visitor of their own: a browser, an address. No cookies of any other test's. */
function visitor(browser: Browser, baseURL: string | undefined, userAgent: string, ip: string) {
  return browser.newContext({ baseURL, userAgent, extraHTTPHeaders: { "x-forwarded-for": ip } });
}

test("a listing's views count each visitor once a day, kept pages too, and no crawler", async ({
  page,
  browser,
  baseURL,
  signInAsNewAdmin,
}) => {
  await signInAsNewAdmin();
  // A listing of this test's own, which no other test opens: any other visit would count.
  const title = `Views Grill ${crypto.randomBytes(3).toString("hex")}`;
  const offered = await page.request.post("/sell", {
    multipart: sellFormFields(title, { name: "Bilal Hussain", email: "bilal@example.com" }),
  });
  expect(offered.status()).toBe(200);
  await page.goto("/my-listings");
  const edit = page.getByRole("article", { name: title }).getByRole("link", { name: `Edit ${title}` });
  const id = /\/my-listings\/(\d+)\/edit/.exec((await edit.getAttribute("href"))!)![1]!;
  await page.goto(`/admin/listings/${id}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(toasts(page)).toContainText("The seller has been e-mailed.");
  const slug = (await page.getByRole("link", { name: "View on the site" }).getAttribute("href"))!;
  const total = async () => {
    await page.reload();
    const text = await page.getByText(/Views in the last 30 days:/).textContent();
    return Number(/:\s*([\d,]+)/.exec(text ?? "")![1]!.replace(/,/g, ""));
  };
  const before = await total();

  const suffix = Math.floor(Math.random() * 200) + 20;
  // A real visit in a browser, then a second look the same day.
  const first = await visitor(browser, baseURL, firefox, `10.99.1.${suffix}`);
  const firstPage = await first.newPage();
  await firstPage.goto(slug);
  await expect(firstPage.getByRole("heading", { level: 1 })).toBeVisible();
  await firstPage.reload();
  expect((await first.request.get(slug)).status()).toBe(200);

  // Another visitor, answered from the page the server kept.
  const second = await visitor(browser, baseURL, safari, `10.99.2.${suffix}`);
  expect((await keptAnswer(() => second.request.get(slug))).status()).toBe(200);

  // A crawler, and a page that is not there, count for nothing.
  const crawler = await visitor(browser, baseURL, googlebot, `10.99.3.${suffix}`);
  expect((await crawler.request.get(slug)).status()).toBe(200);
  expect((await second.request.get(`${slug}-no-such-listing`)).status()).toBe(404);

  // Views are written every few seconds, not while the page is answered.
  await expect.poll(total, { timeout: 20_000, intervals: [1_000] }).toBe(before + 2);
  // And nothing more arrives in the next batch.
  await page.waitForTimeout(6_000);
  expect(await total()).toBe(before + 2);

  for (const context of [first, second, crawler]) await context.close();
  // Off the market again, so that /buy's counts in later tests are as they were.
  await page.getByLabel("Reason for withdrawing").fill("Only a test's listing.");
  await page.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(toasts(page)).toContainText("Withdraw: done");
});

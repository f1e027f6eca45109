import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, hydrated, test } from "./fixtures";
import { fillSellSteps } from "./sell-form";

const listing = {
  "Business Name": "Valley Bakery",
  Location: "Pontypool",
  "Asking Price (£)": "38000",
  "Turnover (£)": "95000",
  Description: "A bakery on the high street.",
  "Contact Name": "Hana Malik",
  "Contact Email": "hana@example.com",
  "Contact Phone": "01632 960 044",
};

/** A PNG of noise: it hardly compresses, so it takes a while to send on a slow line. */
const noisyPng = (side: number) =>
  sharp(crypto.randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();

async function fillListing(page: Page) {
  await fillSellSteps(page, listing);
  await page.getByLabel("Photos (optional)", { exact: true }).setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: await noisyPng(360) },
    { name: "counter.png", mimeType: "image/png", buffer: await noisyPng(360) },
  ]);
}

test("photos on /sell show their upload's progress, then the spec's success", async ({ page }) => {
  await page.goto("/sell");
  await hydrated(page);
  await fillListing(page);
  // About 780 KB of photos at 256 KB/s: a few seconds of uploading.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 1024 * 1024,
    uploadThroughput: 256 * 1024,
  });
  // Every value the bar shows, noted on the page's own frames.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { seenProgress: seen });
    const note = () => {
      const bar = document.querySelector<HTMLProgressElement>("#sell-upload-progress");
      if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      requestAnimationFrame(note);
    };
    note();
  });
  await page.getByRole("button", { name: "Submit Listing" }).click();

  const bar = page.getByRole("progressbar", { name: /Uploading photos… \d+%/ });
  await expect(bar).toBeVisible();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Success!");
  await expect(bar).toHaveCount(0);

  const seen = await page.evaluate(() => (window as unknown as { seenProgress: number[] }).seenProgress);
  expect(seen.length).toBeGreaterThanOrEqual(3);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form with photos still posts and succeeds", async ({ page }) => {
    await page.goto("/sell");
    await fillListing(page);
    await page.getByRole("button", { name: "Submit Listing" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Success!");
    await expect(page.getByRole("progressbar")).toHaveCount(0);
  });
});

// A toast flashed by an action before a redirect is shown on the next page,
// with and without JavaScript. The cookie is made the way an action makes it,
// signed with the e2e server's own secret.
import { expect, test, type BrowserContext } from "@playwright/test";
import { e2eServer, hydrated } from "./fixtures";

async function flash(context: BrowserContext, baseURL: string, title: string, description: string) {
  // As the server runs: production (a __Host- cookie) on the e2e data folder.
  Object.assign(process.env, { DATA_DIR: e2eServer().dataDir, NODE_ENV: "production" });
  const { createToastHeaders } = await import("../../app/server/toast.server");
  const headers = await createToastHeaders({ type: "success", title, description });
  const [pair] = headers.get("set-cookie")!.split(";");
  const [name, value] = pair!.split("=");
  expect(name).toBe("__Host-hbs_toast");
  // Chromium counts localhost as secure, so it sends this cookie over http too.
  await context.addCookies([{ name: name!, value: value!, url: baseURL!.replace(/^http:/, "https:") }]);
}

test("with JavaScript the toast pops up once", async ({ page, context, baseURL }) => {
  await page.goto("/");
  await flash(context, baseURL!, "Your profile has been updated", "Saved just now.");
  await page.goto("/about");
  await expect(page.getByText("Your profile has been updated")).toBeVisible();
  await expect(page.getByText("Saved just now.")).toBeVisible();

  // Once: the next page's answer no longer carries it, so nothing is there to pop up.
  await page.goto("/contact");
  await hydrated(page);
  expect(await page.content()).not.toContain("Your profile has been updated");
  await expect(page.getByText("Your profile has been updated")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toast is a status message on the page", async ({ page, context, baseURL }) => {
    await page.goto("/");
    await flash(context, baseURL!, "Message Sent!", "Thank you for contacting us.");
    await page.goto("/contact");
    await expect(page.getByRole("status")).toContainText("Message Sent! Thank you for contacting us.");
  });
});

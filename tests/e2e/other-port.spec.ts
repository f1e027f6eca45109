// Another port just works: with SITE_URL unset the site's address follows the
// port the server listens on, so its own forms are not refused as cross-site.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnServer } from "../helpers/server-process";
import { expect, hydrated, test } from "./fixtures";

test("with SITE_URL unset, a server on a port of the system's choosing takes its own forms", async ({ browser }) => {
  test.slow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-port-"));
  // PORT=0, the hardest case: the port is known only once the server starts.
  const server = spawnServer({ PORT: "0", SITE_URL: "", DATA_DIR: dataDir });
  const context = await browser.newContext();
  try {
    let site = "";
    // A new folder is migrated and seeded first: with two runs at once, over 150 s.
    await expect
      .poll(() => (site = /serving on (http:\/\/localhost:\d+)/.exec(server.output())?.[1] ?? ""), { timeout: 300_000 })
      .not.toBe("");
    const page = await context.newPage();

    // The contact form, as a browser sends it.
    await page.goto(`${site}/contact`);
    await hydrated(page);
    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByLabel("Name", { exact: true }).fill("Idris Patel");
    await form.getByLabel("Email", { exact: true }).fill("idris@example.com");
    await form.getByLabel("Subject", { exact: true }).fill("Another port");
    await form.getByLabel("Message", { exact: true }).fill("Sent to a server on a port of its own.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Thank you for contacting us.")).toBeVisible();

    // Accounts too: Better Auth's address is the same one.
    const member = { email: "port@example.com", password: "Harbour-port-Lantern", fullName: "Port Member" };
    for (const intent of ["sign-up", "sign-in"]) {
      const response = await page.request.post(`${site}/auth`, {
        form: { intent, ...member },
        headers: { origin: site },
        maxRedirects: 0,
      });
      expect(response.status(), intent).toBe(302);
    }
    await page.goto(`${site}/my-account`);
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

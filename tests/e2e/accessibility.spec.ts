import { expect, test } from "@playwright/test";
import { finishAnimations, seriousViolations } from "./axe";
import { hydrated } from "./fixtures";
import { specRoutes } from "./routes";

const extraRoutes = [
  "/privacy",
  "/terms",
  "/review-policy",
  "/halal-evidence",
  "/halal-network-space/suggest",
  "/no-such-page",
  "/packages/growth-plan",
  "/buy/kebab-takeaway-cwmbran",
  // The halal and hours panels, out-of-date evidence, the filters and their notice (issue #17).
  "/halal-network-space/cwmbran-kebab-and-grill",
  "/halal-network-space/newport-peri-peri-house",
  "/halal-network-space?halal=fully&certified=yes&alcohol=none&open=now&certifier=nobody",
  // The evidence, service and prayer filters, sorted by evidence (decision 0091).
  "/halal-network-space?evidence=2&service=takeaway&prayer=yes&sort=evidence",
  // Near a postcode or town with its notices (decision 0034); the open map is scanned in near-and-map.spec.ts.
  "/halal-network-space?near=Newport&radius=7",
  "/buy?near=ZZ9%209ZZ",
];

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One page walks every route, so the browser's cache serves each script
    // once, not once a route; each route's violations are listed, not only the first.
    test("every page has no serious or critical violations", async ({ page }) => {
      test.slow();
      // Scanned with the cookie banner on screen too. The location prompt waits its turn behind
      // it (decision 0073); location-prompt.spec.ts scans the prompt at both widths.
      const found: Record<string, string[]> = {};
      for (const path of [...specRoutes.map((r) => r.path), ...extraRoutes]) {
        await page.goto(path);
        await hydrated(page);
        // The banner's second of delay finished rather than waited out (finishAnimations).
        const banner = page.getByRole("region", { name: "We value your privacy", includeHidden: true });
        await expect(banner).toBeAttached();
        await finishAnimations(page);
        await expect(banner).toBeVisible();
        const violations = await seriousViolations(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
    });

    test("the forms with their messages showing, and the open dialogs, have none either", async ({ page }) => {
      // The banner and the prompt were scanned above; here they would only cover the forms.
      await page.addInitScript(() => {
        localStorage.setItem("location-permission", "denied");
        localStorage.setItem("cookie-consent", "accepted");
      });
      // /sell's first step (decision 0069) has its own messages; the e-mail address is asked on its last.
      for (const [path, submit, message] of [
        ["/sell", "Continue", "Business name is required"],
        ["/contact", "Send Message", "Invalid email address"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("button", { name: submit }).click();
        await expect(page.getByText(message)).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      }
      await page.goto("/halal-network-space/cwmbran-kebab-and-grill");
      await page.getByText("Report a change").click();
      await page.getByRole("button", { name: "Send report" }).click();
      await expect(page.getByText("Invalid email address")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/services");
      await hydrated(page);
      await page.getByRole("button", { name: "Get started with GROWTH PLAN" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("dialog").getByText("Invalid email address")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto("/buy");
      await hydrated(page);
      await page.getByRole("button", { name: "Register Interest" }).first().click();
      await page.getByRole("dialog").getByRole("button", { name: "Register Interest" }).click();
      await expect(page.getByRole("dialog").getByText("Invalid email address")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

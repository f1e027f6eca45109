import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { specRoutes } from "./routes";

const extraRoutes = ["/privacy", "/terms", "/no-such-page"];

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of [...specRoutes.map((r) => r.path), ...extraRoutes]) {
      test(`${path} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        // Scan with the cookie banner and location prompt on screen too.
        await expect(page.getByRole("region", { name: "We value your privacy" })).toBeVisible({ timeout: 3000 });
        await expect(page.getByRole("region", { name: "Show businesses near you?" })).toBeVisible({ timeout: 4000 });
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect(serious).toEqual([]);
      });
    }
  });
}

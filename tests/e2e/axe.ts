// The accessibility scans the specs use: axe on the page as it stands, and
// (seriousViolations) its WCAG 2.1 A and AA rules' violations that matter most.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Brings every animation and transition that ends to its end, as the visitor
 * reads the page once they have: a toast still fading in fails colour
 * contrast for the part of a second it is faint, and the cookie banner
 * appears after a second's delay. Finished, not waited for: the clock moved,
 * as for the product's timers. Endless ones (a spinner) are left running.
 */
export async function finishAnimations(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/**
 * axe on the page as it stands, in legacy mode: axe runs in the page itself.
 * Otherwise each scan opens a blank page to gather the frames' results, which
 * took most of a scan's 1.5 s; our pages have no frames from another origin,
 * the one thing legacy mode leaves out.
 */
export async function axeOn(page: Page) {
  await finishAnimations(page);
  return new AxeBuilder({ page }).setLegacyMode();
}

export async function seriousViolations(page: Page) {
  const results = await (await axeOn(page)).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

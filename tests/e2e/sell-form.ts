// /sell in steps (decision 0069), as a seller goes through it, for the specs
// that post a listing through the page.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The step of /sell on screen, by its heading ("Step 2 of 3: Figures"). */
export const sellStep = (page: Page, number: number) =>
  page.getByRole("group", { name: new RegExp(`^Step ${number} of 3:`) });

/** Fills one step with the fields of `values` it has (by label), and the category on step 1; returns the labels it did not have. */
export async function fillSellStep(
  page: Page,
  number: number,
  values: Record<string, string>,
  category = "Food & Beverage",
): Promise<string[]> {
  const step = sellStep(page, number);
  await expect(step).toBeVisible();
  if (number === 1) await step.getByLabel("Category", { exact: true }).selectOption({ label: category });
  const left: string[] = [];
  for (const [label, value] of Object.entries(values)) {
    const field = step.getByLabel(label, { exact: true });
    if ((await field.count()) === 0) left.push(label);
    else await field.fill(value);
  }
  return left;
}

/**
 * Fills each step with the fields of `values` it has (by label) and the
 * category, pressing Continue between them, up to the last step (photos and
 * contact), which it fills but does not send.
 */
export async function fillSellSteps(page: Page, values: Record<string, string>, category = "Food & Beverage") {
  let left = values;
  for (let number = 1; number <= 3; number++) {
    const missing = await fillSellStep(page, number, left, category);
    left = Object.fromEntries(missing.map((label) => [label, values[label]!]));
    if (number < 3) await page.getByRole("button", { name: "Continue" }).click();
  }
  expect(Object.keys(left), "fields /sell does not have").toEqual([]);
}

/** Takes /sell to its last step with a plausible business and figures, where the listing is sent from. */
export const reachLastSellStep = (page: Page) =>
  fillSellSteps(page, {
    "Business Name": "Sample Grill",
    Location: "Leeds",
    Description: "A sample business.",
    "Asking Price (£)": "250000",
    "Turnover (£)": "250000",
  });

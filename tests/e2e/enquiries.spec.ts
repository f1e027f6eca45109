import type { Locator, Page } from "@playwright/test";
import type { readMail } from "../helpers/smtp-peer";
import { expect, hydrated, sentMail, test, toasts } from "./fixtures";
import { fillSellSteps, sellStep } from "./sell-form";

const kebabTitle = "Established Kebab Takeaway in Cwmbran";
const kebabCard = (page: Page) => page.getByRole("article").filter({ hasText: kebabTitle });

/** Fills fields by label, within `scope`. */
async function fill(scope: Locator | Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/** Holds the form posts to `path` until the test lets them go, so the submitting state can be seen. */
async function holdPosts(page: Page, path: string) {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(`**${path}.data*`, async (route) => {
    await released;
    await route.continue();
  });
  return letGo;
}

/** Mail the outbox sent about `text`, decoded: the team's notification and the receipt. */
async function mailAbout(text: string) {
  let found: ReturnType<typeof readMail>[] = [];
  await expect
    .poll(() => {
      found = sentMail().filter((mail) => mail.body.includes(text));
      return found.length;
    })
    .toBe(2);
  return found;
}

/**
 * Notes, on the page's own clock, when `appear` first matches and when
 * `disappear` then stops matching, so that a busy machine cannot skew a timer.
 */
async function watchTimer(page: Page, appear: string, gone: string) {
  await page.evaluate(
    ([appearSelector, goneSelector]) => {
      const timeline: { shown?: number; hidden?: number } = {};
      (window as unknown as { timeline: typeof timeline }).timeline = timeline;
      new MutationObserver(() => {
        const now = performance.now();
        if (timeline.shown === undefined && document.querySelector(appearSelector!)) timeline.shown = now;
        if (timeline.shown !== undefined && timeline.hidden === undefined && !document.querySelector(goneSelector!)) {
          timeline.hidden = now;
        }
      }).observe(document.body, { childList: true, subtree: true });
    },
    [appear, gone],
  );
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { timeline: { hidden?: number } }).timeline.hidden), {
        timeout: 10_000,
      })
      .toBeDefined();
    const { shown, hidden } = await page.evaluate(
      () => (window as unknown as { timeline: { shown: number; hidden: number } }).timeline,
    );
    return hidden - shown;
  };
}

const listing = {
  "Business Name": "Corner Grill",
  Location: "Cardiff",
  "Asking Price (£)": "£45,000",
  "Turnover (£)": "120000",
  Description: "A busy grill near the station.",
  "Contact Name": "Yusuf Ali",
  "Contact Email": "yusuf@example.com",
  "Contact Phone": "01632 960 003",
};
test.describe("register interest in a listing", () => {
  test("shows the spec's messages under each field", async ({ page }) => {
    await page.goto("/buy");
    await hydrated(page);
    await kebabCard(page).getByRole("button", { name: "Register Interest" }).click();
    const dialog = page.getByRole("dialog", { name: "Register Interest" });
    await dialog.getByRole("button", { name: "Register Interest" }).click();
    await expect(dialog.getByText("Full name is required")).toBeVisible();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await expect(dialog.getByText("Contact number is required")).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");

    await fill(dialog, {
      "Full Name": "a".repeat(101),
      Email: `${"a".repeat(250)}@example.com`,
      "Contact Number": "0".repeat(21),
    });
    await expect(dialog.getByText("Full name must be less than 100 characters")).toBeVisible();
    await expect(dialog.getByText("Email must be less than 255 characters")).toBeVisible();
    await expect(dialog.getByText("Contact number must be less than 20 characters")).toBeVisible();
  });

  test("submits, shows success, closes itself after 3 s and opens empty again", async ({ page }) => {
    await page.goto("/buy");
    await hydrated(page);
    await kebabCard(page).getByRole("button", { name: "Register Interest" }).click();
    const dialog = page.getByRole("dialog", { name: "Register Interest" });
    await fill(dialog, {
      "Full Name": "  Maryam Said ",
      Email: "maryam@example.com",
      "Contact Number": "01632 960 010",
    });
    const letGo = await holdPosts(page, "/buy/kebab-takeaway-cwmbran");
    const elapsed = await watchTimer(page, '[role="dialog"] [role="status"]', '[role="dialog"]');
    await dialog.getByRole("button", { name: "Register Interest" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    // It cannot be closed while submitting.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();
    letGo();

    await expect(dialog.getByRole("status")).toContainText("Success!");
    await expect(toasts(page)).toContainText("Success!");
    await expect(toasts(page)).toContainText(
      "Your interest has been successfully sent. A member of the team will be in contact with you soon.",
    );
    await expect(dialog).toBeHidden({ timeout: 6000 });
    const shownFor = await elapsed();
    expect(shownFor).toBeGreaterThanOrEqual(2900);
    expect(shownFor).toBeLessThan(4500);

    await kebabCard(page).getByRole("button", { name: "Register Interest" }).click();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("");

    const [notification, receipt] = await mailAbout("maryam@example.com");
    expect([notification, receipt].map((mail) => mail!.header("To")).sort()).toEqual([
      "enquiries@hbs.example",
      "maryam@example.com",
    ]);
    expect(notification!.body + receipt!.body).toContain("Full name: Maryam Said");
  });

  test("closing resets the form; a failed post keeps it open with the error toast", async ({ page }) => {
    await page.goto("/buy");
    await hydrated(page);
    const open = () => kebabCard(page).getByRole("button", { name: "Register Interest" }).click();
    const dialog = page.getByRole("dialog", { name: "Register Interest" });
    await open();
    await fill(dialog, { "Full Name": "Idris" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await open();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("");

    await fill(dialog, {
      "Full Name": "Idris Bello",
      Email: "idris@example.com",
      "Contact Number": "01632 960 011",
    });
    await page.route("**/buy/kebab-takeaway-cwmbran.data*", (route) => route.abort());
    await dialog.getByRole("button", { name: "Register Interest" }).click();
    await expect(toasts(page)).toContainText("Error");
    await expect(toasts(page)).toContainText("Failed to submit your registration. Please try again.");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Idris Bello");
  });
});

test.describe("package interest", () => {
  test("'Get Started with {plan}' shows the spec's messages, then closes and clears on success", async ({ page }) => {
    await page.goto("/services");
    await hydrated(page);
    const open = () => page.getByRole("button", { name: "Get started with GROWTH PLAN" }).click();
    await open();
    const dialog = page.getByRole("dialog", {
      name: "Get Started with GROWTH PLAN",
    });
    await dialog.getByRole("button", { name: "Submit" }).click();
    for (const message of [
      "Full name is required",
      "Business name is required",
      "Business address is required",
      "Invalid email address",
      "Phone number is required",
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await fill(dialog, {
      "Full Name": "n".repeat(101),
      "Business Name": "b".repeat(101),
      "Business Address": "a".repeat(201),
      Email: `${"e".repeat(250)}@example.com`,
      Phone: "1".repeat(21),
    });
    for (const message of [
      "Name too long",
      "Business name too long",
      "Address too long",
      "Email too long",
      "Phone number too long",
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }

    await fill(dialog, {
      "Full Name": "Hamza Ali",
      "Business Name": "Ali's Grill",
      "Business Address": "2 Commercial Street, Newport",
      Email: "hamza@example.com",
      Phone: "01632 960 012",
    });
    const letGo = await holdPosts(page, "/packages/growth-plan");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    letGo();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText("Success!");
    await expect(toasts(page)).toContainText("Your submission has been received. Someone will be in contact ASAP.");

    await open();
    await expect(dialog.getByLabel("Full Name")).toHaveValue("");
    const mails = await mailAbout("hamza@example.com");
    expect(mails.some((mail) => mail.body.includes("Package: GROWTH PLAN"))).toBe(true);
  });

  test("opens from /promote too, and a failure shows the spec's error toast", async ({ page }) => {
    await page.goto("/promote");
    await hydrated(page);
    await page.getByRole("button", { name: "Get started with The Feature Package" }).click();
    const dialog = page.getByRole("dialog", {
      name: "Get Started with The Feature Package",
    });
    await fill(dialog, {
      "Full Name": "Hamza Ali",
      "Business Name": "Ali's Grill",
      "Business Address": "2 Commercial Street, Newport",
      Email: "hamza@example.com",
      Phone: "01632 960 012",
    });
    await page.route("**/packages/*.data*", (route) => route.abort());
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(toasts(page)).toContainText("Failed to submit your request. Please try again.");
    await expect(dialog).toBeVisible();
  });
});

test.describe("contact", () => {
  test("shows the messages, sends, toasts and clears", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByRole("button", { name: "Send Message" }).click();
    for (const message of ["Name is required", "Invalid email address", "Subject is required", "Message is required"]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await fill(form, {
      Name: "Layla Hassan",
      Email: "layla@example.com",
      Subject: "Selling my café",
      Message: "Hello,\nCan you call me?",
    });
    const letGo = await holdPosts(page, "/contact");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    letGo();
    await expect(toasts(page)).toContainText("Message Sent!");
    await expect(toasts(page)).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
    await expect(form.getByRole("textbox", { name: "Message" })).toHaveValue("");

    const mails = await mailAbout("layla@example.com");
    expect(mails.some((mail) => mail.body.includes("Message:\nHello,\nCan you call me?"))).toBe(true);
  });

  test("a failure shows the spec's toast and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    const form = page.getByRole("region", { name: "Send us a message" });
    await fill(form, {
      Name: "Layla",
      Email: "layla@example.com",
      Subject: "Hi",
      Message: "Hello",
    });
    await page.route("**/contact.data*", (route) => route.abort());
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(toasts(page)).toContainText("Failed to send message. Please try again.");
    await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("Hi");
  });
});

test.describe("sell your business", () => {
  test("requires every field and numeric prices, each step's messages with it", async ({ page }) => {
    await page.goto("/sell");
    await hydrated(page);
    const cont = page.getByRole("button", { name: "Continue" });
    await cont.click();
    for (const message of [
      "Business name is required",
      "Please choose a category",
      "Location is required",
      "Description is required",
    ]) {
      await expect(sellStep(page, 1).getByText(message, { exact: true })).toBeVisible();
    }
    await fill(page, { "Business Name": "Corner Grill", Location: "Cardiff", Description: "A grill." });
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Food & Beverage" });
    await cont.click();
    await sellStep(page, 2).waitFor();
    await cont.click();
    for (const message of ["Asking price is required", "Turnover is required"]) {
      await expect(sellStep(page, 2).getByText(message, { exact: true })).toBeVisible();
    }
    await fill(page, {
      "Asking Price (£)": "lots",
      "Turnover (£)": "1e6",
    });
    await expect(page.getByText("Asking price must be a number")).toBeVisible();
    await expect(page.getByText("Turnover must be a number")).toBeVisible();
    await fill(page, { "Asking Price (£)": "45000", "Turnover (£)": "120000" });
    await cont.click();
    await page.getByRole("button", { name: "Submit Listing" }).click();
    for (const message of ["Contact name is required", "Invalid email address", "Contact phone is required"]) {
      await expect(sellStep(page, 3).getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel("Contact Phone", { exact: true })).toHaveAttribute("type", "tel");
    await expect(page.getByLabel("Contact Email", { exact: true })).toHaveAttribute("type", "email");
  });

  test("lists the categories with their labels, takes photos, and shows 'Success!' for 5 s", async ({ page }) => {
    await page.goto("/sell");
    await hydrated(page);
    const categories = await page.getByLabel("Category", { exact: true }).locator("option").allTextContents();
    expect(categories).toEqual([
      "Select a category",
      "Food & Beverage",
      "Retail",
      "E-commerce",
      "Distribution",
      "Services",
      "Other",
    ]);
    await fillSellSteps(page, listing);
    await page.getByLabel("Photos (optional)", { exact: true }).setInputFiles([
      { name: "front.png", mimeType: "image/png", buffer: TINY_PNG },
      {
        name: "notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("not a photo"),
      },
    ]);
    await page.getByRole("button", { name: "Submit Listing" }).click();
    await expect(page.getByText("Photos must be JPEG, PNG or WebP images")).toBeVisible();
    await page
      .getByLabel("Photos (optional)", { exact: true })
      .setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: TINY_PNG }]);

    const letGo = await holdPosts(page, "/sell");
    const elapsed = await watchTimer(page, "main [role='status']", "main [role='status']");
    await page.getByRole("button", { name: "Submit Listing" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    letGo();
    const success = page.getByRole("main").getByRole("status");
    await expect(success).toContainText("Success!");
    await expect(page.getByRole("button", { name: "Submit Listing" })).toHaveCount(0);
    // The empty form returns at its first step.
    await expect(page.getByRole("button", { name: "Continue" })).toBeVisible({ timeout: 8000 });
    const shownFor = await elapsed();
    expect(shownFor).toBeGreaterThanOrEqual(4900);
    expect(shownFor).toBeLessThan(6500);
    await expect(page.getByLabel("Business Name", { exact: true })).toHaveValue("");

    const mails = await mailAbout("yusuf@example.com");
    expect(mails.some((mail) => mail.body.includes("Photos: 1 photo, in the back office"))).toBe(true);
    expect(mails.some((mail) => mail.body.includes("Asking price: £45,000"))).toBe(true);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the listing page's form shows the messages and its success", async ({ page }) => {
    await page.goto("/buy/kebab-takeaway-cwmbran");
    const section = page.locator("#register-interest");
    await section.getByRole("button", { name: "Register Interest" }).click();
    await expect(section.getByText("Full name is required")).toBeVisible();
    await expect(section.getByText("Contact number is required")).toBeVisible();
    await fill(section, {
      "Full Name": "Bilal Khan",
      Email: "not-an-email",
      "Contact Number": "01632 960 020",
    });
    await section.getByRole("button", { name: "Register Interest" }).click();
    await expect(section.getByText("Invalid email address")).toBeVisible();
    await expect(section.getByLabel("Full Name")).toHaveValue("Bilal Khan");
    await fill(section, { Email: "bilal@example.com" });
    await section.getByRole("button", { name: "Register Interest" }).click();
    await expect(section.getByRole("status")).toContainText(
      "Your interest has been successfully sent. A member of the team will be in contact with you soon.",
    );
  });

  test("the plan cards link to the package's own form, which posts and succeeds", async ({ page }) => {
    await page.goto("/promote");
    await page.getByRole("link", { name: "Get started with The Premier Package" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Started with The Premier Package");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Business address is required")).toBeVisible();
    await fill(page, {
      "Full Name": "Zainab Noor",
      "Business Name": "Noor Bakery",
      "Business Address": "3 Market Street, Cwmbran",
      Email: "zainab@example.com",
      Phone: "01632 960 021",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Your submission has been received. Someone will be in contact ASAP.",
    );
  });

  test("contact and sell post, show their messages and their success", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await fill(page, {
      Name: "Musa",
      Email: "musa@example.com",
      Subject: "Hello",
      Message: "A question",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toContainText(
      "Message Sent! Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");

    // /sell in steps: a price that is not one is refused on its own step, the first step's values kept.
    await page.goto("/sell");
    await fill(page, { "Business Name": "Corner Grill", Location: "Cardiff", Description: listing.Description });
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Retail" });
    await page.getByRole("button", { name: "Continue" }).click();
    await fill(page, { "Asking Price (£)": "lots", "Turnover (£)": "120000" });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Asking price must be a number")).toBeVisible();
    await expect(page.getByLabel("Business Name", { exact: true })).toHaveValue("Corner Grill");
    await fill(page, { "Asking Price (£)": "30000" });
    await page.getByRole("button", { name: "Continue" }).click();
    await fill(page, {
      "Contact Name": "Musa Ibrahim",
      "Contact Email": "musa@example.com",
      "Contact Phone": "01632 960 022",
    });
    await page
      .getByLabel("Photos (optional)", { exact: true })
      .setInputFiles([{ name: "front.png", mimeType: "image/png", buffer: TINY_PNG }]);
    await page.getByRole("button", { name: "Submit Listing" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Success!");
    await expect(page.getByRole("link", { name: "List another business" })).toHaveAttribute("href", "/sell");
  });
});

// A 1×1 PNG.
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC",
  "base64",
);

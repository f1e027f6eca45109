// Hostile text in every field of every form, and in every parameter of the
// lists: SQL, HTML, script and header injection. Whatever comes back is never
// a server error, never the markup itself, and never a header we did not set;
// what is stored is shown as text wherever staff and members read it.
import type { APIResponse, Page } from "@playwright/test";
import { seedBusinesses } from "../../../db/seed/data";
import { addBusinessFor } from "../directory-admin";
import { expect, sellFormFields, test, verifyEmail, type Member } from "../fixtures";

const PAYLOADS = [
  `'; DROP TABLE enquiry; -- " OR "1"="1`,
  `"><img src=x data-hbs-injected onerror="window.hbsInjected=1">`,
  `</textarea><script>window.hbsInjected=1</script>`,
  `/x\r\nX-Hbs-Injected: 1`,
];
/** Seen in a response only if markup got through unescaped. */
const RAW_MARKUP = ["<img src=x data-hbs-injected", "<script>window.hbsInjected"];

interface FoundField {
  name: string;
  type: string;
  value: string;
  checked: boolean;
  /** The first real choice of a select. */
  firstOption: string;
  /** Hidden from people (a spam trap): left empty. */
  trap: boolean;
  inputMode: string;
  /** Marked required (aria-required, as our fields are, or the attribute). */
  required: boolean;
}
interface FoundForm {
  action: string;
  method: string;
  multipart: boolean;
  fields: FoundField[];
  /** The named submit buttons: each is a different thing the form does. */
  submitters: { name: string; value: string }[];
}

/** The forms of the page as the server rendered them. */
function formsOf(page: Page): Promise<FoundForm[]> {
  return page.evaluate(() =>
    [...document.forms].map((form) => {
      const controls = [...form.elements] as (HTMLInputElement & HTMLSelectElement)[];
      const url = new URL(form.getAttribute("action") ?? location.href, location.href);
      return {
        action: url.pathname + url.search,
        method: form.method.toLowerCase(),
        multipart: form.enctype === "multipart/form-data",
        fields: controls
          .filter((c) => c.name && !["submit", "button", "file"].includes(c.type))
          .map((c) => ({
            name: c.name,
            type: c.type,
            value: c.value,
            checked: c.checked,
            firstOption: c.tagName === "SELECT" ? ([...c.options].find((o) => o.value)?.value ?? "") : "",
            trap: c.tabIndex === -1 && c.closest("[aria-hidden=true]") !== null,
            inputMode: c.inputMode,
            required: c.required || c.getAttribute("aria-required") === "true",
          })),
        submitters: controls
          .filter((c) => c.name && c.tagName === "BUTTON")
          .map((c) => ({ name: c.name, value: c.value })),
      };
    }),
  );
}

/** What a person would type, by the field's type, so that one hostile field is all that is wrong. */
function plausible(field: FoundField, marker: string): string | null {
  if (field.trap) return "";
  if (field.inputMode === "decimal" || field.inputMode === "numeric") {
    // An optional figure (a listing's key facts: years, staff, rent…) is left out, as sellers
    // often do; each has its own range, and any one hostile field must be all that is wrong.
    return field.required ? "250000" : "";
  }
  switch (field.type) {
    case "email":
      return `${marker}@example.com`;
    case "tel":
      return "07700 900123";
    case "number":
      return "250000";
    case "date":
      return "2026-12-01";
    case "url":
      return "https://example.com/";
    case "password":
      return "Quiet-Harbour-19";
    case "select-one":
      return field.firstOption;
    case "checkbox":
      // Left unticked: a ticked "Published" would put test data in public lists other tests count.
      return null;
    case "radio":
      return field.checked ? field.value : null;
    case "hidden":
      return field.value;
    default:
      return `Sample ${marker}`;
  }
}

/**
 * The bodies to send: a plausible form with one typed field hostile at a time
 * (so the action gets as far as storing it), then every field but the intent
 * hostile at once (so ids, choices and hidden values are attacked too).
 */
function bodies(form: FoundForm, payload: string, marker: string): FormData[] {
  const submitters = form.submitters.length ? form.submitters : [null];
  const typed = form.fields.filter((f) => !f.trap && !["hidden", "select-one", "checkbox", "radio"].includes(f.type));
  const variants: ((field: FoundField) => string | null)[] = [
    ...typed.map((target) => (field: FoundField) => (field === target ? payload : plausible(field, marker))),
    (field) => (field.name === "intent" ? field.value : payload),
  ];
  return variants.flatMap((valueOf) =>
    submitters.map((submitter) => {
      const body = new FormData();
      for (const field of form.fields) {
        const value = valueOf(field);
        if (value !== null) body.append(field.name, value);
      }
      if (submitter) body.append(submitter.name, submitter.value);
      return body;
    }),
  );
}

async function expectHarmless(response: APIResponse, what: string) {
  expect(response.status(), `${what} answered ${response.status()}`).toBeLessThan(500);
  expect(response.headers()["x-hbs-injected"], `${what} let a header through`).toBeUndefined();
  const text = await response.text();
  for (const markup of RAW_MARKUP) expect(text, `${what} reflected markup`).not.toContain(markup);
}

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join(".")}`;

/**
 * Posts every hostile body to every form on each page; returns how many posts
 * were made. Each post comes from its own address, so the forms' per-visitor
 * rate limits let every one reach the action.
 */
async function attackForms(page: Page, paths: string[], { marker = "sample", skipIntents = [] as string[] } = {}) {
  let posts = 0;
  for (const path of paths) {
    await page.goto(path);
    const forms = (await formsOf(page)).filter(
      (f) =>
        f.method === "post" &&
        f.action !== "/logout" &&
        !f.fields
          .concat(f.submitters.map((b) => ({ ...b, type: "submit" }) as FoundField))
          .some((field) => field.name === "intent" && skipIntents.includes(field.value)),
    );
    for (const form of forms) {
      for (const payload of PAYLOADS) {
        for (const body of bodies(form, payload, marker)) {
          const response = await page.request.post(form.action, {
            ...(form.multipart ? { multipart: body } : { form: body }),
            headers: { "x-forwarded-for": randomIp() },
            maxRedirects: 0,
          });
          await expectHarmless(response, `POST ${form.action} (from ${path})`);
          posts++;
        }
      }
    }
  }
  return posts;
}

/** Sets each parameter of each list's search form, and its page and sort, to each hostile value in turn. */
async function attackLists(page: Page, paths: string[]) {
  let gets = 0;
  for (const path of paths) {
    await page.goto(path);
    // The search form's fields, and whatever the page's own links filter by (tabs, pages, sorts).
    const names = new Set(["page", "sort"]);
    for (const form of await formsOf(page)) {
      if (form.method === "get") for (const field of form.fields) names.add(field.name);
    }
    const hrefs = await page
      .locator("main a[href*='?']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    for (const href of hrefs) for (const name of new URL(href, "http://x").searchParams.keys()) names.add(name);
    for (const name of names) {
      for (const payload of PAYLOADS) {
        const url = `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ [name]: payload })}`;
        await expectHarmless(await page.request.get(url, { maxRedirects: 0 }), `GET ${url}`);
        gets++;
      }
    }
  }
  return gets;
}

/** No injected element, and no injected script ran, on the page as a browser shows it. */
async function expectShownAsText(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-hbs-injected]"), `markup on ${path}`).toHaveCount(0);
  expect(await page.evaluate(() => "hbsInjected" in window), `script ran on ${path}`).toBe(false);
}

/** The first link under `prefix` in the page as the server sent it (scripts may turn links into buttons). */
async function firstLink(page: Page, path: string, prefix: string) {
  const html = await (await page.request.get(path)).text();
  const href = new RegExp(`href="(${prefix}[^"?#]+)"`).exec(html)?.[1];
  expect(href, `a link to ${prefix}… on ${path}`).toBeTruthy();
  return href!;
}

test.describe.configure({ timeout: 180_000 });

test("a visitor's forms refuse or store hostile text, and never fail or echo it", async ({ page }) => {
  const listing = await firstLink(page, "/buy", "/buy/");
  const business = await firstLink(page, "/halal-network-space", "/halal-network-space/");
  const pkg = await firstLink(page, "/promote", "/packages/");
  const paths = [
    "/contact",
    "/sell",
    pkg,
    listing,
    business,
    "/auth",
    "/auth?tab=sign-up",
    "/auth?tab=forgot-password",
    "/reset-password?token=made-up",
  ];
  expect(await attackForms(page, paths)).toBeGreaterThan(100);
});

test("the lists' query parameters are never a server error or an echo", async ({ page }) => {
  expect(await attackLists(page, ["/buy", "/halal-network-space", "/search?in=buy"])).toBeGreaterThan(20);
});

test("a member's forms, and what they stored shown back to them as text", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const listing = await firstLink(page, "/buy", "/buy/");
  const business = await firstLink(page, "/halal-network-space", "/halal-network-space/");
  // /buy's "Save this search" first, so that /my-searches has hostile searches' forms to attack.
  const paths = ["/contact", listing, business, "/my-account", "/buy?location=Leeds", "/my-searches"];
  expect(await attackForms(page, paths)).toBeGreaterThan(50);
  // Still signed in (no form signed them out), their hostile enquiries and searches listed as text.
  await page.goto("/my-queries");
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  await page.goto("/my-searches");
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/my-queries", "/my-account", "/saved-listings", "/my-favorites", "/my-searches"]) {
    await expectShownAsText(page, path);
  }
});

test("the buy forms refuse hostile choices of what to promote, and price nothing from the form (decision 0026)", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  const offered = await page.request.post("/sell", {
    multipart: sellFormFields(`Hostile Test Bakery ${Date.now()}`, { name: member.fullName, email: member.email }),
  });
  expect(offered.status()).toBe(200);
  expect(await attackForms(page, ["/packages/premier-package/buy", "/packages/growth-plan/buy"])).toBeGreaterThan(10);
  await expectShownAsText(page, "/my-subscriptions");
});

test("staff forms and lists, and every stored hostile value shown to staff as text", async ({
  page,
  browser,
  baseURL,
  visitorIp,
  signInAsNewAdmin,
}) => {
  // A member, listing submissions and an enquiry of this test's own, full of hostile text.
  const marker = `hostile${Date.now()}`;
  const visitor = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": visitorIp } });
  const visitorPage = await visitor.newPage();
  const member: Member = { email: `${marker}@example.com`, password: "Quiet-Harbour-19", fullName: PAYLOADS[1]! };
  await visitorPage.request.post("/auth", { form: { intent: "sign-up", ...member } });
  await attackForms(visitorPage, ["/sell"], { marker });
  await visitorPage.request.post("/contact", {
    form: { name: PAYLOADS[2]!, email: member.email, subject: PAYLOADS[1]!, message: `${marker} ${PAYLOADS[1]}` },
  });
  await visitor.close();

  await signInAsNewAdmin();
  const enquiry = await firstLink(page, `/admin/enquiries?q=${marker}`, "/admin/enquiries/");
  const user = await firstLink(page, `/admin/users?q=${marker}`, "/admin/users/");
  await page.goto("/admin/listings?status=pending");
  const listing = await page
    .getByRole("row")
    .filter({ hasText: marker })
    .getByRole("link")
    .first()
    .getAttribute("href");
  expect(listing).toBeTruthy();
  const lists = [
    "/admin/listings",
    "/admin/enquiries",
    "/admin/subscriptions",
    "/admin/users",
    "/admin/directory",
    "/admin/outbox",
    "/admin/audit",
  ];
  const details = [enquiry, user, listing!, "/admin/directory/new"];
  // Other tests count what /buy shows, so nothing here is put on public view.
  const posts = await attackForms(page, ["/admin", ...lists, ...details], {
    marker,
    skipIntents: ["approve", "feature", "republish"],
  });
  expect(posts).toBeGreaterThan(50);
  expect(await attackLists(page, lists)).toBeGreaterThan(50);

  await page.goto(enquiry);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/admin", ...lists, ...details]) await expectShownAsText(page, path);
});

test("a seller's dashboard and edit forms, and their hostile listing shown back as text", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  const sent = await page.request.post("/sell", {
    multipart: {
      businessName: `Hostile ${PAYLOADS[1]}`.slice(0, 99),
      category: "food",
      location: PAYLOADS[2]!.slice(0, 99),
      askingPrice: "50000",
      annualRevenue: "150000",
      description: PAYLOADS.join("\n"),
      contactName: member.fullName,
      contactEmail: member.email,
      contactPhone: "07700 900123",
    },
  });
  expect(sent.status()).toBe(200);
  const edit = await firstLink(page, "/my-listings", "/my-listings/");
  await expectShownAsText(page, "/my-listings");
  await expectShownAsText(page, edit);
  // The edit form first: the dashboard's forms include withdrawing, after which there is nothing to edit.
  expect(await attackForms(page, [edit, "/my-listings"])).toBeGreaterThan(20);
  await expectShownAsText(page, "/my-listings");
});

test("a member's message thread takes hostile text and shows it as text", async ({ page, signUpAndSignIn }) => {
  await signUpAndSignIn();
  const listing = await firstLink(page, "/buy", "/buy/");
  const interest = await page.request.post(listing, {
    form: { fullName: PAYLOADS[1]!.slice(0, 99), email: "hostile@example.com", contactNumber: "07700 900123" },
  });
  expect(interest.status()).toBe(200);
  const thread = await firstLink(page, "/messages", "/messages/");
  expect(await attackForms(page, [thread])).toBeGreaterThan(10);
  await page.goto(thread);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  for (const path of ["/messages", thread]) await expectShownAsText(page, path);
});

test("a claim's forms and an owner's edit forms take hostile text, shown back to owner and staff as text", async ({
  page,
  signUpAndSignIn,
  signInElsewhere,
  signInAsNewAdmin,
}) => {
  const member = await signUpAndSignIn();
  const owner = await signInElsewhere(member);
  await signInAsNewAdmin();
  // Not published: other tests count the directory.
  const id = await addBusinessFor(page.request, member.email, `Hostile Grill ${Date.now()}`);
  const claim = `/halal-network-space/${seedBusinesses[0]!.slug}/claim`;
  const edit = `/my-businesses/${id}/edit`;
  expect(await attackForms(owner, [claim, edit, "/my-businesses"])).toBeGreaterThan(20);
  for (const path of [claim, edit, "/my-businesses"]) await expectShownAsText(owner, path);
  for (const path of [`/admin/directory/${id}`, "/admin/claims"]) await expectShownAsText(page, path);
});

test("a member's review and anyone's report take hostile text and show it as text, to members and staff (decision 0035)", async ({
  page,
  signUpAndSignIn,
  signInAsNewAdmin,
}) => {
  const member = await signUpAndSignIn();
  await verifyEmail(page, member);
  const business = "/halal-network-space/cwmbran-family-dental-practice";
  expect(await attackForms(page, [`${business}/review`])).toBeGreaterThan(10);
  const marker = `hostile${Date.now()}`;
  for (const payload of PAYLOADS) {
    const response = await page.request.post(`${business}/review`, {
      form: { intent: "save", rating: "3", body: `${payload} ${marker} and enough words to be a review.` },
      maxRedirects: 0,
    });
    await expectHarmless(response, "POST the review form");
  }
  await page.goto(`${business}/review`);
  await expect(page.getByLabel("Your review")).toHaveValue(new RegExp(marker));
  for (const path of [`${business}/review`, business]) await expectShownAsText(page, path);

  // Staff read it (held: a new account), publish it, and anyone reports it with hostile reasons.
  await signInAsNewAdmin();
  await page.goto("/admin/reviews");
  const review = await page.getByRole("row").filter({ hasText: marker }).getByRole("link").first().getAttribute("href");
  expect(review).toMatch(/^\/admin\/reviews\/\d+$/);
  expect((await page.request.post(review!, { form: { intent: "publish" }, maxRedirects: 0 })).status()).toBe(302);
  const report = `${business}/reviews/${review!.split("/").pop()}/report`;
  expect(await attackForms(page, [report])).toBeGreaterThan(5);
  for (const path of ["/admin/reviews", review!, business, report]) await expectShownAsText(page, path);
  await page.goto(review!);
  await expect(page.getByRole("main")).toContainText("data-hbs-injected");
  // Last: staff's own forms on the review, which remove it with a hostile reason.
  expect(await attackForms(page, [review!])).toBeGreaterThan(5);
  await expectShownAsText(page, review!);
});

// The injection suite's tools: hostile payloads, every form on a page attacked
// with each, and the checks that what comes back is harmless and what is
// stored is shown as text. Shared by the specs of tests/e2e/security.
import type { APIResponse, Page } from "@playwright/test";
import { expect } from "../fixtures";

export const PAYLOADS = [
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

export async function expectHarmless(response: APIResponse, what: string) {
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
export async function attackForms(
  page: Page,
  paths: string[],
  {
    marker = "sample",
    skipIntents = [] as string[],
    reach,
  }: {
    marker?: string;
    skipIntents?: string[];
    /** Brings each page's form to where it is sent (a form in steps, such as /sell, to its last step). */
    reach?: (page: Page) => Promise<void>;
  } = {},
) {
  let posts = 0;
  for (const path of paths) {
    await page.goto(path);
    await reach?.(page);
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
export async function attackLists(page: Page, paths: string[]) {
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
export async function expectShownAsText(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("[data-hbs-injected]"), `markup on ${path}`).toHaveCount(0);
  expect(await page.evaluate(() => "hbsInjected" in window), `script ran on ${path}`).toBe(false);
}

/** The first link under `prefix` in the page as the server sent it (scripts may turn links into buttons). */
export async function firstLink(page: Page, path: string, prefix: string) {
  const html = await (await page.request.get(path)).text();
  const href = new RegExp(`href="(${prefix}[^"?#]+)"`).exec(html)?.[1];
  expect(href, `a link to ${prefix}… on ${path}`).toBeTruthy();
  return href!;
}

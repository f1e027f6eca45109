// Nothing a browser (or curl) can post yields a 5xx: every route that takes a
// POST, found from app/routes.ts, is sent bodies it cannot use, and fields of
// characters it must not choke on — as a visitor, a member and staff — and must
// answer each with a 4xx, a page or a redirect.
import type { APIRequestContext } from "@playwright/test";
import { seedBusinesses, seedListings, seedPackages } from "../../db/seed/data";
import { expect, test } from "./fixtures";
import { fillPattern, postPatterns } from "./post-routes";

const boundary = "----hbs-fuzz";
const part = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

const malformedBodies: { name: string; contentType?: string; data?: string | Buffer }[] = [
  { name: "text/plain", contentType: "text/plain", data: "choice=accepted&intent=sign-in" },
  { name: "invalid JSON", contentType: "application/json", data: '{"choice": "accepted", "response": {' },
  {
    name: "JSON",
    contentType: "application/json",
    data: JSON.stringify({ choice: "accepted", intent: "sign-in", email: "a@example.com", response: { id: 1 } }),
  },
  // Cut off mid-field: no closing boundary.
  {
    name: "truncated multipart",
    contentType: `multipart/form-data; boundary=${boundary}`,
    data: `${part("intent", "sign-in")}--${boundary}\r\nContent-Disposition: form-data; name="choice"\r\n\r\nacc`,
  },
  {
    name: "multipart without a boundary",
    contentType: "multipart/form-data",
    data: `${part("choice", "accepted")}--${boundary}--\r\n`,
  },
  {
    name: "urlencoded garbage",
    contentType: "application/x-www-form-urlencoded",
    data: Buffer.concat([Buffer.from("%E0%A4%A&=%%&choice&&intent=%00&"), Buffer.from([0xff, 0xfe, 0x3d, 0xc3])]),
  },
  {
    name: "a huge field",
    contentType: "application/x-www-form-urlencoded",
    data: `choice=accepted&intent=sign-in&message=${"a".repeat(1024 * 1024)}`,
  },
  { name: "an empty body" },
  {
    // Every usual field, and each intent a form sends, with control, non-Latin-1 and direction-override characters.
    name: "hostile characters in every field",
    contentType: "application/x-www-form-urlencoded",
    data: new URLSearchParams(
      [
        "intent",
        "email",
        "password",
        "currentPassword",
        "newPassword",
        "fullName",
        "name",
        "phone",
        "message",
        "subject",
        "reason",
        "body",
        "redirectTo",
        "choice",
        "businessName",
        "description",
        "location",
        "code",
        "token",
        "id",
        "listingId",
        "rating",
        "title",
        "askingPrice",
        "near",
        "search",
      ].map((field) => [field, "\u0000\u202e😀\r\n\u3002evil\u00ff/\\x"]),
    ).toString(),
  },
];

// What each parameter is filled with: real rows of the sample data, and
// Better Auth's endpoints, those routes/api-auth.ts opens to browsers and some it keeps closed.
const publicValues: Record<string, string[]> = {
  "/halal-network-space/:slug": [seedBusinesses[0]!.slug],
  "/buy/:slug": [seedListings[0]!.slug],
  "/packages/:slug": [seedPackages[0]!.slug],
  // Not a real link: a real one is tested in tests/reliability/scheduler.test.ts.
  "/listing-check/:token": ["made-up-token"],
  // Forged; a real one is used in tests/e2e/saved-searches.spec.ts.
  "/alerts/unsubscribe/:token": ["1.made-up-signature"],
  "/api/auth/*": [
    "passkey/verify-registration",
    "passkey/verify-authentication",
    "sign-in/email",
    "sign-up/email",
    "two-factor/verify-totp",
  ],
};

const adminLists = {
  "/admin/listings/:id": "/admin/listings?status=published",
  "/admin/enquiries/:id": "/admin/enquiries",
  "/admin/users/:id": "/admin/users",
  "/admin/directory/:id": "/admin/directory",
};

/** A real id from each back-office list, read as staff; others are refused before any action, so any id will do. */
async function adminIds(request: APIRequestContext, staff: boolean) {
  const ids: Record<string, string[]> = {};
  for (const [pattern, list] of Object.entries(adminLists)) {
    const section = pattern.replace("/:id", "");
    // The first row's link; /admin/directory/new is a form, not a row.
    const row = new RegExp(`href="${section}/(?!new")([^"/]+)"`);
    const id = staff ? row.exec(await (await request.get(list)).text())?.[1] : "1";
    if (!id) throw new Error(`${list} listed nothing to post to`);
    ids[pattern] = [id];
  }
  return ids;
}

/** A listing of the signed-in member's own, so its edit form is reached past the ownership check. */
async function ownListingId(request: APIRequestContext) {
  const sent = await request.post("/sell", {
    multipart: {
      businessName: "Fuzz Grill",
      category: "food",
      location: "Leeds",
      askingPrice: "50000",
      annualRevenue: "100000",
      description: "A listing to post malformed edits to.",
      contactName: "Fuzz",
      contactEmail: "fuzz@example.com",
      contactPhone: "07700 900123",
    },
  });
  expect(sent.status()).toBe(200);
  return /\/my-listings\/(\d+)\/edit/.exec(await (await request.get("/my-listings")).text())![1]!;
}

for (const role of ["visitor", "member", "staff"] as const) {
  test(`no route answers a malformed POST with a 5xx, as a ${role}`, async ({
    page,
    baseURL,
    signUpAndSignIn,
    signInAsNewAdmin,
  }) => {
    test.slow();
    if (role === "member") await signUpAndSignIn();
    if (role === "staff") {
      await signInAsNewAdmin();
      // So that the enquiries list has one to post to.
      const contact = { name: "Fuzz", email: "fuzz@example.com", subject: "Fuzz", message: "A real enquiry." };
      expect((await page.request.post("/contact", { form: contact })).status()).toBe(200);
    }
    const values = {
      ...publicValues,
      ...(await adminIds(page.request, role === "staff")),
      "/my-listings/:id": [role === "member" ? await ownListingId(page.request) : "1"],
      // Nobody's: a member's own thread is posted to in tests/e2e/messages.spec.ts and the injection suite.
      "/messages/:id": ["1"],
      "/admin/messages/:id": ["1"],
      // Nobody's, and no claim: an owner's own are posted to in tests/e2e/security/injection.spec.ts.
      "/my-businesses/:id": ["1"],
      "/my-businesses/added/:id": ["1"],
      "/admin/claims/:id": ["1"],
      "/admin/submissions/:id": ["1"],
      // Reviews (decision 0035): a review id that may or may not exist; staff's forms refuse these bodies first.
      "/halal-network-space/:slug/reviews/:id": ["1"],
      "/admin/reviews/:id": ["1"],
      "/my-businesses/:id/reviews/:reviewId": ["1"],
    };
    const paths = postPatterns.flatMap((pattern) => fillPattern(pattern, values));
    expect(paths).toContain("/cookie-consent");

    const failures: string[] = [];
    const postAll = async (to: string[]) => {
      for (const path of to) {
        for (const { name, contentType, data } of malformedBodies) {
          const response = await page.request.post(path, {
            headers: { origin: baseURL!, ...(contentType ? { "content-type": contentType } : {}) },
            data,
            maxRedirects: 0,
          });
          if (response.status() >= 500) failures.push(`${name} to ${path}: ${response.status()}`);
        }
      }
    };
    // Logging out ends the session the other posts need: it goes last.
    await postAll(paths.filter((path) => path !== "/logout"));
    if (role !== "visitor") {
      // No malformed body signed anyone out on the way.
      const home = role === "staff" ? "/admin" : "/my-account";
      expect((await page.request.get(home, { maxRedirects: 0 })).status()).toBe(200);
    }
    await postAll(paths.filter((path) => path === "/logout"));
    expect(failures).toEqual([]);
  });
}

test("a body the cookie banner's endpoint cannot read is refused, and says why", async ({ page, baseURL }) => {
  // The issue's own request: curl -X POST -H 'Content-Type: text/plain' --data x /cookie-consent
  const response = await page.request.post("/cookie-consent", {
    headers: { origin: baseURL!, "content-type": "text/plain" },
    data: "x",
    maxRedirects: 0,
  });
  expect(response.status()).toBe(415);
  expect(await response.text()).toBe("Please send the form from our website.");
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("a member's unreadable post to the favourite and save toggles is refused and changes nothing", async ({
  page,
  baseURL,
  signUpAndSignIn,
}) => {
  await signUpAndSignIn();
  const toggles = [`/halal-network-space/${seedBusinesses[0]!.slug}/favourite`, `/buy/${seedListings[0]!.slug}/save`];
  for (const path of toggles) {
    const response = await page.request.post(path, {
      headers: { origin: baseURL!, "content-type": "text/plain" },
      data: "redirectTo=/",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(415);
  }
  await page.goto("/my-favorites");
  await expect(page.getByText(seedBusinesses[0]!.name)).toHaveCount(0);
  await page.goto("/saved-listings");
  await expect(page.getByText(seedListings[0]!.title)).toHaveCount(0);
});

// Every kind of response carries the security headers, scored with Mozilla
// HTTP Observatory's published rules (tests/helpers/observatory.ts): A+, that
// is 100 or more. The e2e server is the production build; TLS ends at the
// proxy in front of it, so each response is scored as served over https.
import type { APIResponse } from "@playwright/test";
import { CONSENT_KEY } from "../../../app/lib/consent";
import { LOCATION_COOKIE } from "../../../app/lib/user-location";
import { scoreResponse } from "../../helpers/observatory";
import { expect, hydrated, test } from "../fixtures";

async function score(path: string, response: APIResponse, extraCookies: string[] = []) {
  const setCookies = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  const result = scoreResponse({
    url: `https://hbs.example${path}`,
    headers: response.headers(),
    setCookies: [...setCookies, ...extraCookies],
    html: (response.headers()["content-type"] ?? "").includes("html") ? await response.text() : undefined,
  });
  const lost = result.tests.filter((t) => t.scoreModifier < 0).map((t) => `${t.name}: ${t.result}`);
  expect(
    result.score,
    `${path} scored ${result.score} (${result.grade}); lost on ${lost.join(", ")}`,
  ).toBeGreaterThanOrEqual(100);
  expect(result.grade).toBe("A+");
  return result;
}

test("pages, files, errors and refusals all score A+", async ({ page }) => {
  const html = await (await page.request.get("/buy")).text();
  const listing = /href="(\/buy\/[^"?]+)"/.exec(html)![1]!;
  const image = /src="(\/uploads\/[^"]+\.webp)"/.exec(html)![1]!;
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
  const paths = [
    "/",
    "/buy",
    listing,
    "/halal-network-space",
    "/auth",
    "/contact",
    "/no-such-page",
    "/admin",
    "/robots.txt",
    "/.well-known/security.txt",
    "/healthz",
    image,
    asset,
    "/uploads/seed/not-an-image.html",
  ];
  for (const path of paths) await score(path, await page.request.get(path, { maxRedirects: 0 }));
  // A refused cross-site post, and a refused search, too.
  await score(
    "/contact",
    await page.request.post("/contact", { form: {}, headers: { origin: "https://evil.example" } }),
  );
});

test("what each header says, as the issue sets it out", async ({ page }) => {
  const headers = (await page.request.get("/")).headers();
  const csp = Object.fromEntries(
    headers["content-security-policy"]!.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
  expect(csp["script-src"]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/=]{16,}'$/);
  expect(csp["object-src"]).toBe("'none'");
  expect(csp["base-uri"]).toBe("'none'");
  expect(csp["frame-ancestors"]).toBe("'none'");
  expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("geolocation=(self)");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  // A fresh nonce for every response.
  const again = (await page.request.get("/")).headers()["content-security-policy"];
  expect(again).not.toBe(headers["content-security-policy"]);
});

test("session, message and consent cookies are prefixed, Secure, HttpOnly and SameSite=Lax, and score A+", async ({
  page,
  signUpAndSignIn,
}) => {
  const member = await signUpAndSignIn();
  await page.context().clearCookies();
  const signIn = await page.request.post("/auth", {
    form: { intent: "sign-in", email: member.email, password: member.password },
    maxRedirects: 0,
  });
  const consent = await page.request.post("/cookie-consent", { form: { choice: "accepted" }, maxRedirects: 0 });
  const cookies = [...signIn.headersArray(), ...consent.headersArray()]
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value);
  const named = (name: string) => cookies.find((c) => c.startsWith(`${name}=`)) ?? "";
  for (const name of ["__Secure-hbs.session_token", "__Host-hbs_toast", "cookie-consent"]) {
    expect(named(name), name).toMatch(/; Secure/i);
    expect(named(name), name).toMatch(/; HttpOnly/i);
    expect(named(name), name).toMatch(/; SameSite=Lax/i);
  }
  const result = await score("/", await page.request.get("/"), cookies);
  expect(result.tests.find((t) => t.name === "cookies")?.result).toBe(
    "cookies-secure-with-httponly-sessions-and-samesite",
  );
});

test("pages ask nothing of other websites, so the consent and location choices go nowhere else", async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== new URL(baseURL!).origin) elsewhere.push(url.href);
  });
  await page.context().addCookies([
    { name: LOCATION_COOKIE, value: "51.588,-2.998", url: baseURL! },
    { name: CONSENT_KEY, value: "accepted", url: baseURL! },
  ]);
  for (const path of ["/", "/halal-network-space", "/buy", "/promote", "/contact"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(elsewhere).toEqual([]);
});

test("pages break none of their own Content-Security-Policy as they load and hydrate", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
  });
  for (const path of ["/", "/buy", "/halal-network-space", "/contact", "/sell", "/auth"]) {
    await page.goto(path);
    await hydrated(page);
    // The scripts loaded after hydration (the prompt, the banner's choices) have run too.
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual(
      [],
    );
  }
});

// Before any spec: the site's first admin (made by scripts/e2e.js) signs in to each server with the
// printed one-time password and replaces it, as a new site's owner must (decision 0065). Done here once,
// not by whichever worker comes first: replacing a password signs out its other sessions, so two
// workers replacing it at once each signed the other out after it had checked its own session.
import { expect, request, test } from "@playwright/test";
import { E2E_SERVERS, siteOwnerPassword } from "../../playwright.config";

for (const [name, { baseURL }] of Object.entries(E2E_SERVERS)) {
  test(`the site's owner replaces the one-time password on the ${name} server`, async () => {
    const { E2E_ADMIN_EMAIL: email, E2E_ADMIN_PASSWORD: oneTime } = process.env;
    if (!email || !oneTime) throw new Error("Run the browser tests with npm run test:e2e: it makes the first admin.");
    const owner = await request.newContext({ baseURL });
    const signIn = (password: string) =>
      owner.post("/auth", { form: { intent: "sign-in", email, password }, maxRedirects: 0 });
    expect((await signIn(oneTime)).status()).toBe(302);
    // Until it is replaced, the back office sends the owner to change it.
    expect((await owner.get("/admin", { maxRedirects: 0 })).headers().location).toMatch(/^\/my-account/);
    const changed = await owner.post("/my-account", {
      form: { intent: "change-password", currentPassword: oneTime, newPassword: siteOwnerPassword(oneTime) },
      maxRedirects: 0,
    });
    expect(changed.status()).toBe(302);
    expect((await owner.get("/admin", { maxRedirects: 0 })).status()).toBe(200);
    await owner.dispose();
  });
}

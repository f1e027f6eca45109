// The back office keeps everyone but staff out: every page, form, data
// request and private photo, checked from the route config itself.
import { adminPaths } from "../admin-paths";
import { expect, test } from "../fixtures";

test("every /admin page and form sends visitors to sign in and refuses members", async ({
  request,
  page,
  signUpAndSignIn,
}) => {
  expect(adminPaths.length).toBeGreaterThanOrEqual(10);
  for (const path of adminPaths) {
    for (const method of ["GET", "POST"] as const) {
      const visitor = await request.fetch(path, {
        method,
        form: method === "POST" ? { intent: "approve" } : undefined,
        maxRedirects: 0,
      });
      expect(visitor.status(), `${method} ${path} as a visitor`).toBe(302);
      expect(visitor.headers()["location"]).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
  }
  await signUpAndSignIn();
  for (const path of adminPaths) {
    const get = await page.request.get(path);
    expect(get.status(), `GET ${path} as a member`).toBe(403);
    const post = await page.request.post(path, { form: { intent: "approve", id: "1" }, maxRedirects: 0 });
    expect(post.status(), `POST ${path} as a member`).toBe(403);
    // React Router's data requests, as client-side navigation makes them.
    const data = await page.request.get(`${path}.data`);
    expect(data.status(), `GET ${path}.data as a member`).toBe(403);
  }
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
});

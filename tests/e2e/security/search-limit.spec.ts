// Free-text searches are limited per visitor (60 a minute), counted in the
// database; browsing without search text is not.
import { expect, test } from "../fixtures";

test("the 61st text search in a minute gets a 429 page; another visitor and plain browsing do not", async ({
  page,
}) => {
  // The page's own address (fixtures.ts), so other tests' searches are not counted with these.
  const request = page.request;
  for (let i = 0; i < 60; i++) {
    const path = i % 2 ? `/buy?search=cafe${i}` : `/halal-network-space?location=Newport&search=dental${i}`;
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const refused = await request.get("/buy?search=one-more");
  expect(refused.status()).toBe(429);

  await page.goto("/halal-network-space?search=dental");
  await expect(page.getByRole("heading", { level: 1, name: "Too many requests" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "You have searched too many times in a short while. Please wait a minute and try again.",
  );
  // Browsing by category alone is not a search.
  expect((await request.get("/halal-network-space?category=food")).status()).toBe(200);
  // Someone else is not held up.
  expect((await request.get("/buy?search=cafe", { headers: { "x-forwarded-for": "10.250.0.1" } })).status()).toBe(200);
});

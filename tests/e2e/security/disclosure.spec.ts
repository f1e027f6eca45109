// How to report a vulnerability, where researchers look for it (RFC 9116).
import { expect, test } from "../fixtures";

test("/.well-known/security.txt names a contact and expires within the year", async ({ request, baseURL }) => {
  const response = await request.get("/.well-known/security.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const fields = Object.fromEntries(
    (await response.text())
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
  );
  expect(fields.Contact).toBe("mailto:enquiries@hbs.example");
  expect(fields.Canonical).toBe(`${baseURL}/.well-known/security.txt`);
  const expires = Date.parse(fields.Expires!);
  expect(expires).toBeGreaterThan(Date.now());
  expect(expires).toBeLessThan(Date.now() + 365 * 24 * 60 * 60 * 1000);
});

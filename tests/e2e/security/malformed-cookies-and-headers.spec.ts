// Nothing a browser (or curl) can put in a cookie or a header yields a 5xx:
// every route of app/routes.ts is asked for with each cookie the product sets
// given values that are not valid percent-encoding, not Latin-1 or full of
// control characters, and with the headers it reads made likewise, as a
// visitor and as a member. Sent over a raw socket, so the bytes arrive exactly
// as written (an HTTP client would refuse to send most of them).
import net from "node:net";
import { seedBusinesses, seedListings, seedPackages } from "../../../db/seed/data";
import { CONSENT_KEY } from "../../../app/lib/consent";
import { expect, test } from "../fixtures";
import { fillPattern, routePatterns } from "../post-routes";

/** Values a cookie can hold that once broke a page: "%" made every page answer 500 (issue #45). */
const hostileValues = [
  "%",
  "%E0%A4%A",
  "%ZZ",
  "%00",
  '"unterminated',
  "a=b=c",
  Buffer.from([0xc3, 0x28, 0xff, 0xfe]).toString("latin1"),
  "\u00e9\u00ff",
  "x".repeat(4000),
];

/** The headers the product reads, each with values it cannot use. */
const hostileHeaders = (value: string) => ({
  "x-forwarded-for": `${value}, 10.0.0.1, ::ffff:zz`,
  "accept-encoding": `${value};q=x, br;q=2`,
  "accept-language": value,
  "user-agent": value,
  referer: `http://localhost/${value}`,
  origin: value,
  "if-none-match": `"${value}`,
  "if-modified-since": value,
  range: `bytes=${value}`,
});

/** Each route, its parameters filled with real rows of the sample data or made-up ones. */
const paths = routePatterns.flatMap((pattern) =>
  fillPattern(pattern, {
    // Any parameter: an id that may be a row, and one that is not even valid percent-encoding.
    ...Object.fromEntries(
      routePatterns
        .flatMap((p) => p.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/")))
        .filter((prefix) => /[:*][a-zA-Z]*$/.test(prefix))
        .map((prefix) => [prefix, ["1", "%"]]),
    ),
    "/halal-network-space/:slug": [seedBusinesses[0]!.slug, "%E0%A4%A"],
    "/buy/:slug": [seedListings[0]!.slug, "%ZZ"],
    "/packages/:slug": [seedPackages[0]!.slug],
    "/api/auth/*": ["get-session", "list-sessions"],
    "/sitemaps/:file": ["businesses-1.xml", "%"],
    "/*": ["no-such-page", "%E0%A4%A"],
  }),
);

/** Sends the request exactly as written and reads its status line. */
function rawGet(port: number, path: string, headers: Record<string, string>): Promise<number> {
  const request =
    `GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nConnection: close\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    "\r\n";
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(Buffer.from(request, "latin1")));
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error(`no answer to GET ${path}`)));
    socket.setTimeout(30_000, () => socket.destroy(new Error(`GET ${path} timed out`)));
  });
}

for (const role of ["visitor", "member"] as const) {
  test(`no route answers a malformed cookie or header with a 5xx, as a ${role}`, async ({
    page,
    baseURL,
    signUpAndSignIn,
  }) => {
    test.slow();
    if (role === "member") await signUpAndSignIn();
    // The cookies the product set in this browser (a member's session among them), and the ones it reads from the page.
    const own = (await page.context().cookies()).map((cookie) => ({ name: cookie.name, value: cookie.value }));
    const names = [
      ...new Set([...own.map((c) => c.name), CONSENT_KEY, "user-location", "hbs_toast", "__Host-hbs_toast"]),
    ];
    const port = Number(new URL(baseURL!).port);
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join(".")}`;
    const failures: string[] = [];
    for (const value of hostileValues) {
      // Every cookie but one kept as the product set it, so a member stays signed in while each is broken in turn.
      for (const broken of names) {
        const cookie = [...own.filter((c) => c.name !== broken), { name: broken, value }]
          .map((c) => `${c.name}=${c.value}`)
          .join("; ");
        const status = await rawGet(port, "/", { cookie, "x-forwarded-for": ip });
        if (status >= 500) failures.push(`cookie ${broken}=${JSON.stringify(value.slice(0, 20))} on /: ${status}`);
      }
    }
    const allBroken = names.map((name) => `${name}=%E0%A4%A`).join("; ");
    for (const path of paths) {
      for (const value of hostileValues.slice(0, 8)) {
        const status = await rawGet(port, path, { ...hostileHeaders(value), cookie: allBroken });
        if (status >= 500) failures.push(`headers ${JSON.stringify(value.slice(0, 20))} on ${path}: ${status}`);
      }
    }
    expect(paths.length).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });
}

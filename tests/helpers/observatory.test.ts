import { describe, expect, it } from "vitest";
import { OBSERVATORY_CORS_ORIGIN, scoreResponse, type ScannedResponse } from "./observatory";

const STRONG_CSP = [
  "default-src 'self'",
  "script-src 'self' 'nonce-abc'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
const SESSION = "__Secure-better-auth.session_token=abc.def; Path=/; HttpOnly; Secure; SameSite=Lax";
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/entry.js"></script></head></html>`;

function strong(): ScannedResponse {
  return {
    url: "https://hbs.example/",
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": STRONG_CSP,
      "strict-transport-security": "max-age=31536000; includeSubDomains",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-origin",
      "x-frame-options": "DENY",
    },
    setCookies: [SESSION],
    html: PAGE,
  };
}

/** The strong response with headers replaced (a string) or removed (undefined), and other fields overridden. */
function variant(headers: Record<string, string | undefined>, rest: Partial<ScannedResponse> = {}): ScannedResponse {
  const base = strong();
  const merged = Object.entries({ ...base.headers, ...headers });
  return {
    ...base,
    ...rest,
    headers: Object.fromEntries(merged.filter((e): e is [string, string] => e[1] !== undefined)),
  };
}
const csp = (from: string, to: string) => ({ "content-security-policy": STRONG_CSP.replace(from, to) });
const html = (body: string) => ({ html: `<!doctype html><html><body>${body}</body></html>` });
const outcome = (response: ScannedResponse, name: string) => {
  const { score, grade, tests } = scoreResponse(response);
  const test = tests.find((t) => t.name === name);
  return { result: test?.result, modifier: test?.scoreModifier, score, grade };
};

describe("scoreResponse", () => {
  it("grades the strong header set A+, with each test's result and charts.js modifier", () => {
    const { score, grade, tests } = scoreResponse(strong());
    expect(Object.fromEntries(tests.map((t) => [t.name, [t.result, t.scoreModifier]]))).toEqual({
      "content-security-policy": ["csp-implemented-with-unsafe-inline-in-style-src-only", 0],
      cookies: ["cookies-secure-with-httponly-sessions-and-samesite", 5],
      "cross-origin-embedder-policy": ["coep-not-implemented", 0],
      "cross-origin-opener-policy": ["coop-implemented-with-same-origin", 10],
      "cross-origin-resource-sharing": ["cross-origin-resource-sharing-not-implemented", 0],
      redirection: ["redirection-not-needed-no-http", 0],
      "referrer-policy": ["referrer-policy-private", 5],
      "strict-transport-security": ["hsts-implemented-max-age-at-least-six-months", 0],
      "subresource-integrity": ["sri-not-implemented-but-all-scripts-loaded-from-secure-origin", 0],
      "x-content-type-options": ["x-content-type-options-nosniff", 0],
      "x-frame-options": ["x-frame-options-implemented-via-csp", 5],
      "cross-origin-resource-policy": ["corp-implemented-with-same-origin", 10],
    });
    // 100 + cookies 5 + COOP 10 + referrer 5 + XFO 5 + CORP 10.
    expect(score).toBe(135);
    expect(grade).toBe("A+");
  });

  // Bonuses only count while 100 plus the penalties stays at 90 or more; the strong set carries 35 of them.
  it.each([
    [
      "no CSP",
      variant({ "content-security-policy": undefined }),
      "content-security-policy",
      "csp-not-implemented",
      -25,
      75,
      "B",
    ],
    [
      "script-src 'unsafe-inline' without a nonce",
      variant(csp("'nonce-abc'", "'unsafe-inline'")),
      "content-security-policy",
      "csp-implemented-with-unsafe-inline",
      -20,
      80,
      "B+",
    ],
    [
      "'unsafe-eval'",
      variant(csp("'nonce-abc'", "'nonce-abc' 'unsafe-eval'")),
      "content-security-policy",
      "csp-implemented-with-unsafe-eval",
      -10,
      125,
      "A+",
    ],
    [
      "no HSTS",
      variant({ "strict-transport-security": undefined }),
      "strict-transport-security",
      "hsts-not-implemented",
      -20,
      80,
      "B+",
    ],
    [
      "HSTS max-age of one day",
      variant({ "strict-transport-security": "max-age=86400; includeSubDomains" }),
      "strict-transport-security",
      "hsts-implemented-max-age-less-than-six-months",
      -10,
      125,
      "A+",
    ],
    [
      "a session cookie without Secure, under HSTS",
      variant({}, { setCookies: ["better-auth.session_token=a; Path=/; HttpOnly; SameSite=Lax"] }),
      "cookies",
      "cookies-session-without-secure-flag-but-protected-by-hsts",
      -10,
      120,
      "A+",
    ],
    [
      "a session cookie without Secure, no HSTS",
      variant(
        { "strict-transport-security": undefined },
        { setCookies: ["better-auth.session_token=a; Path=/; HttpOnly; SameSite=Lax"] },
      ),
      "cookies",
      "cookies-session-without-secure-flag",
      -40,
      40,
      "D+",
    ],
    [
      "a session cookie without HttpOnly",
      variant({}, { setCookies: [SESSION.replace("HttpOnly; ", "")] }),
      "cookies",
      "cookies-session-without-httponly-flag",
      -30,
      70,
      "B",
    ],
    [
      "a cookie with an invalid SameSite",
      variant({}, { setCookies: [`${SESSION}; SameSite=Sometimes`] }),
      "cookies",
      "cookies-samesite-flag-invalid",
      -20,
      80,
      "B+",
    ],
    [
      "no X-Frame-Options and no frame-ancestors",
      variant({ ...csp("; frame-ancestors 'none'", ""), "x-frame-options": undefined }),
      "x-frame-options",
      "x-frame-options-not-implemented",
      -20,
      80,
      "B+",
    ],
    [
      "X-Frame-Options DENY without frame-ancestors",
      variant(csp("; frame-ancestors 'none'", "")),
      "x-frame-options",
      "x-frame-options-sameorigin-or-deny",
      5,
      135,
      "A+",
    ],
    [
      "no nosniff",
      variant({ "x-content-type-options": undefined }),
      "x-content-type-options",
      "x-content-type-options-not-implemented",
      -5,
      130,
      "A+",
    ],
    [
      "Access-Control-Allow-Origin * with credentials",
      variant({ "access-control-allow-origin": "*", "access-control-allow-credentials": "true" }),
      "cross-origin-resource-sharing",
      "cross-origin-resource-sharing-implemented-with-public-access",
      0,
      135,
      "A+",
    ],
    [
      "the scanner's Origin reflected with credentials",
      variant({ "access-control-allow-origin": OBSERVATORY_CORS_ORIGIN, "access-control-allow-credentials": "true" }),
      "cross-origin-resource-sharing",
      "cross-origin-resource-sharing-implemented-with-universal-access",
      -50,
      50,
      "C",
    ],
    [
      "an external https script without integrity",
      variant({}, html(`<script src="https://cdn.example/x.js"></script>`)),
      "subresource-integrity",
      "sri-not-implemented-but-external-scripts-loaded-securely",
      -5,
      130,
      "A+",
    ],
    [
      "an external https script with integrity",
      variant({}, html(`<script src="https://cdn.example/x.js" integrity="sha384-x" crossorigin></script>`)),
      "subresource-integrity",
      "sri-implemented-and-external-scripts-loaded-securely",
      5,
      140,
      "A+",
    ],
    [
      "an external http script without integrity",
      variant({}, html(`<script src="http://cdn.example/x.js"></script>`)),
      "subresource-integrity",
      "sri-not-implemented-and-external-scripts-not-loaded-securely",
      -50,
      50,
      "C",
    ],
    [
      "a protocol-relative external script",
      variant({}, html(`<script src="//cdn.example/x.js"></script>`)),
      "subresource-integrity",
      "sri-not-implemented-and-external-scripts-not-loaded-securely",
      -50,
      50,
      "C",
    ],
    [
      "a referrer policy of unsafe-url",
      variant({ "referrer-policy": "unsafe-url" }),
      "referrer-policy",
      "referrer-policy-unsafe",
      -5,
      125,
      "A+",
    ],
    [
      "COEP require-corp",
      variant({ "cross-origin-embedder-policy": "require-corp" }),
      "cross-origin-embedder-policy",
      "coep-implemented-with-require-corp",
      10,
      145,
      "A+",
    ],
    [
      "an unknown COOP",
      variant({ "cross-origin-opener-policy": "same-origin; report-to=x" }),
      "cross-origin-opener-policy",
      "coop-header-invalid",
      -5,
      120,
      "A+",
    ],
  ])("%s", (_, response, name, result, modifier, score, grade) => {
    expect(outcome(response, name)).toEqual({ result, modifier, score, grade });
  });

  it("drops every bonus once the penalties take the score under 90", () => {
    // -5 and -10: 85 before bonuses, so the 35 bonus points are not added.
    const response = variant({ "x-content-type-options": undefined, "strict-transport-security": "max-age=86400" });
    expect(scoreResponse(response)).toMatchObject({ score: 85, grade: "A-" });
  });

  it("floors the score at 0", () => {
    const bare: ScannedResponse = {
      url: "https://hbs.example/",
      headers: { "content-type": "text/html" },
      setCookies: ["sessionid=1"],
      html: `<script src="http://cdn.example/a.js"></script>`,
    };
    // CSP -25, cookies -40, HSTS -20, SRI -50, nosniff -5, XFO -20.
    expect(scoreResponse(bare)).toMatchObject({ score: 0, grade: "F" });
  });

  it("never awards the HSTS preload bonus", () => {
    const response = variant({ "strict-transport-security": "max-age=63072000; includeSubDomains; preload" });
    expect(outcome(response, "strict-transport-security")).toMatchObject({
      result: "hsts-implemented-max-age-at-least-six-months",
      modifier: 0,
    });
  });

  it("scores an http: page as not redirecting and not on HTTPS", () => {
    const { score, tests } = scoreResponse({ ...strong(), url: "http://hbs.example/" });
    expect(tests.filter((t) => t.scoreModifier < 0).map((t) => [t.result, t.scoreModifier])).toEqual([
      ["redirection-missing", -20],
      ["hsts-not-implemented-no-https", -20],
    ]);
    expect(score).toBe(60);
  });

  describe("cookies", () => {
    it("finds no cookie when a __Secure- one lacks Secure, as tough-cookie drops it", () => {
      const response = variant({}, { setCookies: [SESSION.replace("Secure; ", "")] });
      expect(outcome(response, "cookies")).toMatchObject({ result: "cookies-not-found", modifier: 0, score: 130 });
    });

    it("drops a __Host- cookie with a Domain and ignores one for another host", () => {
      const cookies = ["__Host-sid=1; Path=/; Secure; HttpOnly; Domain=hbs.example", "sid=1; Domain=other.example"];
      expect(outcome(variant({}, { setCookies: cookies }), "cookies").result).toBe("cookies-not-found");
    });

    it("needs SameSite on every cookie for the bonus", () => {
      const response = variant({}, { setCookies: [SESSION, "theme=dark; Path=/; Secure"] });
      expect(outcome(response, "cookies")).toMatchObject({
        result: "cookies-secure-with-httponly-sessions",
        score: 130,
      });
    });

    it("asks SameSite of anti-CSRF cookies", () => {
      const response = variant({}, { setCookies: ["better-auth.csrf_token=x; Path=/; Secure; HttpOnly"] });
      expect(outcome(response, "cookies").result).toBe("cookies-anticsrf-without-samesite-flag");
    });
  });

  describe("content security policy", () => {
    it.each([
      [
        "default-src 'none' alone",
        "default-src 'none'; script-src 'self'; style-src 'self'; frame-ancestors 'none'",
        "csp-implemented-with-no-unsafe-default-src-none",
        10,
      ],
      ["no unsafe source anywhere", STRONG_CSP.replace(" 'unsafe-inline'", ""), "csp-implemented-with-no-unsafe", 5],
      [
        "'unsafe-inline' beside a nonce",
        STRONG_CSP.replace("'nonce-abc'", "'nonce-abc' 'unsafe-inline'"),
        "csp-implemented-with-unsafe-inline-in-style-src-only",
        0,
      ],
      [
        "'strict-dynamic' with a nonce",
        STRONG_CSP.replace("'self' 'nonce-abc'", "'nonce-abc' 'strict-dynamic' https: 'unsafe-inline'"),
        "csp-implemented-with-unsafe-inline-in-style-src-only",
        0,
      ],
      [
        "'strict-dynamic' without a nonce or hash",
        STRONG_CSP.replace("'nonce-abc'", "'strict-dynamic'"),
        "csp-header-invalid",
        -25,
      ],
      [
        "no object-src or default-src",
        "script-src 'self'; frame-ancestors 'none'",
        "csp-implemented-with-unsafe-inline",
        -20,
      ],
      ["data: in script-src", STRONG_CSP.replace("'nonce-abc'", "data:"), "csp-implemented-with-unsafe-inline", -20],
      [
        "http: in script-src",
        STRONG_CSP.replace("'nonce-abc'", "http://cdn.example"),
        "csp-implemented-with-insecure-scheme",
        -20,
      ],
      [
        "http: in img-src only",
        STRONG_CSP.replace("blob:", "http://img.example"),
        "csp-implemented-with-insecure-scheme-in-passive-content-only",
        -10,
      ],
      ["a repeated directive", `${STRONG_CSP}; object-src 'self'`, "csp-header-invalid", -25],
      [
        "a repeated report-uri",
        `${STRONG_CSP}; report-uri /a; report-uri /b`,
        "csp-implemented-but-duplicate-directives",
        0,
      ],
      ["a policy too short to parse", "a", "csp-header-invalid", -25],
    ])("%s", (_, policy, result, modifier) => {
      const response = variant({ "content-security-policy": policy });
      expect(outcome(response, "content-security-policy")).toMatchObject({ result, modifier });
    });

    it("counts Content-Security-Policy-Report-Only alone as not implemented", () => {
      const response = variant({
        "content-security-policy": undefined,
        "content-security-policy-report-only": STRONG_CSP,
      });
      expect(outcome(response, "content-security-policy")).toMatchObject({
        result: "csp-not-implemented-but-reporting-enabled",
        modifier: -25,
      });
    });

    it("reads a policy from <meta http-equiv>, but not one that only has header-only directives", () => {
      const meta = (content: string) => html(`<meta http-equiv="Content-Security-Policy" content="${content}">`);
      const withMeta = variant({ "content-security-policy": undefined }, meta("default-src 'self'; object-src 'none'"));
      expect(outcome(withMeta, "content-security-policy").result).toBe("csp-implemented-with-no-unsafe");
      const headerOnly = variant({ "content-security-policy": undefined }, meta("frame-ancestors 'none'"));
      expect(outcome(headerOnly, "content-security-policy").result).toBe("csp-not-implemented");
    });

    it("only allows what both a header and a <meta> policy allow", () => {
      const meta = html(`<meta http-equiv="content-security-policy" content="script-src 'self' 'unsafe-inline'">`);
      const header = "default-src 'self'; script-src 'self'; object-src 'none'";
      const response = variant({ "content-security-policy": header }, meta);
      expect(outcome(response, "content-security-policy").result).toBe("csp-implemented-with-no-unsafe");
    });
  });

  it("reads the referrer policy from <meta name=referrer> too", () => {
    const response = variant({ "referrer-policy": undefined }, html(`<meta name="referrer" content="no-referrer">`));
    expect(outcome(response, "referrer-policy")).toMatchObject({ result: "referrer-policy-private", modifier: 5 });
  });

  it("ignores scripts inside comments and treats a non-HTML response as having none", () => {
    const commented = variant({}, html(`<!-- <script src="http://cdn.example/x.js"></script> -->`));
    expect(outcome(commented, "subresource-integrity").result).toBe("sri-not-implemented-but-no-scripts-loaded");
    const json = variant(
      { "content-type": "application/json" },
      html(`<script src="http://cdn.example/x.js"></script>`),
    );
    expect(outcome(json, "subresource-integrity").result).toBe("sri-not-implemented-response-not-html");
  });
});

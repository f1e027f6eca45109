// Scores ONE HTTP response the way Mozilla's MDN HTTP Observatory scores a site, so tests can hold the app to a grade.
// Port of github.com/mdn/mdn-http-observatory, main branch (algorithm 5 + COOP/COEP); its analyzers match the npm
// release @mdn/mdn-http-observatory 1.4.8, which was read alongside. Files and the commits read:
//   src/grader/charts.js @ eab32d9a3a1928cdb45d22ba83e6888dd03f6ca0 (SCORE_TABLE, GRADE_CHART, extra-credit threshold;
//     X-Frame-Options DENY/SAMEORIGIN +5 since PR #332, COOP/COEP since PR #498); src/constants.js
//     @ f643070952d40271f7fb863f67af515503a68cce (ALL_TESTS, the 12 tests in this order); src/scanner/index.js and
//     src/grader/grader.js (score, grade); src/analyzer/cspParser.js, tests/csp.js
//     @ d52f94793e0774c5e395d4e76d2d62e6a910e2d6; tests/cookies.js @ 0200be8d7358e955cad6fe013a80089cd5f30831; the
//     other src/analyzer/tests/*.js, src/analyzer/hsts.js, src/retriever/utils.js (<meta> tags). COOP/COEP follow
//     PR #498 (the whole value, trimmed and lower-cased); SRI follows main (registrable domain), not open PR #559.
// Checked against the 1.4.8 analyzers on 15,000 random responses: same result for every test but SRI (not run).
// What one response cannot show, and what is assumed instead:
//   - Redirection: an https: URL scores as a site with no HTTP listener, "redirection-not-needed-no-http" (0, no
//     bonus); an http: URL as an HTTP page that did not redirect, "redirection-missing" (-20), with no HTTPS at all.
//   - The HSTS preload list is never consulted: no "hsts-preloaded" +5. An https: URL has a valid certificate.
//   - CORS: the scanner reads an OPTIONS preflight sent with `Origin: OBSERVATORY_CORS_ORIGIN`; this response stands
//     in, so a server reflecting Origin scores -50 only if this response answered a request with that Origin.
//   - Cookies: the scanner reads a tough-cookie jar filled by the page, its redirects and /robots.txt; here
//     `setCookies`. The jar rules that change results are kept (nameless pairs ignored, Domain must match the host,
//     `__Secure-`/`__Host-` cookies breaking their prefix rules silently dropped, same domain/path/name replaced);
//     its public-suffix check is not. The raw SameSite check runs on every given Set-Cookie.
//   - SRI compares registrable domains with tldts (Public Suffix List); `registrableDomain` approximates it.

export interface ScannedResponse {
  url: string; // e.g. "https://hbs.example/" — the page as production would serve it
  headers: Record<string, string>; // lower-case names
  setCookies: string[]; // each raw Set-Cookie header value the page (and, if you like, a sign-in) sent
  html?: string; // the body, for the subresource-integrity test and <meta http-equiv> CSP
}
export interface TestResult {
  name: string;
  result: string;
  scoreModifier: number;
}

/** The Origin the scanner sends with its CORS preflight (config `retriever.corsOrigin`). */
export const OBSERVATORY_CORS_ORIGIN = "https://http-observatory.security.mozilla.org";

// charts.js SCORE_TABLE as "result modifier" pairs, grouped by test.
const SCORE_TABLE = new Map(
  [
    ...`csp-implemented-with-no-unsafe-default-src-none 10 csp-implemented-with-no-unsafe 5
    csp-implemented-with-unsafe-inline-in-style-src-only 0
    csp-implemented-with-insecure-scheme-in-passive-content-only -10 csp-implemented-with-unsafe-eval -10
    csp-implemented-with-unsafe-inline -20 csp-implemented-with-insecure-scheme -20 csp-header-invalid -25
    csp-not-implemented -25 csp-not-implemented-but-reporting-enabled -25 csp-implemented-but-duplicate-directives 0
    cookies-secure-with-httponly-sessions-and-samesite 5 cookies-secure-with-httponly-sessions 0 cookies-not-found 0
    cookies-without-secure-flag-but-protected-by-hsts -5 cookies-session-without-secure-flag-but-protected-by-hsts -10
    cookies-without-secure-flag -20 cookies-samesite-flag-invalid -20 cookies-anticsrf-without-samesite-flag -20
    cookies-session-without-httponly-flag -30 cookies-session-without-secure-flag -40
    cross-origin-resource-sharing-not-implemented 0 cross-origin-resource-sharing-implemented-with-public-access 0
    cross-origin-resource-sharing-implemented-with-restricted-access 0
    cross-origin-resource-sharing-implemented-with-universal-access -50
    redirection-all-redirects-preloaded 0 redirection-to-https 0 redirection-not-needed-no-http 0
    redirection-off-host-from-http -5 redirection-not-to-https-on-initial-redirection -10 redirection-not-to-https -20
    redirection-missing -20 redirection-invalid-cert -20
    referrer-policy-private 5 referrer-policy-not-implemented 0 referrer-policy-unsafe -5
    referrer-policy-header-invalid -5
    hsts-preloaded 5 hsts-implemented-max-age-at-least-six-months 0 hsts-implemented-max-age-less-than-six-months -10
    hsts-not-implemented -20 hsts-header-invalid -20 hsts-not-implemented-no-https -20 hsts-invalid-cert -20
    sri-implemented-and-all-scripts-loaded-securely 5 sri-implemented-and-external-scripts-loaded-securely 5
    sri-not-implemented-response-not-html 0 sri-not-implemented-but-no-scripts-loaded 0
    sri-not-implemented-but-all-scripts-loaded-from-secure-origin 0
    sri-not-implemented-but-external-scripts-loaded-securely -5
    sri-implemented-but-external-scripts-not-loaded-securely -20
    sri-not-implemented-and-external-scripts-not-loaded-securely -50
    x-content-type-options-nosniff 0 x-content-type-options-not-implemented -5 x-content-type-options-header-invalid -5
    x-frame-options-implemented-via-csp 5 x-frame-options-sameorigin-or-deny 5 x-frame-options-allow-from-origin 0
    x-frame-options-not-implemented -20 x-frame-options-header-invalid -20
    corp-header-invalid -5 corp-implemented-with-cross-origin 0 corp-implemented-with-same-origin 10
    corp-implemented-with-same-site 10 corp-not-implemented 0
    coep-implemented-with-require-corp 10 coep-implemented-with-credentialless 10 coep-implemented-with-unsafe-none 0
    coep-not-implemented 0 coep-header-invalid -5
    coop-implemented-with-same-origin 10 coop-implemented-with-same-origin-allow-popups 10
    coop-implemented-with-noopener-allow-popups 10 coop-implemented-with-unsafe-none 0 coop-not-implemented 0
    coop-header-invalid -5 html-not-parseable -20`.matchAll(/([a-z-]+) (-?\d+)/g),
  ].map((m): [string, number] => [String(m[1]), Number(m[2])]),
);
// GRADE_CHART: one grade per multiple of 5, from 0 to 100.
const GRADES = "F F F F F D- D D D+ C- C C C+ B- B B B+ A- A A A+".split(" ");
const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const words = (list: string) => list.trim().split(/\s+/);
/** onlyIfWorse (analyzer/utils.js): keep whichever result comes later in `order`. */
const worse = (next: string, old: string | null, order: string[]) =>
  !old || order.indexOf(next) > order.indexOf(old) ? next : old;

// ---- CSP: cspParser.js and tests/csp.js ----

type Csp = Map<string, Set<string>>;
const DUPLICATES = "_observatory_duplicate_key_warnings";
const compare = new Intl.Collator("en").compare;

function pathPartMatch(a: string, b: string): boolean {
  if (a.length === 0 || (a === "/" && b.length === 0)) return true;
  const [partsA, partsB, exact] = [a.split("/"), b.split("/"), !a.endsWith("/")];
  if (partsA.length > partsB.length || (exact && partsA.length !== partsB.length)) return false;
  if (!exact) partsA.pop();
  return partsA.every((piece, i) => decodeURIComponent(piece) === decodeURIComponent(partsB[i] ?? ""));
}

/** With several policies (header + <meta>) a source counts only if every policy allows it. Throws when invalid. */
function parseCsp(policies: string[]): Csp {
  const clean = policies.map((policy) => policy.replace(/[\r\n]/g, "").trim());
  if (clean.some((policy) => policy.length < 6)) throw new Error("Invalid policy"); // shorter than "img-src x"
  const csp = new Map<string, { source: string; index: number; keep: boolean }[]>();
  const duplicates = new Set<string>();
  clean.forEach((policy, index) => {
    const seen = new Set<string>();
    for (const [entry = "", ...values] of policy.split(";").map((part) => part.trim().split(/\s+/))) {
      if (!entry) continue;
      const directive = entry.toLowerCase();
      // A repeated directive invalidates the policy so people notice; repeated report-uri/report-to only warn.
      if (seen.has(directive) && directive !== "report-uri" && directive !== "report-to") throw new Error(directive);
      if (seen.has(directive)) duplicates.add(directive);
      seen.add(directive);
      const keep = index === 0;
      // An empty source list is 'none'.
      const listed = values.length ? values : directive.endsWith("-src") ? ["'none'"] : [];
      const sources = listed.map((value) => ({ source: value.trim().toLocaleLowerCase(), index, keep }));
      const combined = [...(index === 0 ? [] : (csp.get(directive) ?? [])), ...sources];
      combined.sort((x, y) => compare(x.source, y.source));
      combined.forEach((current, i) => {
        const previous = combined[i - 1];
        if (!previous) return;
        // In one policy a source under a shorter one is superfluous; across policies it must be in both.
        if (current.index === previous.index && current.source.startsWith(previous.source)) current.keep = false;
        if (current.index !== previous.index && pathPartMatch(previous.source, current.source)) current.keep = true;
      });
      const kept = combined.filter((source) => source.keep);
      csp.set(directive, kept);
      if (index === 0 && policies.length > 1) for (const source of kept) source.keep = false;
    }
  });
  const parsed: Csp = new Map();
  for (const [directive, sources] of csp) parsed.set(directive, new Set(sources.map((s) => s.source)));
  for (const sources of parsed.values()) if (!sources.size) sources.add("'none'");
  if (duplicates.size) parsed.set(DUPLICATES, duplicates);
  return parsed;
}

function parseOrEmpty(policies: string[], dropped: string[] = []): Csp {
  try {
    const csp = parseCsp(policies);
    for (const directive of dropped) csp.delete(directive);
    return csp;
  } catch {
    return new Map();
  }
}

const BROAD = new Set(words("ftp: http: https: * http://* http://*.* https://* https://*.*"));
const BROAD_OR_INLINE = new Set([...BROAD, "'unsafe-inline'", "data:"]);
const some = (sources: Iterable<string>, test: (source: string) => boolean) => [...sources].some(test);
const nonceOrHash = (sources: Set<string>) =>
  some(sources, (s) => words("'sha256- 'sha384- 'sha512- 'nonce-").some((prefix) => s.startsWith(prefix)));
const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");
const CSP_PASSES = words(`csp-implemented-with-no-unsafe csp-implemented-with-no-unsafe-default-src-none
  csp-implemented-with-unsafe-inline-in-style-src-only csp-implemented-with-insecure-scheme-in-passive-content-only`);

function cspTest(headers: Record<string, string>, https: boolean, metaPolicies: string[]) {
  const header = headers["content-security-policy"];
  const headerPolicies = header === undefined ? [] : [header];
  let csp: Csp;
  try {
    csp = parseCsp([...headerPolicies, ...metaPolicies]);
  } catch {
    return { result: "csp-header-invalid", data: null };
  }
  // A <meta> policy cannot carry frame-ancestors, report-uri or sandbox; one that only has those is no policy.
  const metaCsp = parseOrEmpty(metaPolicies, words("frame-ancestors report-uri sandbox"));
  if (parseOrEmpty(headerPolicies).size + metaCsp.size === 0) {
    const reportOnly = headers["content-security-policy-report-only"];
    return { result: reportOnly ? "csp-not-implemented-but-reporting-enabled" : "csp-not-implemented", data: null };
  }
  // The parsed Sets themselves (default-src when shared): the deletions below are seen by every later check.
  const fallback = (directive: string) => csp.get(directive) ?? csp.get("default-src") ?? new Set(["*"]);
  const [objectSrc, scriptSrc, styleSrc] = [fallback("object-src"), fallback("script-src"), fallback("style-src")];
  for (const sources of [scriptSrc, styleSrc]) if (nonceOrHash(sources)) sources.delete("'unsafe-inline'");
  let result: string | null = null;
  const fail = (candidate: string) => (result ??= candidate); // the first failing check decides
  if (nonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    // With a nonce or hash, 'strict-dynamic' makes browsers ignore schemes, hosts like *, 'self' and 'unsafe-inline'.
    for (const s of scriptSrc) {
      if (some(BROAD, (b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") scriptSrc.delete(s);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) fail("csp-header-invalid");
  const active = [...csp]
    .filter(([d]) => !words("img-src media-src script-src").includes(d))
    .flatMap(([, s]) => [...s]);
  const passive = ["img-src", "media-src"].flatMap((d) => [...(csp.get(d) ?? csp.get("default-src") ?? [])]);
  if (some(scriptSrc, (s) => BROAD_OR_INLINE.has(s)) || some(objectSrc, (s) => BROAD.has(s))) {
    fail("csp-implemented-with-unsafe-inline");
  }
  if (https && [...active, ...scriptSrc].some(insecure)) fail("csp-implemented-with-insecure-scheme");
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) fail("csp-implemented-with-unsafe-eval");
  if (https && passive.some(insecure)) fail("csp-implemented-with-insecure-scheme-in-passive-content-only");
  if (some(styleSrc, (s) => BROAD_OR_INLINE.has(s))) fail("csp-implemented-with-unsafe-inline-in-style-src-only");
  const defaultSrc = csp.get("default-src");
  const noneOnly = defaultSrc?.has("'none'") && defaultSrc.size === 1;
  const decided = fail(`csp-implemented-with-no-unsafe${noneOnly ? "-default-src-none" : ""}`);
  // base-uri, form-action and frame-ancestors only feed the report's policy flags, never the result.
  const duplicates = csp.delete(DUPLICATES) && CSP_PASSES.includes(decided);
  return { result: duplicates ? "csp-implemented-but-duplicate-directives" : decided, data: csp };
}

// ---- Cookies: tests/cookies.js over a tough-cookie jar ----

type JarCookie = { name: string; domain: string; path: string; secure: boolean; httpOnly: boolean; sameSite?: string };

/** tough-cookie's Cookie.parse and CookieJar.setCookie (strict parsing, prefixSecurity "silent"). */
function jarCookie(raw: string, url: URL): JarCookie | null {
  const [pair = "", ...attributes] = raw.trim().split(";");
  if (pair.indexOf("=") <= 0) return null; // a cookie needs a name
  const name = pair.slice(0, pair.indexOf("=")).trim();
  const cookie: JarCookie = { name, domain: "", path: "", secure: false, httpOnly: false };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split(/=(.*)/s).map((part) => part.trim());
    const [attributeName, domain] = [key.toLowerCase(), value.replace(/^\./, "").toLowerCase()];
    if (attributeName === "secure") cookie.secure = true;
    else if (attributeName === "httponly") cookie.httpOnly = true;
    else if (attributeName === "samesite")
      cookie.sameSite = words("strict lax none").find((v) => v === value.toLowerCase());
    else if (attributeName === "domain" && domain) cookie.domain = domain;
    else if (attributeName === "path") cookie.path = value.startsWith("/") ? value : "";
  }
  const host = url.hostname;
  const hostOnly = !cookie.domain;
  if (!hostOnly && host !== cookie.domain && !host.endsWith(`.${cookie.domain}`)) return null;
  cookie.domain ||= host;
  const slash = url.pathname.lastIndexOf("/");
  cookie.path ||= slash > 0 ? url.pathname.slice(0, slash) : "/";
  if (cookie.name.startsWith("__Secure-") && !cookie.secure) return null;
  if (cookie.name.startsWith("__Host-") && !(cookie.secure && hostOnly && cookie.path === "/")) return null;
  return cookie;
}

const COOKIE_ORDER = words(`cookies-without-secure-flag-but-protected-by-hsts cookies-without-secure-flag
  cookies-session-without-secure-flag-but-protected-by-hsts cookies-samesite-flag-invalid
  cookies-anticsrf-without-samesite-flag cookies-session-without-httponly-flag cookies-session-without-secure-flag`);

function cookiesTest(setCookies: string[], url: URL, hsts: boolean): string {
  const flagged: string[] = [];
  for (const raw of setCookies) {
    for (const [key = "", value] of raw.split(";").map((part) => part.trim().split("="))) {
      const invalid = !words("lax strict none").includes(value?.trim().toLowerCase() || "-");
      if (key.trim().toLowerCase() === "samesite" && invalid) flagged.push("cookies-samesite-flag-invalid");
    }
  }
  const jar = new Map<string, JarCookie>();
  for (const cookie of setCookies.map((raw) => jarCookie(raw, url))) {
    if (cookie) jar.set(`${cookie.domain};${cookie.path};${cookie.name}`, cookie);
  }
  const cookies = [...jar.values()].filter((cookie) => cookie.name !== "heroku-session-affinity");
  if (!cookies.length) return "cookies-not-found";
  const hstsSuffix = hsts ? "-but-protected-by-hsts" : "";
  for (const { name, secure, httpOnly, sameSite } of cookies) {
    const session = name.toLowerCase().includes("login") || name.toLowerCase().includes("sess"); // session by name
    if (!secure && sameSite === "none") flagged.push("cookies-samesite-flag-invalid");
    if (!secure) flagged.push(`cookies-without-secure-flag${hstsSuffix}`);
    if (name.toLowerCase().includes("csrf") && !sameSite) flagged.push("cookies-anticsrf-without-samesite-flag");
    if (session && !secure) flagged.push(`cookies-session-without-secure-flag${hstsSuffix}`);
    if (session && !httpOnly) flagged.push("cookies-session-without-httponly-flag");
  }
  const result = flagged.reduce<string | null>((old, next) => worse(next, old, COOKIE_ORDER), null);
  if (result) return result;
  const allSameSite = cookies.every((cookie) => cookie.sameSite);
  return `cookies-secure-with-httponly-sessions${allSameSite ? "-and-samesite" : ""}`;
}

// ---- HSTS, SRI and the one-header tests ----

function hstsTest(header: string | undefined, https: boolean): string {
  if (!https) return "hsts-not-implemented-no-https";
  if (header === undefined) return "hsts-not-implemented";
  const data = header.slice(0, 1024);
  let maxAge: number | null = null;
  for (const parameter of data.split(";").map((p) => p.trim().toLowerCase())) {
    if (parameter.startsWith("max-age=")) maxAge = parseInt(parameter.slice(8, 128), 10);
  }
  // A comma means the header was sent twice. 15552000 s is the source's "six months"; a NaN max-age passes, as there.
  if (data.includes(",") || maxAge === null) return "hsts-header-invalid";
  return `hsts-implemented-max-age-${maxAge < 15552000 ? "less-than" : "at-least"}-six-months`;
}

// tldts stand-in: the last two labels, or three under a ccTLD's generic second level (hbs.co.uk); none for IPs.
const CC_SECOND_LEVEL = new Set(words("ac co com edu gov ltd me net nhs org plc sch"));
function registrableDomain(host: string): string | null {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  const size = labels.at(-1)?.length === 2 && CC_SECOND_LEVEL.has(labels.at(-2) ?? "") ? 3 : 2;
  return labels.length < size || /^[\d.]+$|[:[]/.test(host) ? null : labels.slice(-size).join(".");
}

const parseUrl = (src: string) => {
  try {
    return new URL(src);
  } catch {
    return null; // the source would crash the scan here
  }
};
const SRI_ORDER = words(`sri-implemented-and-all-scripts-loaded-securely
  sri-implemented-and-external-scripts-loaded-securely sri-implemented-but-external-scripts-not-loaded-securely
  sri-not-implemented-but-external-scripts-loaded-securely sri-not-implemented-and-external-scripts-not-loaded-securely
  sri-not-implemented-response-not-html`);

function sriTest(scripts: Map<string, string>[], url: URL): string {
  if (!scripts.length) return "sri-not-implemented-but-no-scripts-loaded";
  let result: string | null = null;
  let foreign = false;
  for (const script of scripts) {
    const [src, integrity] = [script.get("src"), script.get("integrity")];
    if (!src) continue; // inline scripts count as scripts, but never as foreign ones
    const full = /^https?:\/\//.test(src) ? parseUrl(src) : null;
    const relative = !full && !/^\/\/[^/]/.test(src); // "//cdn…" is neither a secure origin nor a secure scheme
    const secureScheme = full?.protocol === "https:" || (relative && url.protocol === "https:");
    if (relative || (full && registrableDomain(full.hostname) === registrableDomain(url.hostname))) {
      if (integrity && secureScheme && !result) result = "sri-implemented-and-all-scripts-loaded-securely";
      continue;
    }
    foreign = true;
    if (integrity && !secureScheme) {
      result = worse("sri-implemented-but-external-scripts-not-loaded-securely", result, SRI_ORDER);
    } else if (!integrity && secureScheme) {
      result = worse("sri-not-implemented-but-external-scripts-loaded-securely", result, SRI_ORDER);
    } else if (!integrity) {
      result = worse("sri-not-implemented-and-external-scripts-not-loaded-securely", result, SRI_ORDER);
    }
  }
  if (result) return result;
  return foreign
    ? "sri-implemented-and-external-scripts-loaded-securely"
    : "sri-not-implemented-but-all-scripts-loaded-from-secure-origin";
}

/** COEP, COOP, CORP and X-Content-Type-Options: one keyword, trimmed and lower-cased. */
function keywordTest(prefix: string, header: string | undefined, keywords: string, infix = "-implemented-with-") {
  if (!header) return `${prefix}-not-implemented`;
  const value = header.slice(0, 256).trim().toLowerCase();
  return words(keywords).includes(value) ? `${prefix}${infix}${value}` : `${prefix}-header-invalid`;
}

function corsTest(origin: string | undefined, credentials: string | undefined): string {
  if (!origin) return "cross-origin-resource-sharing-not-implemented";
  const publicAccess = origin.slice(0, 256).trim().toLowerCase() === "*";
  const universal = origin === OBSERVATORY_CORS_ORIGIN && credentials?.toLowerCase().trim() === "true";
  const access = publicAccess ? "public" : universal ? "universal" : "restricted";
  return `cross-origin-resource-sharing-implemented-with-${access}-access`;
}

function referrerPolicyTest(header: string | undefined, meta: string[]): string {
  const values = [...(header === undefined ? [] : [header]), ...meta]; // <meta name="referrer"> comes last and wins
  if (!values.length) return "referrer-policy-not-implemented";
  const [good, bad] = [
    words("no-referrer same-origin strict-origin strict-origin-when-cross-origin"),
    words("origin origin-when-cross-origin unsafe-url no-referrer-when-downgrade"),
  ];
  const policies = values.flatMap((value) => value.split(",")).map((v) => v.toLowerCase().trim());
  const policy = policies.filter((v) => good.includes(v) || bad.includes(v)).at(-1) ?? "";
  if (good.includes(policy)) return "referrer-policy-private";
  return bad.includes(policy) ? "referrer-policy-unsafe" : "referrer-policy-header-invalid";
}

function xFrameOptionsTest(header: string | undefined, viaCsp: boolean): string {
  const value = header?.slice(0, 1024).trim().toLowerCase() ?? "";
  if (viaCsp) return "x-frame-options-implemented-via-csp"; // even from <meta>: the source checks the merged policy
  if (!header) return "x-frame-options-not-implemented";
  if (value === "deny" || value === "sameorigin") return "x-frame-options-sameorigin-or-deny";
  return value.startsWith("allow-from") ? "x-frame-options-allow-from-origin" : "x-frame-options-header-invalid";
}

// Attributes of each <tag>, skipping comments and raw-text elements, as the scanner's HTML parser reports them.
const ATTRS = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const RAW_TEXT = `<(script|style|textarea|title)(?=[\\s/>])${ATTRS}>[\\s\\S]*?(?:</\\1\\s*>|$)`;
const TAGS = new RegExp(`<!--[\\s\\S]*?(?:-->|$)|${RAW_TEXT}|<([a-z][^\\s/>]*)${ATTRS}>`, "gi");
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const codePoint = Number(entity.slice(1).replace(/^x/i, "0x"));
    if (!entity.startsWith("#")) return ENTITIES[entity.toLowerCase()] ?? "";
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "\ufffd";
  });
function elements(html: string, tag: string): Map<string, string>[] {
  const found = [...html.matchAll(TAGS)].filter((m) => (m[1] ?? m[3])?.toLowerCase() === tag);
  return found.map((m) => {
    const attributes = new Map<string, string>();
    for (const a of (m[2] ?? m[4] ?? "").matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const name = String(a[1]).toLowerCase();
      if (!attributes.has(name)) attributes.set(name, decode(a[2] ?? a[3] ?? a[4] ?? "")); // the first one wins
    }
    return attributes;
  });
}

export function scoreResponse(response: ScannedResponse): { score: number; grade: string; tests: TestResult[] } {
  const { headers, html = "" } = response;
  const url = new URL(response.url);
  const https = url.protocol === "https:";
  const mime = (headers["content-type"] ?? "").split(";")[0] ?? "";
  // The retriever reads <meta> only from HTML; the SRI test also parses a body sent without a Content-Type.
  const metas = HTML_TYPES.has(mime) ? elements(html, "meta") : [];
  const equiv = (m: Map<string, string>) => m.has("http-equiv") && m.has("content");
  const metaCsp = metas.filter(
    (m) => equiv(m) && m.get("http-equiv")?.toLowerCase().trim() === "content-security-policy",
  );
  const metaReferrer = metas.filter((m) => !equiv(m) && m.get("name")?.toLowerCase().trim() === "referrer");
  const content = (list: Map<string, string>[]) => list.map((m) => m.get("content") ?? "").filter(Boolean);
  const csp = cspTest(headers, https, content(metaCsp));
  const hsts = hstsTest(headers["strict-transport-security"], https);
  const results: Record<string, string> = {
    "content-security-policy": csp.result,
    cookies: cookiesTest(response.setCookies, url, hsts === "hsts-implemented-max-age-at-least-six-months"),
    "cross-origin-embedder-policy": keywordTest(
      "coep",
      headers["cross-origin-embedder-policy"],
      "require-corp credentialless unsafe-none",
    ),
    "cross-origin-opener-policy": keywordTest(
      "coop",
      headers["cross-origin-opener-policy"],
      "same-origin same-origin-allow-popups noopener-allow-popups unsafe-none",
    ),
    "cross-origin-resource-sharing": corsTest(
      headers["access-control-allow-origin"],
      headers["access-control-allow-credentials"],
    ),
    redirection: https ? "redirection-not-needed-no-http" : "redirection-missing",
    "referrer-policy": referrerPolicyTest(headers["referrer-policy"], content(metaReferrer).slice(-1)),
    "strict-transport-security": hsts,
    "subresource-integrity":
      !mime || HTML_TYPES.has(mime) ? sriTest(elements(html, "script"), url) : "sri-not-implemented-response-not-html",
    "x-content-type-options": keywordTest("x-content-type-options", headers["x-content-type-options"], "nosniff", "-"),
    "x-frame-options": xFrameOptionsTest(headers["x-frame-options"], !!csp.data?.has("frame-ancestors")),
    // A CORP header that is only whitespace counts as absent.
    "cross-origin-resource-policy": keywordTest(
      "corp",
      headers["cross-origin-resource-policy"]?.slice(0, 256).trim(),
      "same-site same-origin cross-origin",
    ),
  };
  const tests = Object.entries(results).map(([name, result]) => ({
    name,
    result,
    scoreModifier: SCORE_TABLE.get(result) ?? 0,
  }));
  // Bonuses only count if the penalties alone still leave an A (scanner/index.js); the floor is 0, there is no ceiling.
  const uncurved = tests.reduce((sum, test) => sum + Math.min(test.scoreModifier, 0), 100);
  const withExtraCredit = tests.reduce((sum, test) => sum + test.scoreModifier, 100);
  const score = Math.max(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved, 0);
  return { score, grade: GRADES[Math.min(score - (score % 5), 100) / 5] ?? "F", tests };
}

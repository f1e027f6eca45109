import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/ensure-chromium.js";

// End-to-end tests drive Debian's Chromium, its headless shell (never a downloaded browser; decision 0090),
// against the production build, served by `npm start` on its own data folder.
// Each project has a server of its own (data folder, Stripe stand-in), so the
// two run at once: the publishing specs' listings and businesses, on public
// view for a few seconds, never upset the other project's counts and orders.
const port = Number(process.env.E2E_PORT ?? 4391);
/** Specs that publish or promote what they make, for a few seconds. */
const PUBLISHES = [
  /seller-dashboard\.spec\.ts/,
  /business-claims\.spec\.ts/,
  /confidential-listings\.spec\.ts/,
  /messages\.spec\.ts/,
  /deal-pages\.spec\.ts/,
  /listing-views\.spec\.ts/,
  /payments\.spec\.ts/,
  /directory-(halal|hours|hygiene|placement|evidence|added)\.spec\.ts/,
  /security\/idor\.spec\.ts/,
  /security\/injection-published\.spec\.ts/,
  /review(s|-photos)\.spec\.ts/,
  /member-pages\.spec\.ts/,
  /figures-checked\.spec\.ts/,
];
/** The data folder scripts/e2e.js prepares once and copies for each project's server. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "data-e2e";
/** /metrics is on in the browser tests' server, behind this token (decision 0037). */
export const METRICS_TOKEN = "e2e-metrics-token";
const stripe = { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_test_e2e" };
// The map tile stand-in (tests/helpers/tile-peer.ts) the maps draw from in these tests.
export const TILE_PEER_URL = `http://127.0.0.1:${port + 5100}`;
// The Sentry stand-in (tests/helpers/sentry-peer.ts) both servers report their errors to (decision 0080).
export const SENTRY_PEER_URL = `http://127.0.0.1:${port + 5200}`;

/** A project's server, as its tests find it (project metadata; tests/e2e/fixtures.ts's e2eServer()). */
export interface E2EServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** The Stripe stand-in (tests/helpers/stripe-peer.ts) this server pays through. */
  stripePeerUrl: string;
}

function server(offset: number, dataDir: string): E2EServer {
  // localhost, not 127.0.0.1: WebAuthn refuses an IP address as the passkeys'
  // relying party. The server still listens on 127.0.0.1 only.
  return {
    baseURL: `http://localhost:${port + offset}`,
    port: port + offset,
    dataDir,
    stripePeerUrl: `http://127.0.0.1:${port + offset + 5000}`,
  };
}
export const E2E_SERVERS = { chromium: server(0, E2E_DATA_DIR), publishing: server(1, `${E2E_DATA_DIR}-publishing`) };

/** What the site's owner replaces the printed one-time password with (site-owner.setup.ts). */
export const siteOwnerPassword = (oneTime: string) => `${oneTime}-own`;

type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

function webServers({ baseURL, port, dataDir, stripePeerUrl }: E2EServer): WebServer[] {
  return [
    {
      command: "node --import tsx tests/helpers/stripe-peer-main.ts",
      url: `${stripePeerUrl}/_peer/requests`,
      reuseExistingServer: false,
      env: {
        STRIPE_PEER_PORT: new URL(stripePeerUrl).port,
        STRIPE_WEBHOOK_URL: `${baseURL}/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: "node scripts/start.js",
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: baseURL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // As behind a reverse proxy on the same machine: each test says who it
        // is with X-Forwarded-For (tests/e2e/fixtures.ts), so tests do not
        // share the per-visitor rate limits.
        TRUST_PROXY: "loopback",
        METRICS_TOKEN,
        ...stripe,
        STRIPE_API_URL: stripePeerUrl,
        MAP_TILES_URL: `${TILE_PEER_URL}/{z}/{x}/{y}.png`,
        SENTRY_DSN: `${SENTRY_PEER_URL.replace("//", "//public@")}/1`,
      },
    },
  ];
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // Guards against a test that hangs, not a measure of speed (bench/ measures
  // that): a test here may drive two browsers and a dozen pages, and with two
  // runs at once on these 2-core machines a test takes three to four times
  // as long as alone (docs/testing.md, "Loaded runs").
  timeout: 180_000,
  // The same for each web-first expectation's wait: it passes the moment the
  // page agrees, so a longer wait slows only a failing test.
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  // Its own folder: Playwright empties it, and test-results/ also holds the Vitest report.
  outputDir: "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    // A failed test keeps its trace (actions, network, the page's DOM at each
    // step) without the screencast: recording every test's frames cost a
    // quarter of the browser tests' CPU (docs/testing.md), for traces that
    // pass and are thrown away.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // The site's owner replaces the one-time password on each server before any spec signs in as them.
    { name: "site owner", testMatch: /site-owner\.setup\.ts/ },
    {
      name: "chromium",
      dependencies: ["site owner"],
      use: { ...devices["Desktop Chrome"], baseURL: E2E_SERVERS.chromium.baseURL },
      metadata: E2E_SERVERS.chromium,
      testIgnore: PUBLISHES,
    },
    {
      name: "publishing",
      dependencies: ["site owner"],
      use: { ...devices["Desktop Chrome"], baseURL: E2E_SERVERS.publishing.baseURL },
      metadata: E2E_SERVERS.publishing,
      testMatch: PUBLISHES,
    },
  ],
  webServer: [
    {
      command: "node --import tsx tests/helpers/tile-peer-main.ts",
      url: `${TILE_PEER_URL}/_peer/requests`,
      reuseExistingServer: false,
      env: { TILE_PEER_PORT: String(port + 5100) },
    },
    {
      command: "node --import tsx tests/helpers/sentry-peer-main.ts",
      url: `${SENTRY_PEER_URL}/_peer/events`,
      reuseExistingServer: false,
      env: { SENTRY_PEER_PORT: String(port + 5200) },
    },
    ...webServers(E2E_SERVERS.chromium),
    ...webServers(E2E_SERVERS.publishing),
  ],
});

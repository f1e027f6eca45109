import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser)
// against the production build, served by `npm start` on its own data folder.
const port = Number(process.env.E2E_PORT ?? 4391);
// localhost, not 127.0.0.1: WebAuthn refuses an IP address as the passkeys'
// relying party. The server still listens on 127.0.0.1 only.
const baseURL = `http://localhost:${port}`;
/** Specs that publish or promote what they make, for a few seconds. */
const PUBLISHES = [
  /seller-dashboard\.spec\.ts/,
  /business-claims\.spec\.ts/,
  /confidential-listings\.spec\.ts/,
  /messages\.spec\.ts/,
  /listing-views\.spec\.ts/,
  /payments\.spec\.ts/,
  /directory-(halal|hours|hygiene)\.spec\.ts/,
  /security\/idor\.spec\.ts/,
  /security\/injection-published\.spec\.ts/,
  /reviews\.spec\.ts/,
];
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "data-e2e";
// The Stripe stand-in (tests/helpers/stripe-peer.ts) the app pays through in these tests.
/** /metrics is on in the browser tests' server, behind this token (decision 0037). */
export const METRICS_TOKEN = "e2e-metrics-token";
export const STRIPE_PEER_URL = `http://127.0.0.1:${port + 5000}`;
const stripe = { STRIPE_SECRET_KEY: "sk_test_e2e", STRIPE_WEBHOOK_SECRET: "whsec_test_e2e" };
// The map tile stand-in (tests/helpers/tile-peer.ts) the maps draw from in these tests.
export const TILE_PEER_URL = `http://127.0.0.1:${port + 5100}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  // Twice Playwright's default: a test here may drive two browsers and a
  // dozen pages, and CI machines are busy.
  timeout: 60_000,
  forbidOnly: Boolean(process.env.CI),
  // Its own folder: Playwright empties it, and test-results/ also holds the Vitest report.
  outputDir: "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: PUBLISHES },
    // Specs that put a listing or a business on public view (or in the spotlight) for a few
    // seconds run after the others, whose counts and orders of /buy, the directory and the
    // home page they would otherwise upset.
    { name: "publishing", use: { ...devices["Desktop Chrome"] }, testMatch: PUBLISHES, dependencies: ["chromium"] },
  ],
  webServer: [
    {
      command: "node --import tsx tests/helpers/stripe-peer-main.ts",
      url: `${STRIPE_PEER_URL}/_peer/requests`,
      reuseExistingServer: false,
      env: {
        STRIPE_PEER_PORT: String(port + 5000),
        STRIPE_WEBHOOK_URL: `${baseURL}/stripe/webhook`,
        STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: "node --import tsx tests/helpers/tile-peer-main.ts",
      url: `${TILE_PEER_URL}/_peer/requests`,
      reuseExistingServer: false,
      env: { TILE_PEER_PORT: String(port + 5100) },
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
        DATA_DIR: E2E_DATA_DIR,
        LOG_LEVEL: "warn",
        // As behind a reverse proxy on the same machine: each test says who it
        // is with X-Forwarded-For (tests/e2e/fixtures.ts), so tests do not
        // share the per-visitor rate limits.
        TRUST_PROXY: "loopback",
        METRICS_TOKEN,
        ...stripe,
        STRIPE_API_URL: STRIPE_PEER_URL,
        MAP_TILES_URL: `${TILE_PEER_URL}/{z}/{x}/{y}.png`,
      },
    },
  ],
});

import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser)
// against the production build, served by `npm start` on its own data folder.
const port = Number(process.env.E2E_PORT ?? 4391);
// localhost, not 127.0.0.1: WebAuthn refuses an IP address as the passkeys'
// relying party. The server still listens on 127.0.0.1 only.
const baseURL = `http://localhost:${port}`;
/** Specs that publish what they make, for a few seconds. */
const PUBLISHES = [/seller-dashboard\.spec\.ts/, /messages\.spec\.ts/, /directory-(halal|hours)\.spec\.ts/, /security\/idor\.spec\.ts/];
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "data-e2e";

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
    // Specs that put a listing or a business on public view for a few seconds run after the
    // others, whose counts of /buy and the directory they would otherwise upset.
    { name: "publishing", use: { ...devices["Desktop Chrome"] }, testMatch: PUBLISHES, dependencies: ["chromium"] },
  ],
  webServer: {
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
    },
  },
});

// The browser tests use Debian's Chromium: its headless shell (decision 0090),
// and Lighthouse the full browser. If the one asked for is missing we install
// it when we can (root with apt-get); otherwise we stop with a message saying how.
// Run as a script (`node scripts/ensure-chromium.js`), it makes sure of the tests' one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";

const BROWSERS = {
  // Chromium's "old headless" shell, from the same source and release as
  // Debian's chromium, which Playwright itself runs headless tests in: the
  // browser tests took a third less CPU than in the full browser.
  tests: { path: "/usr/bin/chromium-headless-shell", package: "chromium-headless-shell" },
  // Lighthouse's audit, as a phone's browser draws the page.
  full: { path: "/usr/bin/chromium", package: "chromium" },
};

/** Where the browser of `kind` is: CHROMIUM_PATH when it is set. */
export function chromiumPath(kind = "tests") {
  return process.env.CHROMIUM_PATH ?? BROWSERS[kind].path;
}

export function ensureChromium(kind = "tests") {
  const chromium = chromiumPath(kind);
  if (fs.existsSync(chromium)) return chromium;
  const { package: name } = BROWSERS[kind];
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
  if (!canInstall) {
    console.error(
      `Chromium was not found at ${chromium}. The browser tests need it.\n` +
        `Install Debian's package (sudo apt-get install -y ${name}) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing: installing Debian's ${name} package…`);
  const apt = (args) =>
    execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  apt(["update"]);
  // Its fonts draw the browser tests' pages and the data room's stamps on images (decision 0089).
  apt(["install", "-y", "--no-install-recommends", name, "fonts-liberation", "fonts-dejavu-core"]);
  return chromium;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureChromium();

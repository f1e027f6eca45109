// The browser tests use Debian's Chromium. If it is missing we install it when
// we can (root with apt-get); otherwise we stop with a message saying how.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) return chromium;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get") && !process.env.CHROMIUM_PATH;
  if (!canInstall) {
    console.error(
      `Chromium was not found at ${chromium}. The browser tests need it.\n` +
        "Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.",
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package…");
  const apt = (args) =>
    execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  apt(["update"]);
  // Its fonts draw the browser tests' pages and the data room's stamps on images (decision 0089).
  apt(["install", "-y", "--no-install-recommends", "chromium", "fonts-liberation", "fonts-dejavu-core"]);
  return chromium;
}

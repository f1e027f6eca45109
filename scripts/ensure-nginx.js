// The reliability tests run the servers behind Debian's nginx, started from
// deploy/nginx.conf. If it is missing we install it when we can (root with
// apt-get), as scripts/ensure-chromium.js does for the browser tests;
// otherwise we throw, saying how.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export function ensureNginx() {
  const nginx = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
  if (fs.existsSync(nginx)) return nginx;
  const canInstall = process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get") && !process.env.NGINX_PATH;
  if (!canInstall) {
    throw new Error(
      `nginx was not found at ${nginx}. The reliability tests need it.\n` +
        "Install Debian's package (sudo apt-get install -y nginx) or set NGINX_PATH to an nginx binary.",
    );
  }
  console.log("nginx is missing: installing Debian's nginx package…");
  const apt = (args) =>
    execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "nginx"]);
  return nginx;
}

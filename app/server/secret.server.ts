import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let cached: string | undefined;

/**
 * The secret that signs our cookies. BETTER_AUTH_SECRET when set; otherwise one
 * is made on first start and kept in DATA_DIR, so `npm start` on this machine
 * needs no setup and a restart does not sign everybody out. A production site
 * others can reach refuses to start without one (env.server.ts). See
 * docs/decisions/0004-secrets.md and 0013-production-secret.md.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const { BETTER_AUTH_SECRET, DATA_DIR } = env();
  if (BETTER_AUTH_SECRET) return (cached = BETTER_AUTH_SECRET);
  if (DATA_DIR.startsWith("memory://")) return (cached = crypto.randomBytes(32).toString("hex"));
  const file = path.join(DATA_DIR, "session-secret");
  try {
    cached = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(DATA_DIR, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      cached = secret;
    } catch {
      cached = fs.readFileSync(file, "utf8").trim(); // another process won the race
    }
  }
  return cached;
}

// The environment, validated once. A bad value stops the process with a
// message that names the variable, instead of failing later somewhere else.
import fs from "node:fs";
import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(" or ")}`,
    });

// Secrets that appear in documentation, Better Auth's own default among them.
const PUBLISHED_SECRETS = ["better-auth-secret-12345678901234567890", "better-auth-secret-123456789"];

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optionalUrl(["postgres://", "postgresql://"]),
    // Signs the session and flash cookies (docs/decisions/0013-production-secret.md).
    BETTER_AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters")
      .refine((v) => !PUBLISHED_SECRETS.includes(v), "is a published example: generate one with `openssl rand -hex 32`")
      .refine((v) => new Set(v).size >= 8, "is too predictable: generate one with `openssl rand -hex 32`")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SITE_EMAIL: z.email().default("enquiries@hbs.example"),
    SITE_PHONE: z
      .string()
      .regex(/^\+?[0-9 ()-]{7,20}$/, "must be a telephone number")
      .default("01632 960 123"),
    SITE_ADDRESS: z.string().min(1).default("Newport, United Kingdom"),
    INSTAGRAM_URL: z.url().default("https://www.instagram.com/"),
    TIKTOK_URL: z.url().default("https://www.tiktok.com/"),
    FACEBOOK_URL: z.url().default("https://www.facebook.com/"),
    SMTP_URL: optionalUrl(["smtp://", "smtps://"]),
    MAIL_FROM: z.string().min(3).default("HBS <no-reply@hbs.example>"),
    // How long an e-mail being sent is one server's before another may retry
    // it (docs/decisions/0008-outbox.md): longer than a send can take (mail.server.ts).
    OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
    // Express's "trust proxy": which proxies may say who the visitor is through
    // X-Forwarded-For (e.g. "loopback", "1", "10.0.0.0/8"). Off by default.
    TRUST_PROXY: z.string().trim().default("false"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, issues) => {
    // A server others can reach must have its own secret: a generated one is
    // kept only for a site on this machine (docs/decisions/0013-production-secret.md).
    if (env.NODE_ENV === "production" && !env.BETTER_AUTH_SECRET && !isLoopbackSite(env.SITE_URL)) {
      issues.addIssue({
        code: "custom",
        path: ["BETTER_AUTH_SECRET"],
        message: "is required in production: generate one with `openssl rand -hex 32`",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** A site only this machine can open: http://localhost, 127.0.0.1 or [::1]. */
export function isLoopbackSite(siteUrl: string): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(siteUrl).hostname);
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new EnvError(`Invalid environment (see .env.example):\n${lines.join("\n")}`);
}

/** Reads ./.env into the environment, if there is one; set variables win. */
export function loadDotEnv(file = ".env") {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

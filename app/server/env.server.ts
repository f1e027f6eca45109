// The environment, validated once. A bad value stops the process with a
// message that names the variable, instead of failing later somewhere else.
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
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

/** Unset when empty, as a commented-out line in .env would be. */
const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined);

// Secrets that appear in documentation, Better Auth's own default among them.
const PUBLISHED_SECRETS = ["better-auth-secret-12345678901234567890", "better-auth-secret-123456789"];

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    // Unset, http://localhost:<PORT>: the site opened where it listens (filled in below).
    SITE_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
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
    // Scheduled work (docs/decisions/0020-scheduler.md): how long a run is its
    // server's before another takes it over, and jobs run more or less often
    // than their default, e.g. "subscriptions.expire=5m,housekeeping=1h".
    SCHEDULER_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    JOB_INTERVALS: z
      .string()
      .trim()
      .default("")
      .transform((value, context) => {
        const intervals: Record<string, number> = {};
        for (const entry of value.split(",").filter((e) => e.trim())) {
          const match = /^\s*([\w.-]+)\s*=\s*([1-9]\d*)\s*(s|m|h|d)\s*$/.exec(entry);
          if (!match) {
            context.addIssue({
              code: "custom",
              message: `"${entry}" is not job=duration (e.g. subscriptions.expire=5m)`,
            });
            return z.NEVER;
          }
          intervals[match[1]!] = Number(match[2]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[3]!]!;
        }
        return intervals;
      }),
    // Express's "trust proxy": which proxies may say who the visitor is through
    // X-Forwarded-For (e.g. "loopback", "1", "10.0.0.0/8"). Off by default.
    TRUST_PROXY: z.string().trim().default("false"),
    // Each server's own cache of visitors' public pages (docs/decisions/0081-one-rule-for-caching.md): on for a
    // server with no shared cache in front; off behind nginx's cache (deploy/nginx.conf), which keeps those pages.
    PAGE_CACHE: z.stringbool({ error: 'must be "on" or "off"' }).default(true),
    // Images in an S3-compatible bucket instead of DATA_DIR (docs/decisions/0021-object-storage.md).
    // Without keys, the AWS SDK's own chain (AWS_* variables, an instance role) is used.
    S3_BUCKET: optionalText(),
    S3_ENDPOINT: optionalUrl(["http://", "https://"]),
    S3_REGION: z.string().trim().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: optionalText(),
    S3_SECRET_ACCESS_KEY: optionalText(),
    // Self-hosted stores (MinIO, Garage…) want bucket/key in the path, not in the host name.
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    // Online payments (decision 0026): both set, or neither (no payment buttons).
    STRIPE_SECRET_KEY: optionalText(),
    STRIPE_WEBHOOK_SECRET: optionalText(),
    // Only for tests: where the Stripe library sends its requests (the local stand-in), instead of api.stripe.com.
    STRIPE_API_URL: optionalUrl(["http://", "https://"]),
    // Turns /metrics on (decision 0037): Prometheus sends it as "Authorization: Bearer <token>".
    METRICS_TOKEN: optionalText(),
    // Food hygiene ratings (docs/decisions/0029-food-hygiene-ratings.md): on, a daily job at 04:00 London
    // re-imports the FSA's open-data file of each local authority that a linked business is in.
    FSA_IMPORT: z.stringbool().default(false),
    // Where those files are: <FSA_OPEN_DATA_URL>/FHRS<authority code>en-GB.xml. Tests point it at a local stand-in.
    FSA_OPEN_DATA_URL: z
      .url({ protocol: /^https?$/, error: "must be a web address starting with https:// or http://" })
      .default("https://ratings.food.gov.uk/api/open-data-files"),
    // Map tiles (decision 0034): a {z}/{x}/{y} URL template and the attribution its provider asks for
    // (HTML, shown on every map). The default is OpenStreetMap's standard tiles, within their usage policy
    // (https://operations.osmfoundation.org/policies/tiles/): maps drawn only when a visitor opens one.
    MAP_TILES_URL: z
      .string()
      .trim()
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png")
      .refine((v) => /^https?:\/\/[^/?#]+\//.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), {
        message: "must be an http(s) URL with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      }),
    MAP_ATTRIBUTION: z
      .string()
      .trim()
      .min(1)
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    // Errors seen in production (decision 0080): server and browser errors go to Sentry, or any service
    // that speaks its protocol, at this DSN; unset, nothing is sent. The environment defaults to
    // NODE_ENV, the release to the git commit the server runs (error-reporting.server.ts).
    SENTRY_DSN: optionalUrl(["http://", "https://"]).refine(
      (v) => v === undefined || /^https?:\/\/\w+@[^/]+\/.+/.test(v),
      {
        message: "must be a Sentry DSN, e.g. https://<public key>@o0.ingest.sentry.io/<project id>",
      },
    ),
    SENTRY_ENVIRONMENT: optionalText(),
    SENTRY_RELEASE: optionalText(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .transform((env) => ({ ...env, SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}` }))
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
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      issues.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "is required with the other S3 key",
      });
    }
    if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
      issues.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"],
        message: "is required with the other Stripe setting",
      });
    }
    // Settings for a bucket without one would quietly leave images on the disk.
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      issues.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required with the other S3_* settings" });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** A site only this machine can open: http://localhost, 127.0.0.1 or [::1]. */
export function isLoopbackSite(siteUrl: string): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(new URL(siteUrl).hostname);
}

/**
 * Where the map's tile images come from, as the CSP's img-src names it:
 * exactly that host (a `{s}` subdomain placeholder allows the host's
 * subdomains). A plain-http host (the tests' tile stub) is named without its
 * scheme, as STRIPE_API_URL's is, so no http: source appears in the policy.
 */
export function mapTilesSource(tilesUrl: string): string {
  const [, scheme, host] = /^(https?):\/\/([^/?#]+)/.exec(tilesUrl)!;
  const source = host!.replace(/^\{s\}\./, "*.");
  return scheme === "https" ? `https://${source}` : source;
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

/**
 * PORT=0 asks for any free port: one is chosen before the environment is read,
 * so that all its readers (server.ts and the build each have one) see the port
 * the server will listen on, and an unset SITE_URL names it.
 */
export async function chooseFreePort() {
  const asked = process.env.PORT?.trim();
  if (!asked || Number(asked) !== 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once("error", reject).listen(0, resolve));
  process.env.PORT = String((probe.address() as AddressInfo).port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Reads the environment afresh at the next env(). For the tests: their files
 * share a process (vitest.config.ts), and some set the environment of their own.
 */
export function forgetEnv() {
  cached = undefined;
}

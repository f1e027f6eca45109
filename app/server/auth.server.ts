// Accounts, by Better Auth (docs/decisions/0010-accounts.md): e-mail and
// password, sessions in the database, password reset and e-mail
// verification through our outbox. Passwords are hashed with argon2id.
import { passkey as passkeyPlugin } from "@better-auth/passkey";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin as adminPlugin, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { accountMail } from "./account-emails.server";
import { cleanLine } from "~/lib/text";
import type { Database } from "./db.server";
import { db } from "./db.server";
import { secureCookies } from "./cookies.server";
import { env } from "./env.server";
import { wakeOutbox } from "./lifecycle.server";
import { enqueueMail } from "./outbox.server";
import { account, authRateLimit, passkey, session, twoFactor, user, verification } from "./schema";
import { sessionSecret } from "./secret.server";

// OWASP's recommended argon2id settings: 19 MiB, two passes, one lane.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 100;
/** Our cookies are hbs.session_token and so on (__Secure- prefixed in production). */
export const AUTH_COOKIE_PREFIX = "hbs";
const DAY = 24 * 60 * 60;

function createAuth(database: Database) {
  const { SITE_URL } = env();
  const site = new URL(SITE_URL);
  const queue = async (message: Parameters<typeof enqueueMail>[1]) => {
    await enqueueMail(database, message);
    wakeOutbox();
  };
  return betterAuth({
    appName: "HBS",
    secret: sessionSecret(),
    baseURL: SITE_URL,
    trustedOrigins: [SITE_URL],
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: { user, session, account, verification, authRateLimit, twoFactor, passkey },
    }),
    // A member's name and phone are one line however they arrive (our forms, or
    // Better Auth's own endpoints): they stand in other members' e-mails.
    databaseHooks: {
      user: {
        create: { before: async (data) => ({ data: oneLineFields(data) }) },
        update: { before: async (data) => ({ data: oneLineFields(data) }) },
      },
    },
    user: {
      // Asks for the password; see account-settings.server.ts.
      deleteUser: { enabled: true },
      additionalFields: {
        fullName: { type: "string", required: false, input: true },
        phone: { type: "string", required: false, input: true },
        marketingConsent: { type: "boolean", required: false, defaultValue: false, input: true },
        // Never from a form: only npm run admin:create sets it, and changing the password clears it.
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // The spec: after signing up, the visitor signs in.
      autoSignIn: false,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, ARGON2ID),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: ({ user: to, url }) => queue(accountMail("reset-password", to, url)),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 3 * DAY,
      sendVerificationEmail: ({ user: to, url }) => queue(accountMail("verify-email", to, url)),
    },
    session: {
      expiresIn: 30 * DAY,
      // Sliding: a session in use is extended once a day.
      updateAge: DAY,
    },
    plugins: [
      // TOTP codes from an authenticator app, with backup codes.
      twoFactorPlugin({ issuer: "HBS" }),
      // WebAuthn, bound to the site's own host name (never an IP address:
      // browsers refuse those as relying parties).
      passkeyPlugin({ rpID: site.hostname, rpName: "HBS", origin: site.origin }),
      // Staff are users with the role "admin" (npm run admin:create); a banned
      // member cannot sign in, and their sessions end when they are banned.
      adminPlugin({
        defaultRole: "user",
        adminRoles: ["admin"],
        bannedUserMessage: "This account has been suspended. Please contact us if you think this is a mistake.",
      }),
    ],
    rateLimit: { enabled: true, storage: "database", modelName: "authRateLimit" },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      // Secure and named __Secure-hbs.session_token in production.
      useSecureCookies: secureCookies(),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      // server.ts sets this header from Express's req.ip, replacing any a client sent.
      ipAddress: { ipAddressHeaders: ["x-hbs-client-ip"] },
    },
  });
}

let cached: { database: Database; auth: ReturnType<typeof createAuth> } | undefined;

/** Better Auth bound to the current database (tests swap databases). */
export function auth() {
  const database = db();
  if (cached?.database !== database) cached = { database, auth: createAuth(database) };
  return cached.auth;
}

/** The user's one-line fields made one line (app/lib/text.ts); the rest as it came. */
function oneLineFields<Data extends Record<string, unknown>>(data: Data): Data {
  const cleaned: Record<string, unknown> = { ...data };
  for (const field of ["name", "fullName", "phone"]) {
    const value = cleaned[field];
    if (typeof value === "string") cleaned[field] = cleanLine(value).trim();
  }
  return cleaned as Data;
}

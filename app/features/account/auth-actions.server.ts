// The /auth page's three forms — sign in, sign up, forgot password — and the
// reset-password page's form, on the server: validate with the shared
// schemas, hold back repeated attempts, call Better Auth, and answer with the
// spec's messages (section 8).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { clientIpContext } from "~/context";
import type { ToastInput } from "~/lib/toast";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { logger } from "~/server/logger.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { user } from "~/server/schema";
import { redirectWithToast } from "~/server/toast.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import { getSessionUser } from "./session.server";
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema, twoFactorCodeSchema } from "./schemas";
import { safeRedirectPath } from "~/lib/links";
import { redirectInside } from "~/server/redirects.server";

export interface AuthActionData {
  result: SubmissionResult<string[]>;
  /** Shown as a toast with JavaScript, and above the form without. */
  toast: ToastInput;
}

const MINUTE = 60 * 1000;
/** Per-IP allowances; /api/auth's passkey endpoints count against them too. */
export const AUTH_RATE_LIMITS = {
  // Password and passkey sign-ins share this one.
  "sign-in": { limit: 10, windowMs: 15 * MINUTE },
  "sign-up": { limit: 5, windowMs: 60 * MINUTE },
  "forgot-password": { limit: 5, windowMs: 60 * MINUTE },
  "reset-password": { limit: 10, windowMs: 60 * MINUTE },
  "two-factor": { limit: 10, windowMs: 15 * MINUTE },
  // Each set of passkey options stores a challenge.
  "passkey-options": { limit: 30, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function answer(status: number, result: SubmissionResult<string[]>, toast: ToastInput) {
  return data<AuthActionData>({ result, toast: { type: "error", ...toast } }, { status });
}

/** The answer to a new password on the list of the most common ones. */
function commonPassword(submission: {
  reply: (options: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;
}) {
  return answer(400, submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }), {
    title: "Validation Error",
    description: COMMON_PASSWORD_MESSAGE,
  });
}

/** The first message of a failed validation, in the spec's 'Validation Error' toast. */
function invalid(submission: {
  reply: () => SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
}) {
  const first = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
  return answer(400, submission.reply(), { title: "Validation Error", description: first });
}

async function tooMany(kind: keyof typeof AUTH_RATE_LIMITS, { context }: Args) {
  const outcome = await hitRateLimit(db(), `${kind}:${context.get(clientIpContext)}`, AUTH_RATE_LIMITS[kind]);
  if (outcome.allowed) return null;
  const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
  return data<AuthActionData>(
    {
      result: { status: "error", error: {} },
      toast: {
        type: "error",
        title: "Too many attempts",
        description: `Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      },
    },
    { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
  );
}

async function signIn(args: Args, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") return invalid(submission);
  const refused = await tooMany("sign-in", args);
  if (refused) return refused;
  const { email, password, redirectTo } = submission.value;
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: args.request.headers,
      returnHeaders: true,
    });
    // With two-factor on, the password only opens the door to the code page.
    if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
      const next = new URLSearchParams({ redirectTo: safeRedirectPath(redirectTo) });
      return redirectInside(`/auth/two-factor?${next}`, { headers });
    }
    return redirectWithToast(
      safeRedirectPath(redirectTo),
      { type: "success", title: "Signed in successfully!" },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const reply = submission.reply({ hideFields: ["password"] });
    if (error.body?.code === "INVALID_EMAIL_OR_PASSWORD") {
      return answer(401, reply, { title: "Login failed", description: "Invalid email or password. Please try again." });
    }
    return answer(error.statusCode, reply, { title: error.message });
  }
}

async function emailTaken(email: string) {
  const [found] = await db().select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return Boolean(found);
}

async function signUp(args: Args, formData: FormData) {
  const submission = parseWithZod(formData, { schema: signUpSchema });
  if (submission.status !== "success") return invalid(submission);
  const { email, password, fullName, phone, marketingConsent } = submission.value;
  if (isCommonPassword(password)) return commonPassword(submission);
  const refused = await tooMany("sign-up", args);
  if (refused) return refused;
  // The spec tells a visitor that an address is taken; the rate limit above
  // keeps that from becoming a way to test many addresses.
  if (await emailTaken(email)) {
    return answer(409, submission.reply({ hideFields: ["password"] }), {
      title: "Account exists",
      description: "This email is already registered. Please sign in instead.",
    });
  }
  try {
    await auth().api.signUpEmail({
      body: {
        name: fullName ?? "",
        email,
        password,
        fullName: fullName ?? null,
        phone: phone ?? null,
        marketingConsent,
        callbackURL: "/email-verified",
      },
      headers: args.request.headers,
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return answer(error.statusCode, submission.reply({ hideFields: ["password"] }), { title: error.message });
  }
  return redirectWithToast("/auth?tab=sign-in", {
    type: "success",
    title: "Account created successfully! You can now sign in.",
  });
}

async function forgotPassword(args: Args, formData: FormData) {
  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  const refused = await tooMany("forgot-password", args);
  if (refused) return refused;
  // The same answer whether or not the address has an account.
  await auth().api.requestPasswordReset({ body: { email: submission.value.email, redirectTo: "/reset-password" } });
  return redirectWithToast("/auth?tab=sign-in", {
    type: "success",
    title: "Check your email",
    description: "We've sent you a password reset link. Please check your email inbox.",
  });
}

/**
 * After a passkey sign-in (the browser talked to /api/auth itself): moves on
 * with the spec's toast, and an action's revalidation updates the header.
 */
async function passkeySignedIn(args: Args, formData: FormData) {
  if (!(await getSessionUser(args.request))) {
    return answer(401, { status: "error", error: {} }, { title: "Login failed", description: "Please sign in again." });
  }
  return redirectWithToast(safeRedirectPath(formData.get("redirectTo")), {
    type: "success",
    title: "Signed in successfully!",
  });
}

const intents = {
  "sign-in": signIn,
  "sign-up": signUp,
  "forgot-password": forgotPassword,
  "passkey-signed-in": passkeySignedIn,
};

/** Reads the form within limits and hands it on, or answers why it cannot be read. */
async function withForm(args: Args, handle: (formData: FormData) => Promise<Response | ReturnType<typeof answer>>) {
  let formData: FormData;
  try {
    formData = await readFormData(args.request, TEXT_FORM_LIMITS);
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return answer(error.status, { status: "error", error: {} }, { title: error.message });
  }
  return handle(formData);
}

/** The /auth page's action: one of its three forms, told apart by `intent`. */
export function authPageAction(args: Args) {
  return withForm(args, (formData) => {
    const handler = intents[String(formData.get("intent")) as keyof typeof intents];
    if (!handler) {
      return Promise.resolve(
        answer(400, { status: "error", error: {} }, { title: "Please use the forms on this page." }),
      );
    }
    return handler(args, formData);
  });
}

/** The reset-password page's action: a new password for the token of the e-mailed link. */
export function resetPasswordAction(args: Args) {
  return withForm(args, (formData) => resetPassword(args, formData));
}

async function resetPassword(args: Args, formData: FormData) {
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  const { token, password } = submission.value;
  if (isCommonPassword(password)) return commonPassword(submission);
  const refused = await tooMany("reset-password", args);
  if (refused) return refused;
  try {
    await auth().api.resetPassword({ body: { newPassword: password, token } });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.info({ code: error.body?.code }, "password reset refused");
    const message = "This reset link has expired or has already been used. Please ask for a new one.";
    return answer(400, submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }), {
      title: "Error",
      description: message,
    });
  }
  return redirectWithToast("/auth?tab=sign-in", {
    type: "success",
    title: "Password updated",
    description: "You can now sign in with your new password.",
  });
}

/** The code page after a password, for members with two-factor on. */
export function twoFactorAction(args: Args) {
  return withForm(args, (formData) => verifySecondFactor(args, formData));
}

async function verifySecondFactor(args: Args, formData: FormData) {
  const submission = parseWithZod(formData, { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return invalid(submission);
  const refused = await tooMany("two-factor", args);
  if (refused) return refused;
  const { code, redirectTo } = submission.value;
  const body = { code: code.replace(/\s+/g, "") };
  try {
    const { headers } = /^\d{6}$/.test(body.code)
      ? await auth().api.verifyTOTP({ body, headers: args.request.headers, returnHeaders: true })
      : await auth().api.verifyBackupCode({ body, headers: args.request.headers, returnHeaders: true });
    return redirectWithToast(
      safeRedirectPath(redirectTo),
      { type: "success", title: "Signed in successfully!" },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const expired =
      error.statusCode === 401 && error.body?.code !== "INVALID_CODE" && error.body?.code !== "INVALID_BACKUP_CODE";
    const message = expired
      ? "Your sign-in has expired. Please sign in again."
      : "That code is not right. Please try again.";
    return answer(error.statusCode, submission.reply({ fieldErrors: { code: [message] } }), {
      title: "Login failed",
      description: message,
    });
  }
}

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
import { forgotPasswordSchema, resetPasswordSchema, signInSchema, signUpSchema } from "./schemas";
import { safeRedirectPath } from "~/lib/links";

export interface AuthActionData {
  result: SubmissionResult<string[]>;
  /** Shown as a toast with JavaScript, and above the form without. */
  toast: ToastInput;
}

const MINUTE = 60 * 1000;
const limits = {
  "sign-in": { limit: 10, windowMs: 15 * MINUTE },
  "sign-up": { limit: 5, windowMs: 60 * MINUTE },
  "forgot-password": { limit: 5, windowMs: 60 * MINUTE },
  "reset-password": { limit: 10, windowMs: 60 * MINUTE },
} satisfies Record<string, RateLimitRule>;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function answer(status: number, result: SubmissionResult<string[]>, toast: ToastInput) {
  return data<AuthActionData>({ result, toast: { type: "error", ...toast } }, { status });
}

/** The first message of a failed validation, in the spec's 'Validation Error' toast. */
function invalid(submission: {
  reply: () => SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
}) {
  const first = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form.";
  return answer(400, submission.reply(), { title: "Validation Error", description: first });
}

async function tooMany(kind: keyof typeof limits, { context }: Args) {
  const outcome = await hitRateLimit(db(), `${kind}:${context.get(clientIpContext)}`, limits[kind]);
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
    const { headers } = await auth().api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: args.request.headers,
      returnHeaders: true,
    });
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
  if (isCommonPassword(password)) {
    return answer(400, submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }), {
      title: "Validation Error",
      description: COMMON_PASSWORD_MESSAGE,
    });
  }
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

const intents = { "sign-in": signIn, "sign-up": signUp, "forgot-password": forgotPassword };

async function readForm(request: Request) {
  try {
    return await readFormData(request, TEXT_FORM_LIMITS);
  } catch (error) {
    if (error instanceof FormBodyError) return error;
    throw error;
  }
}

/** The /auth page's action: one of its three forms, told apart by `intent`. */
export async function authPageAction(args: Args) {
  const formData = await readForm(args.request);
  if (formData instanceof FormBodyError) {
    return answer(formData.status, { status: "error", error: {} }, { title: formData.message });
  }
  const handler = intents[String(formData.get("intent")) as keyof typeof intents];
  if (!handler) return answer(400, { status: "error", error: {} }, { title: "Please use the forms on this page." });
  return handler(args, formData);
}

/** The reset-password page's action: a new password for the token of the e-mailed link. */
export async function resetPasswordAction(args: Args) {
  const formData = await readForm(args.request);
  if (formData instanceof FormBodyError) {
    return answer(formData.status, { status: "error", error: {} }, { title: formData.message });
  }
  const submission = parseWithZod(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") return invalid(submission);
  const { token, password } = submission.value;
  if (isCommonPassword(password)) {
    return answer(400, submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] } }), {
      title: "Validation Error",
      description: COMMON_PASSWORD_MESSAGE,
    });
  }
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

// /my-account's forms on the server: the profile (spec section 2), and what
// UK members expect beyond it: change password, sign out other devices,
// delete the account. Each acts on the session's own user only.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { APIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { data } from "react-router";
import { removeSubmissionLeftovers, submissionLeftovers } from "~/features/owners/submissions.server";
import { memberReviewPhotoNames, removePhotoFiles } from "~/features/reviews/photos.server";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { logger } from "~/server/logger.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { enquiry, user as userTable } from "~/server/schema";
import { redirectWithToast } from "~/server/toast.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";
import { removePasskey, updateProfile } from "./member.server";
import {
  changePasswordSchema,
  CHOOSE_A_PASSWORD_FIRST,
  passwordConfirmSchema,
  profileSchema,
  twoFactorCodeSchema,
} from "./schemas";
import type { SessionUser } from "./session.server";

export type SettingsIntent =
  "profile" | "change-password" | "delete-account" | "enable-2fa" | "verify-2fa" | "disable-2fa";

export interface TwoFactorSetup {
  /** The otpauth:// address as a QR code, a data: URL of an SVG. */
  qrCode: string;
  /** The same secret to type in by hand. */
  secret: string;
  backupCodes: string[];
}

export interface SettingsActionData {
  intent: SettingsIntent;
  result: SubmissionResult<string[]>;
  setup?: TwoFactorSetup;
}

const answer = (intent: SettingsIntent, result: SubmissionResult<string[]>, status = 400) =>
  data<SettingsActionData>({ intent, result }, { status });

/**
 * The forms that check the member's password or a code: a stolen session must
 * not become a way to guess the password. Counted per member and per network,
 * as sign-in is per network (auth-actions.server.ts).
 */
export const PASSWORD_CHECK_LIMITS = {
  member: { limit: 10, windowMs: 15 * 60 * 1000 },
  network: { limit: 30, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;
const CHECKS_PASSWORD = ["change-password", "delete-account", "enable-2fa", "verify-2fa", "disable-2fa"] as const;

async function tooManyChecks(intent: SettingsIntent, user: SessionUser, ip: string) {
  const [member, network] = await Promise.all([
    hitRateLimit(db(), `password-check:${user.id}`, PASSWORD_CHECK_LIMITS.member),
    hitRateLimit(db(), `password-check-network:${ip}`, PASSWORD_CHECK_LIMITS.network),
  ]);
  if (member.allowed && network.allowed) return null;
  const seconds = Math.max(
    member.allowed ? 0 : member.retryAfterSeconds,
    network.allowed ? 0 : network.retryAfterSeconds,
  );
  const minutes = Math.ceil(seconds / 60);
  return data<SettingsActionData>(
    {
      intent,
      result: {
        status: "error",
        error: { "": [`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`] },
      },
    },
    { status: 429, headers: { "Retry-After": String(seconds) } },
  );
}

async function saveProfile(formData: FormData, user: SessionUser) {
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return answer("profile", submission.reply());
  try {
    await updateProfile(user.id, submission.value);
  } catch (error) {
    logger.error({ err: error }, "profile update failed");
    return redirectWithToast("/my-account", { type: "error", title: "Failed to update profile" });
  }
  return redirectWithToast("/my-account", { type: "success", title: "Your profile has been updated" });
}

async function changePassword(formData: FormData, request: Request, user: SessionUser) {
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  if (submission.status !== "success") return answer("change-password", submission.reply());
  const { currentPassword, newPassword } = submission.value;
  const hide = { hideFields: ["currentPassword", "newPassword"] };
  if (isCommonPassword(newPassword)) {
    return answer(
      "change-password",
      submission.reply({ ...hide, fieldErrors: { newPassword: [COMMON_PASSWORD_MESSAGE] } }),
    );
  }
  try {
    // The other devices are signed out; this one gets a fresh session cookie.
    const { headers } = await auth().api.changePassword({
      body: { currentPassword, newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    // A one-time password is spent: the account is its own from now on (decision 0065).
    if (user.mustChangePassword)
      await db().update(userTable).set({ mustChangePassword: false }).where(eq(userTable.id, user.id));
    return redirectWithToast(
      user.mustChangePassword ? (user.role === "admin" ? "/admin" : "/") : "/my-account",
      { type: "success", title: "Your password has been changed", description: "Your other devices are signed out." },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const message = error.body?.code === "INVALID_PASSWORD" ? "Your current password is not right" : error.message;
    return answer("change-password", submission.reply({ ...hide, fieldErrors: { currentPassword: [message] } }));
  }
}

async function signOutOtherDevices(request: Request) {
  await auth().api.revokeOtherSessions({ headers: request.headers });
  return redirectWithToast("/my-account", { type: "success", title: "Your other devices are signed out" });
}

async function deleteAccount(formData: FormData, request: Request, user: SessionUser) {
  const submission = parseWithZod(formData, { schema: passwordConfirmSchema });
  if (submission.status !== "success") return answer("delete-account", submission.reply());
  const hide = { hideFields: ["password"] };
  // Checked first, so that nothing is touched for a wrong password.
  const valid = await auth()
    .api.verifyPassword({ body: { password: submission.value.password }, headers: request.headers })
    .catch(() => null);
  if (!valid?.status) {
    return answer(
      "delete-account",
      submission.reply({ ...hide, fieldErrors: { password: ["That password is not right"] } }),
    );
  }
  const submissions = await submissionLeftovers(user.id);
  // Their reviews go with the account (the cascade); the photos under them are files, removed once it has gone.
  const reviewPhotos = await memberReviewPhotoNames(user.id);
  // What the member sent stays as a record of the enquiry, without who they are.
  await db()
    .update(enquiry)
    .set({
      userId: null,
      fields: sql`jsonb_build_object('anonymised', true)`,
      subject: sql`case when ${enquiry.kind} in ('contact', 'listing_submission') then 'Deleted by its sender' else ${enquiry.subject} end`,
    })
    .where(eq(enquiry.userId, user.id));
  const { headers } = await auth().api.deleteUser({
    body: { password: submission.value.password },
    headers: request.headers,
    returnHeaders: true,
  });
  await removePhotoFiles(reviewPhotos);
  await removeSubmissionLeftovers(submissions);
  return redirectWithToast(
    "/",
    { type: "success", title: "Your account has been deleted", description: "We have removed what we held about you." },
    { headers },
  );
}

async function enableTwoFactor(formData: FormData, request: Request) {
  const submission = parseWithZod(formData, { schema: passwordConfirmSchema });
  if (submission.status !== "success") return answer("enable-2fa", submission.reply());
  try {
    const enabled = await auth().api.enableTwoFactor({
      body: { password: submission.value.password, method: "totp" },
      headers: request.headers,
    });
    if (enabled.method !== "totp") throw new Error("expected a TOTP set-up");
    const { totpURI, backupCodes } = enabled;
    const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1 });
    const setup: TwoFactorSetup = {
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      secret: new URL(totpURI).searchParams.get("secret") ?? "",
      backupCodes,
    };
    return data<SettingsActionData>({ intent: "enable-2fa", result: submission.reply({ resetForm: true }), setup });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return answer("enable-2fa", submission.reply({ fieldErrors: { password: ["That password is not right"] } }));
  }
}

async function verifyTwoFactor(formData: FormData, request: Request) {
  const submission = parseWithZod(formData, { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return answer("verify-2fa", submission.reply());
  try {
    // The first good code turns two-factor on, and renews this session.
    const { headers } = await auth().api.verifyTOTP({
      body: { code: submission.value.code.replace(/\s+/g, "") },
      headers: request.headers,
      returnHeaders: true,
    });
    return redirectWithToast(
      "/my-account",
      { type: "success", title: "Two-factor authentication is on", description: "Keep your backup codes safe." },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return answer(
      "verify-2fa",
      submission.reply({ fieldErrors: { code: ["That code is not right. Please try again."] } }),
    );
  }
}

async function disableTwoFactor(formData: FormData, request: Request) {
  const submission = parseWithZod(formData, { schema: passwordConfirmSchema });
  if (submission.status !== "success") return answer("disable-2fa", submission.reply());
  try {
    await auth().api.disableTwoFactor({ body: { password: submission.value.password }, headers: request.headers });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    return answer("disable-2fa", submission.reply({ fieldErrors: { password: ["That password is not right"] } }));
  }
  return redirectWithToast("/my-account", { type: "success", title: "Two-factor authentication is off" });
}

async function removeOwnPasskey(formData: FormData, user: SessionUser) {
  const passkeyId = formData.get("passkeyId");
  // Another member's passkey id, or a stale one, removes nothing.
  const removed = typeof passkeyId === "string" && (await removePasskey(user.id, passkeyId));
  return redirectWithToast(
    "/my-account",
    removed ? { type: "success", title: "Passkey removed" } : { type: "error", title: "That passkey was not found" },
  );
}

/** The action of /my-account: one of its forms, told apart by `intent`. */
export async function accountSettingsAction(request: Request, user: SessionUser, ip: string) {
  let formData: FormData;
  try {
    formData = await readFormData(request, TEXT_FORM_LIMITS);
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return answer("profile", { status: "error", error: { "": [error.message] } }, error.status);
  }
  const intent = formData.get("intent");
  if (user.mustChangePassword && intent !== "change-password") {
    return answer("change-password", { status: "error", error: { "": [CHOOSE_A_PASSWORD_FIRST] } }, 403);
  }
  const checking = CHECKS_PASSWORD.find((checked) => checked === intent);
  if (checking) {
    const refused = await tooManyChecks(checking, user, ip);
    if (refused) return refused;
  }
  switch (intent) {
    case "change-password":
      return changePassword(formData, request, user);
    case "sign-out-others":
      return signOutOtherDevices(request);
    case "delete-account":
      return deleteAccount(formData, request, user);
    case "enable-2fa":
      return enableTwoFactor(formData, request);
    case "verify-2fa":
      return verifyTwoFactor(formData, request);
    case "disable-2fa":
      return disableTwoFactor(formData, request);
    case "remove-passkey":
      return removeOwnPasskey(formData, user);
    default:
      return saveProfile(formData, user);
  }
}

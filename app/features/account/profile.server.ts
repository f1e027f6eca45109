import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readFormData, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import { updateProfile } from "./member.server";
import { profileSchema } from "./schemas";

export interface ProfileActionData {
  result: SubmissionResult<string[]>;
}

/** Saves the signed-in member's profile, with the spec's toasts (section 8). */
export async function saveProfile(request: Request, userId: string) {
  const formData = await readFormData(request, TEXT_FORM_LIMITS).catch(() => null);
  if (!formData) {
    return data<ProfileActionData>(
      { result: { status: "error", error: { "": ["Failed to update profile"] } } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return data<ProfileActionData>({ result: submission.reply() }, { status: 400 });
  }
  try {
    await updateProfile(userId, submission.value);
  } catch (error) {
    logger.error({ err: error }, "profile update failed");
    return redirectWithToast("/my-account", { type: "error", title: "Failed to update profile" });
  }
  return redirectWithToast("/my-account", { type: "success", title: "Your profile has been updated" });
}

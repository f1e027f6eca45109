import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readStaffAction, refuse } from "~/features/admin/form.server";
import { setReviewWarning } from "~/features/reviews/moderation.server";
import { warningSchema } from "~/features/reviews/review-rules";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/review-warning";

/** Staff set or clear the warning on a business found buying reviews (the form is on the business's back-office page). */
export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  let warning: string | null = null;
  if (intent === "set") {
    const submission = parseWithZod(formData, { schema: warningSchema });
    if (submission.status !== "success")
      return refuse(400, submission.error?.warning?.[0] ?? "Please write the warning");
    warning = submission.value.warning;
  } else if (intent !== "clear") {
    return refuse(400, "Unknown action");
  }
  if (!(await setReviewWarning(admin, id, warning))) throw data(null, { status: 404 });
  return redirectWithToast(`/admin/directory/${id}`, {
    type: "success",
    title: warning ? "Review warning shown on the business's page" : "Review warning removed",
  });
}

import { readStaffAction, refuse } from "~/features/admin/form.server";
import { decideClosure } from "~/features/directory/closures.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/closure";

/** Staff decide on a business members reported closed (decision 0092); the form is on its back-office page. */
export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent } = sent;
  if (intent !== "open" && intent !== "closed") return refuse(400, "Unknown action");
  const decided = await decideClosure(admin, id, intent);
  return redirectWithToast(
    `/admin/directory/${id}`,
    decided
      ? {
          type: "success",
          title: intent === "closed" ? "Marked closed and taken out of the directory" : "Marked as still open",
        }
      : { type: "error", title: "This business is not reported closed any more" },
  );
}

import { readStaffAction, refuse } from "~/features/admin/form.server";
import { decideCertificate } from "~/features/directory/certificates.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/certificate";

/** Staff show a certificate photo on the business's page, or turn it down (decision 0094). */
export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  if (intent !== "show" && intent !== "reject") return refuse(400, "Unknown action");
  const photoId = Number(formData.get("photoId"));
  const decided = Number.isSafeInteger(photoId) && (await decideCertificate(admin, id, photoId, intent === "show"));
  return redirectWithToast(
    `/admin/directory/${id}`,
    decided
      ? {
          type: "success",
          title: intent === "show" ? "Certificate photo shown on the page" : "Certificate photo turned down",
        }
      : { type: "error", title: "This photo no longer waits" },
  );
}

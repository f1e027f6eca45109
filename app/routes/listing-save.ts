import { toggleSavedListing } from "~/features/account/member.server";
import { getSessionUser } from "~/features/account/session.server";
import { listingForViewer } from "~/features/marketplace/listings.server";
import { safeRedirectPath } from "~/lib/links";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/listing-save";

// The save toggle of a listing (spec section 4), with the spec's toasts.
export async function action({ request, params }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const back = safeRedirectPath(form.get("redirectTo"), `/buy/${params.slug}`);
  const user = await getSessionUser(request);
  if (!user) {
    return redirectWithToast(`/auth?redirectTo=${encodeURIComponent(back)}`, {
      type: "error",
      title: "Sign in required",
      description: "Please sign in to save listings.",
    });
  }
  // A confidential listing's own slug is not found without its NDA, like a made-up one (decision 0062).
  const found = await listingForViewer(params.slug, user);
  let done: "added" | "removed" | undefined;
  try {
    if (found.kind !== "found" || found.row.status !== "published") {
      throw new Error(`listing ${params.slug} is not for sale`);
    }
    done = await toggleSavedListing(user.id, found.row.id);
  } catch (error) {
    logger.warn({ err: error }, "save toggle failed");
  }
  if (done === "added") {
    return redirectWithToast(back, {
      type: "success",
      title: "Saved!",
      description: "Listing added to your saved items",
    });
  }
  if (done === "removed") {
    return redirectWithToast(back, { type: "success", title: "Removed", description: "Listing removed from saved" });
  }
  return redirectWithToast(back, { type: "error", title: "Error", description: "Failed to save listing." });
}

import { toggleFavourite } from "~/features/account/member.server";
import { getSessionUser, signInFirst } from "~/features/account/session.server";
import { getBusinessBySlug } from "~/features/directory/businesses.server";
import { safeRedirectPath } from "~/lib/links";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { logger } from "~/server/logger.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-favourite";

// The heart on a directory card (spec section 4): a member's favourite is
// added or removed; a visitor is sent to sign in with the spec's message, then
// back to where they were.
export async function action({ request, params }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const back = safeRedirectPath(form.get("redirectTo"), "/halal-network-space");
  const user = await getSessionUser(request);
  if (!user) {
    return signInFirst(back, "Please sign in to save favorite businesses.");
  }
  const business = await getBusinessBySlug(params.slug);
  try {
    if (!business) throw new Error(`no business ${params.slug}`);
    const done = await toggleFavourite(user.id, business.id);
    return redirectWithToast(back, {
      type: "success",
      title: done === "added" ? "Business added to your favorites!" : "Business removed from favorites.",
    });
  } catch (error) {
    logger.warn({ err: error }, "favourite toggle failed");
    return redirectWithToast(back, { type: "error", title: "Failed to update favorites. Please try again." });
  }
}

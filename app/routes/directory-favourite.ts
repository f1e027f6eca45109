import { safeRedirectPath } from "~/lib/links";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-favourite";

// The heart on a directory card. Favourites need an account: a visitor is sent
// to sign in with the spec's message, then back to where they were.
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"), "/halal-network-space");
  return redirectWithToast(`/auth?redirectTo=${encodeURIComponent(back)}`, {
    type: "error",
    title: "Authentication Required",
    description: "Please sign in to save favorite businesses.",
  });
}

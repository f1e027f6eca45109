import { data } from "react-router";
import { clientIpContext } from "~/context";
import { getSessionUser, signInFirst } from "~/features/account/session.server";
import { getBusinessBySlug } from "~/features/directory/businesses.server";
import { sendCertificatePhoto } from "~/features/directory/certificates.server";
import { MAX_PHOTO_BYTES } from "~/lib/forms/form-rules";
import { formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-certificate";

const LIMITS = { maxFiles: 1, maxFileSize: MAX_PHOTO_BYTES, maxTotalSize: MAX_PHOTO_BYTES + 16 * 1024, maxParts: 10 };

// A photo of the business's halal certificate (decision 0094), from its owner
// or a diner; a visitor is sent to sign in and brought back.
export async function action({ request, params, context }: Route.ActionArgs) {
  const back = `/halal-network-space/${encodeURIComponent(params.slug)}`;
  const user = await getSessionUser(request);
  if (!user) {
    return signInFirst(back, "Please sign in to send a photo of the certificate.");
  }
  const form = await formOrRefusal(request, LIMITS);
  if (form instanceof Response) return form;
  const business = await getBusinessBySlug(params.slug);
  if (!business || !business.published) throw data(null, { status: 404 });
  const file = form.get("photo");
  const outcome =
    file instanceof File && file.size > 0
      ? await sendCertificatePhoto(user, business.id, file, context.get(clientIpContext))
      : { error: "Please choose a photo of the certificate." };
  if (outcome === "not-found") throw data(null, { status: 404 });
  const where = `${back}#halal-status-title`;
  if (outcome === "sent") {
    return redirectWithToast(where, {
      type: "success",
      title: "Thank you: our team will check the photo before it is shown.",
    });
  }
  return redirectWithToast(where, {
    type: "error",
    title: outcome === "rate-limited" ? "Too many photos sent. Please try again later." : outcome.error,
  });
}

import { getSessionUser, signInFirst } from "~/features/account/session.server";
import { getBusinessBySlug } from "~/features/directory/businesses.server";
import { confirmBusiness, type ConfirmOutcome } from "~/features/directory/confirmations.server";
import { clientIpContext } from "~/context";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-confirm";

const told: Record<ConfirmOutcome, { type: "success" | "error"; title: string; description?: string }> = {
  confirmed: { type: "success", title: "Thank you: your confirmation is recorded." },
  already: { type: "success", title: "You have already confirmed this business this month." },
  own: { type: "error", title: "You cannot confirm your own business." },
  unverified: { type: "error", title: "Please verify your e-mail address before confirming a business." },
  banned: { type: "error", title: "Your account cannot confirm businesses." },
  "rate-limited": { type: "error", title: "Too many confirmations. Please try again later." },
  "not-found": { type: "error", title: "This business is no longer listed." },
};

// "Still as described" on a business's page (decision 0091): a member's
// confirmation, once a month; a visitor is sent to sign in and brought back.
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const back = `/halal-network-space/${encodeURIComponent(params.slug)}`;
  const user = await getSessionUser(request);
  if (!user) {
    return signInFirst(back, "Please sign in to confirm a business.");
  }
  const business = await getBusinessBySlug(params.slug);
  const outcome =
    business && business.published
      ? await confirmBusiness(user, business.id, context.get(clientIpContext))
      : "not-found";
  return redirectWithToast(
    outcome === "not-found" ? "/halal-network-space" : `${back}#halal-status-title`,
    told[outcome],
  );
}

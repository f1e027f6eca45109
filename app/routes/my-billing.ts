import { requireUser } from "~/features/account/session.server";
import { openBillingPortal } from "~/features/payments/billing.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-billing";
import { redirectInside, redirectOutside } from "~/server/redirects.server";

// 'Manage billing' on /my-subscriptions: to Stripe's customer portal, where
// the member cancels or changes their card; Stripe's webhooks tell us after.
export async function action({ request }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const user = await requireUser(request);
  const outcome = await openBillingPortal(user.id);
  if (outcome.ok) return redirectOutside(outcome.url, 303);
  return redirectWithToast("/my-subscriptions", { type: "error", title: outcome.message });
}

export function loader() {
  return redirectInside("/my-subscriptions");
}

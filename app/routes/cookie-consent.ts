import { CONSENT_KEY, isConsentChoice } from "~/lib/consent";
import { safeRedirectPath } from "~/lib/links";
import { secureCookies } from "~/server/cookies.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import type { Route } from "./+types/cookie-consent";
import { redirectInside } from "~/server/redirects.server";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

// The cookie banner's buttons post here; without JavaScript this is how the
// choice is kept. Strictly necessary, so it needs no consent of its own.
export async function action({ request }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const choice = form.get("choice");
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (!isConsentChoice(choice)) {
    return new Response("Choose 'Accept all' or 'Decline'.", { status: 400 });
  }
  // Only the server reads it (to leave the banner out), so scripts need not.
  const secure = secureCookies() ? "; Secure" : "";
  return redirectInside(redirectTo, {
    headers: {
      "set-cookie": `${CONSENT_KEY}=${choice}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`,
    },
  });
}

export function loader() {
  return redirectInside("/");
}

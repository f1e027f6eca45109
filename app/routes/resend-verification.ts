import { refererPath } from "~/lib/links";
import { clientIpContext } from "~/context";
import { requireUser } from "~/features/account/session.server";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/resend-verification";
import { redirectInside } from "~/server/redirects.server";

export const loader = () => redirectInside("/");

/** The banner's 'Resend': a new confirmation link, three an hour at most. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const back = refererPath(request);
  const limit = await hitRateLimit(db(), `verify-email:${user.id}:${context.get(clientIpContext)}`, {
    limit: 3,
    windowMs: 60 * 60 * 1000,
  });
  if (!limit.allowed) {
    return redirectWithToast(back, {
      type: "error",
      title: "Too many attempts",
      description: `Please try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`,
    });
  }
  if (!user.emailVerified) {
    await auth().api.sendVerificationEmail({ body: { email: user.email, callbackURL: "/email-verified" } });
  }
  return redirectWithToast(back, {
    type: "success",
    title: "Check your email",
    description: "We've sent you a new link to confirm your e-mail address.",
  });
}

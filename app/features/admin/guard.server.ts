// The back office is for staff only. The admin layout route runs this
// middleware before every loader and action under /admin, so no page or form
// there can be reached without it: visitors go to /auth, members get a 403.
import { createContext, data, type MiddlewareFunction } from "react-router";
import { getSessionUser, type SessionUser } from "~/features/account/session.server";
import { redirectInside } from "~/server/redirects.server";

const adminContext = createContext<SessionUser | null>(null);

export const requireAdmin: MiddlewareFunction<Response> = async ({ request, context }) => {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirectInside(`/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
  }
  if (user.role !== "admin") throw data("This page is for HBS staff only.", { status: 403 });
  context.set(adminContext, user);
};

/** The member of staff making this request (set by requireAdmin). */
export function currentAdmin(context: { get: (key: typeof adminContext) => SessionUser | null }) {
  const admin = context.get(adminContext);
  if (!admin) throw new Error("requireAdmin did not run for this route");
  return admin;
}

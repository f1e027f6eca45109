// Who is signed in, read from Better Auth's session cookie on the server.
import { redirect } from "react-router";
import { auth } from "~/server/auth.server";

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

/** The signed-in user, or null. Never extends the session (the root loader does). */
export async function getSessionUser(request: Request) {
  const found = await auth().api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  return found?.user ?? null;
}

/**
 * The session for the root loader, with the cookie to send back when Better
 * Auth slid its expiry forward (at most once a day).
 */
export async function readSession(request: Request) {
  const { headers, response } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  return { user: response?.user ?? null, headers };
}

/** The signed-in user; anyone else goes to /auth first, and comes back here after. */
export async function requireUser(request: Request) {
  const user = await getSessionUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/** The account button's label: full name, else the part of the e-mail before @, else 'Account'. */
export function displayName(user: { fullName?: string | null; email?: string | null }) {
  return user.fullName?.trim() || user.email?.split("@")[0] || "Account";
}

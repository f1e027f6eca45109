// Who is signed in, read from Better Auth's session cookie on the server.
import { getSessionCookie } from "better-auth/cookies";
import { auth, AUTH_COOKIE_PREFIX } from "~/server/auth.server";
import { redirectInside } from "~/server/redirects.server";

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

/** Most page views are visitors': without a session cookie there is nothing to look up. */
function hasSessionCookie(request: Request) {
  return getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null;
}

/** The signed-in session and its user, or null. Never extends the session (the root loader does). */
function findSession(request: Request) {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  return auth().api.getSession({ headers: request.headers, query: { disableRefresh: true } });
}

/** The signed-in user, or null. */
export async function getSessionUser(request: Request) {
  return (await findSession(request))?.user ?? null;
}

/**
 * The session for the root loader, with the cookie to send back when Better
 * Auth slid its expiry forward (at most once a day).
 */
export async function readSession(request: Request) {
  if (!hasSessionCookie(request)) return { user: null, headers: new Headers() };
  const { headers, response } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  return { user: response?.user ?? null, headers };
}

/** The session and its user; anyone else goes to /auth first, and comes back here after. */
export async function requireSession(request: Request) {
  const found = await findSession(request);
  if (found) return found;
  const url = new URL(request.url);
  throw redirectInside(`/auth?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`);
}

/** The signed-in user, as requireSession. */
export async function requireUser(request: Request) {
  return (await requireSession(request)).user;
}

/** The account button's label: full name, else the part of the e-mail before @, else 'Account'. */
export function displayName(user: { fullName?: string | null; email?: string | null }) {
  return user.fullName?.trim() || user.email?.split("@")[0] || "Account";
}

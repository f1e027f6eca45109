// Who is signed in, read from Better Auth's session cookie on the server.
import { getSessionCookie } from "better-auth/cookies";
import { auth, AUTH_COOKIE_PREFIX } from "~/server/auth.server";
import { redirectInside } from "~/server/redirects.server";
import { redirectWithToast } from "~/server/toast.server";

export type SessionUser = NonNullable<Awaited<ReturnType<typeof getSessionUser>>>;

/** Most page views are visitors': without a session cookie there is nothing to look up. */
function hasSessionCookie(request: Request) {
  return getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null;
}

/** Where an account that must choose a new password may go meanwhile (decision 0065). */
export const NEW_PASSWORD_PAGE = "/my-account";
const OPEN_TO_A_NEW_PASSWORD = new Set([NEW_PASSWORD_PAGE, "/logout"]);

/**
 * An account made with a one-time password chooses its own before anything
 * else: any other page or form sends it to /my-account. Every way the server
 * reads a session passes here, so no loader or action is reached before.
 */
function requireNewPasswordFirst<Found extends { user: { mustChangePassword?: boolean | null } } | null>(
  request: Request,
  found: Found,
): Found {
  if (!found?.user.mustChangePassword) return found;
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  if (OPEN_TO_A_NEW_PASSWORD.has(path)) return found;
  throw redirectInside(NEW_PASSWORD_PAGE);
}

/** The signed-in session and its user, or null. Never extends the session (the root loader does). */
async function findSession(request: Request) {
  if (!hasSessionCookie(request)) return null;
  return requireNewPasswordFirst(
    request,
    await auth().api.getSession({ headers: request.headers, query: { disableRefresh: true } }),
  );
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
  return { user: requireNewPasswordFirst(request, response)?.user ?? null, headers };
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

/**
 * A visitor's post that needs a member (a favourite, a confirmation, a photo):
 * to /auth with the spec's "Authentication Required" toast saying why, and
 * back to `back` once signed in.
 */
export function signInFirst(back: string, description: string) {
  return redirectWithToast(`/auth?redirectTo=${encodeURIComponent(back)}`, {
    type: "error",
    title: "Authentication Required",
    description,
  });
}

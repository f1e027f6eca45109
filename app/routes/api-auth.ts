import { clientIpContext } from "~/context";
import { AUTH_RATE_LIMITS } from "~/features/account/auth-actions.server";
import { auth } from "~/server/auth.server";
import { db } from "~/server/db.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import type { Route } from "./+types/api-auth";

// Better Auth's own HTTP endpoints, open only where we need them: the links it
// e-mails (verification, password reset) and the passkey ceremony, which the
// browser's WebAuthn API has to drive. Everything else — signing up or in with
// a password, changing one — goes through our forms and actions, with our
// checks (common passwords, rate limits, the spec's messages), so it is closed.
const open: { method: "GET" | "POST"; path: RegExp; limit?: keyof typeof AUTH_RATE_LIMITS }[] = [
  { method: "GET", path: /^\/api\/auth\/verify-email$/ },
  { method: "GET", path: /^\/api\/auth\/reset-password\/[^/]+$/ },
  // Each set of options stores a challenge, so asking for them is limited too.
  {
    method: "GET",
    path: /^\/api\/auth\/passkey\/generate-(register|authenticate)-options$/,
    limit: "passkey-options",
  },
  { method: "POST", path: /^\/api\/auth\/passkey\/verify-registration$/ },
  { method: "POST", path: /^\/api\/auth\/passkey\/verify-authentication$/, limit: "sign-in" },
];

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { pathname } = new URL(request.url);
  const endpoint = open.find(({ method, path }) => method === request.method && path.test(pathname));
  if (!endpoint) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  if (endpoint.limit) {
    const { limit } = endpoint;
    const outcome = await hitRateLimit(db(), `${limit}:${context.get(clientIpContext)}`, AUTH_RATE_LIMITS[limit]);
    if (!outcome.allowed) {
      return Response.json(
        { code: "TOO_MANY_REQUESTS", message: "Too many attempts. Please try again later." },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  }
  return auth().handler(request);
}

export const loader = handle;
export const action = handle;

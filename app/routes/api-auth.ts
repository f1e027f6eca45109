import { auth } from "~/server/auth.server";
import type { Route } from "./+types/api-auth";

// Better Auth's own HTTP endpoints, open only where we need them: the links it
// e-mails (verification, password reset). Everything else — signing up or in,
// changing a password — goes through our forms and actions, with our checks
// (common passwords, rate limits, the spec's messages), so it is closed here.
const open = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/];

const notFound = () => new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return open.some((path) => path.test(pathname)) ? auth().handler(request) : notFound();
}

export const action = notFound;

import { clientIpContext } from "~/context";
import { getSessionUser } from "~/features/account/session.server";
import { liveStream } from "~/server/live.server";
import type { Route } from "./+types/events";

/** The live stream of a signed-in member's pages (decision 0032); nobody else has one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (!user) return new Response("Sign in to receive live updates.", { status: 401 });
  return liveStream({ id: user.id, isStaff: user.role === "admin" }, context.get(clientIpContext), request.signal);
}

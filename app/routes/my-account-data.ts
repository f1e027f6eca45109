import { exportMemberData } from "~/features/account/member.server";
import { requireUser } from "~/features/account/session.server";
import type { Route } from "./+types/my-account-data";

// 'Download my data': everything we hold about the signed-in member, as JSON.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportMemberData(user.id), null, 2);
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": 'attachment; filename="hbs-my-data.json"',
      "cache-control": "no-store",
    },
  });
}

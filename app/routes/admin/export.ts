// /admin/export/<list>: a back-office list as a CSV download, searched, filtered
// and sorted as its page was. Exports of members' details are audited.
import { data } from "react-router";
import { recordAudit } from "~/server/audit.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { exportAdminList } from "~/features/admin/lists/admin-list.server";
import { adminLists } from "~/features/admin/lists/registry.server";
import { londonDay } from "~/lib/dates";
import { db } from "~/server/db.server";
import type { Route } from "./+types/export";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const list = Object.hasOwn(adminLists, params.list) ? adminLists[params.list] : undefined;
  if (!list) throw data("There is no such list to export.", { status: 404 });
  const search = new URL(request.url).searchParams;
  await recordAudit(db(), currentAdmin(context), {
    action: "list.export",
    entityType: "list",
    entityId: list.name,
    after: { search: search.toString() },
  });
  return exportAdminList(list, request, londonDay(new Date()));
}

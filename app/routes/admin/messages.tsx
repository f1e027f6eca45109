import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { messagesList } from "~/features/messages/messages-list.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/messages";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(messagesList, request);
  return {
    ...list,
    threads: rows.map((t) => ({
      id: t.id,
      listingTitle: t.listingTitle,
      buyer: { id: t.buyerId, email: t.buyerEmail, name: t.buyerName },
      seller: t.sellerId ? { id: t.sellerId, email: t.sellerEmail ?? "", name: t.sellerName } : null,
      reportState: t.reportState,
      unread: t.unread,
      started: formatLondonDateTime(t.startedAt),
      last: formatLondonDateTime(t.lastMessageAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | HBS back office" }];

/** A party to a thread: their name (or e-mail), linked to their page in the back office. */
function Party({ member }: { member: { id: string; email: string; name: string | null } }) {
  return (
    <td className="min-w-48 px-4 py-3 break-all">
      <Link to={`/admin/users/${member.id}`} className="text-brand-800 hover:underline">
        {member.name || member.email}
      </Link>
      {member.name ? <div className="text-slate-700">{member.email}</div> : null}
    </td>
  );
}

/** Buyers' threads with HBS (listings without a seller account) and reported threads, or any thread by its state. */
export default function AdminMessages({
  loaderData: { params, total, pageCount, exportName, threads },
}: Route.ComponentProps) {
  const state = params.filters.state;
  return (
    <>
      <AdminHeading title="Messages" />
      <ListControls
        id="thread"
        params={params}
        searchLabel="Search by listing, member's e-mail or name, or thread id"
        filters={[
          {
            name: "state",
            label: "Conversations",
            options: [
              ["", "With HBS, or reported and open"],
              ["hbs", "With HBS"],
              ["reported", "Reported, open"],
              ["resolved", "Reported, resolved"],
              ["all", "All conversations"],
            ],
          },
        ]}
      />
      {threads.length === 0 ? (
        <EmptyNote>
          {params.q || state ? "No conversations match." : "No conversations with HBS and no reports."}
        </EmptyNote>
      ) : (
        <SortableTable
          label="Conversations"
          params={params}
          columns={[
            { label: "Listing" },
            { label: "Buyer" },
            { label: "Seller" },
            { label: "Started", sort: "started" },
            { label: "Last message", sort: "last" },
            { label: "State" },
          ]}
        >
          {threads.map((thread) => (
            <tr key={thread.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/messages/${thread.id}`} className="font-semibold text-brand-800 hover:underline">
                  {thread.listingTitle}
                </Link>
              </td>
              <Party member={thread.buyer} />
              {thread.seller ? <Party member={thread.seller} /> : <td className="px-4 py-3">HBS</td>}
              <td className="px-4 py-3 whitespace-nowrap">{thread.started}</td>
              <td className="px-4 py-3 whitespace-nowrap">{thread.last}</td>
              <td className="flex flex-wrap gap-1 px-4 py-3">
                {thread.reportState === "open" ? <Badge className="bg-red-100 text-red-950">Reported</Badge> : null}
                {thread.reportState === "resolved" ? <Badge variant="outline">Report resolved</Badge> : null}
                {thread.unread ? <Badge>{thread.unread} unread</Badge> : null}
                {thread.seller ? null : <Badge variant="outline">With HBS</Badge>}
              </td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="conversations" exportName={exportName} />
    </>
  );
}

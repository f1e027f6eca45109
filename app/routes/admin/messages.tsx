import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { listStaffThreads } from "~/features/messages/threads.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/messages";

export async function loader() {
  const threads = await listStaffThreads();
  return { threads: threads.map((t) => ({ ...t, last: formatLondonDateTime(t.lastMessageAt) })) };
}

export const meta: Route.MetaFunction = () => [{ title: "Messages | HBS back office" }];

/** Buyers' threads with HBS (listings without a seller account), and threads members reported. */
export default function AdminMessages({ loaderData: { threads } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Messages" />
      {threads.length === 0 ? (
        <EmptyNote>No conversations with HBS and no reports.</EmptyNote>
      ) : (
        <DataTable
          label="Conversations"
          caption="Conversations with HBS and reported conversations, newest first"
          columns={["Listing", "Buyer", "Last message", "State"]}
        >
          {threads.map((thread) => (
            <tr key={thread.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/messages/${thread.id}`} className="font-semibold text-brand-800 hover:underline">
                  {thread.listingTitle}
                </Link>
              </td>
              <td className="px-4 py-3">{thread.buyerName ?? "HBS member"}</td>
              <td className="px-4 py-3">{thread.last}</td>
              <td className="flex flex-wrap gap-1 px-4 py-3">
                {thread.reported ? <Badge className="bg-red-100 text-red-950">Reported</Badge> : null}
                {thread.unread ? <Badge>{thread.unread} unread</Badge> : null}
                {thread.withStaff ? <Badge variant="outline">With HBS</Badge> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

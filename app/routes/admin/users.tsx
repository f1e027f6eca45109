import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { usersList } from "~/features/admin/users.server";
import { formatLondonDate } from "~/lib/dates";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(usersList, request);
  return { ...list, users: rows.map((u) => ({ ...u, joined: formatLondonDate(u.createdAt) })) };
}

export const meta: Route.MetaFunction = () => [{ title: "Users | HBS back office" }];

export default function AdminUsers({
  loaderData: { params, total, pageCount, exportName, users },
}: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Users" />
      <ListControls
        id="user"
        params={params}
        searchLabel="Search by e-mail, name or id"
        filters={[
          {
            name: "role",
            label: "Role",
            options: [
              ["", "Staff and members"],
              ["staff", "Staff"],
              ["member", "Members"],
            ],
          },
          {
            name: "state",
            label: "Account",
            options: [
              ["", "Active and suspended"],
              ["active", "Active"],
              ["suspended", "Suspended"],
            ],
          },
        ]}
      />
      {users.length === 0 ? (
        <EmptyNote>No users match.</EmptyNote>
      ) : (
        <SortableTable
          label="Users"
          params={params}
          columns={[
            { label: "E-mail", sort: "email" },
            { label: "Name", sort: "name" },
            { label: "Joined", sort: "joined" },
            { label: "Status" },
          ]}
        >
          {users.map((u) => (
            <tr key={u.id}>
              <td className="min-w-48 px-4 py-3 break-all">
                <Link to={`/admin/users/${u.id}`} className="font-semibold text-brand-800 hover:underline">
                  {u.email}
                </Link>
              </td>
              <td className="px-4 py-3">{u.fullName}</td>
              <td className="px-4 py-3 whitespace-nowrap">{u.joined}</td>
              <td className="flex gap-1 px-4 py-3">
                {u.role === "admin" ? <Badge>Staff</Badge> : null}
                {u.banned ? <Badge variant="outline">Suspended</Badge> : null}
              </td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="users" exportName={exportName} />
    </>
  );
}

import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminHeading, DataTable, EmptyNote, SearchForm } from "~/features/admin/components/admin-shell";
import { listUsers } from "~/features/admin/users.server";
import { formatLondonDate } from "~/lib/dates";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  const rows = await listUsers(q);
  return { q, users: rows.map((u) => ({ ...u, joined: formatLondonDate(u.createdAt) })) };
}

export const meta: Route.MetaFunction = () => [{ title: "Users | HBS back office" }];

export default function AdminUsers({ loaderData: { q, users } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Users" />
      <SearchForm id="user-q" label="Search by e-mail or name" q={q} />
      {users.length === 0 ? (
        <EmptyNote>No users match.</EmptyNote>
      ) : (
        <DataTable label="Users" caption="Users, newest first" columns={["E-mail", "Name", "Joined", "Status"]}>
          {users.map((u) => (
            <tr key={u.id}>
              <td className="px-4 py-3 break-all">
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
        </DataTable>
      )}
    </>
  );
}

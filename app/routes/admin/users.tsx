import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import { AdminHeading, TableFrame, TableHead, EmptyNote } from "~/features/admin/components/admin-shell";
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
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="grid min-w-64 flex-1 gap-1.5">
          <Label htmlFor="user-q">Search by e-mail or name</Label>
          <Input id="user-q" name="q" type="search" defaultValue={q} />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {users.length === 0 ? (
        <EmptyNote>No users match.</EmptyNote>
      ) : (
        <TableFrame label="Users">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users, newest first</caption>
            <TableHead columns={["E-mail", "Name", "Joined", "Status"]} />
            <tbody className="divide-y divide-slate-200">
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
            </tbody>
          </table>
        </TableFrame>
      )}
    </>
  );
}

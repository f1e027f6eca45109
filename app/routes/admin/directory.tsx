import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { AdminHeading, DataTable, EmptyNote, SearchForm } from "~/features/admin/components/admin-shell";
import { listDirectory } from "~/features/admin/directory.server";
import type { Route } from "./+types/directory";

export async function loader({ request }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { q, businesses: await listDirectory(q) };
}

export const meta: Route.MetaFunction = () => [{ title: "Directory | HBS back office" }];

export default function AdminDirectory({ loaderData: { q, businesses } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Directory">
        <Link to="/admin/directory/new" className={buttonVariants()}>
          Add a business
        </Link>
      </AdminHeading>
      <SearchForm id="business-q" label="Search by name" q={q} />
      {businesses.length === 0 ? (
        <EmptyNote>No businesses match.</EmptyNote>
      ) : (
        <DataTable
          label="Directory businesses"
          caption="Directory businesses, most recently changed first"
          columns={["Business", "Town", "Category", "Status"]}
        >
          {businesses.map((b) => (
            <tr key={b.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/directory/${b.id}`} className="font-semibold text-brand-800 hover:underline">
                  {b.name}
                </Link>
              </td>
              <td className="px-4 py-3">{b.town}</td>
              <td className="px-4 py-3">{b.category === "food" ? "Food & Dining" : "Services"}</td>
              <td className="flex gap-1 px-4 py-3">
                <Badge variant="outline">{b.published ? "Published" : "Unpublished"}</Badge>
                {b.featured ? <Badge>Featured</Badge> : null}
                {b.promotion ? <Badge variant="outline">Paid {b.promotion}</Badge> : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { directoryCategoryLabel, directoryList } from "~/features/admin/directory.server";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { directoryTabs } from "~/lib/categories";
import { formatLondonDate } from "~/lib/dates";
import type { Route } from "./+types/directory";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(directoryList, request);
  return {
    ...list,
    businesses: rows.map((b) => ({
      id: b.id,
      name: b.name,
      town: b.town,
      category: directoryCategoryLabel(b.category),
      featured: b.featured,
      promotion: b.promotion,
      published: b.published,
      owner: b.ownerId ? { id: b.ownerId, shown: b.ownerName || b.ownerEmail! } : null,
      added: formatLondonDate(b.createdAt),
      updated: formatLondonDate(b.updatedAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Directory | HBS back office" }];

export default function AdminDirectory({
  loaderData: { params, total, pageCount, exportName, businesses },
}: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Directory">
        <Link to="/admin/directory/new" className={buttonVariants()}>
          Add a business
        </Link>
      </AdminHeading>
      <ListControls
        id="business"
        params={params}
        searchLabel="Search by name, town, postcode, slug, id or owner"
        placeholder="Bismillah Butchers, Leeds, LS1 4AP, owner@example.com"
        filters={[
          {
            name: "state",
            label: "Status",
            options: [
              ["", "Published and unpublished"],
              ["published", "Published"],
              ["unpublished", "Unpublished"],
            ],
          },
          {
            name: "category",
            label: "Category",
            options: directoryTabs.map((tab) => [tab.value ?? "", tab.value ? tab.label : "Every category"]),
          },
          {
            name: "owner",
            label: "Owner",
            options: [
              ["", "With or without an owner"],
              ["owned", "With an owner"],
              ["unowned", "Without an owner"],
            ],
          },
        ]}
      />
      {businesses.length === 0 ? (
        <EmptyNote>No businesses match.</EmptyNote>
      ) : (
        <SortableTable
          label="Directory businesses"
          params={params}
          columns={[
            { label: "Business", sort: "name" },
            { label: "Town", sort: "town" },
            { label: "Category" },
            { label: "Owner" },
            { label: "Status" },
            { label: "Added", sort: "added" },
            { label: "Updated", sort: "updated" },
          ]}
        >
          {businesses.map((b) => (
            <tr key={b.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/directory/${b.id}`} className="font-semibold text-brand-800 hover:underline">
                  {b.name}
                </Link>
              </td>
              <td className="px-4 py-3">{b.town}</td>
              <td className="px-4 py-3">{b.category}</td>
              <td className="min-w-48 px-4 py-3 break-all">
                {b.owner ? (
                  <Link to={`/admin/users/${b.owner.id}`} className="text-brand-800 hover:underline">
                    {b.owner.shown}
                  </Link>
                ) : (
                  "—"
                )}
              </td>
              <td className="flex gap-1 px-4 py-3">
                <Badge variant="outline">{b.published ? "Published" : "Unpublished"}</Badge>
                {b.featured ? <Badge>Featured</Badge> : null}
                {b.promotion ? <Badge variant="outline">Paid {b.promotion}</Badge> : null}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{b.added}</td>
              <td className="px-4 py-3 whitespace-nowrap">{b.updated}</td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="businesses" exportName={exportName} />
    </>
  );
}

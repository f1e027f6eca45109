import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { StatusTabs } from "~/features/admin/components/status-tabs";
import { LISTING_STATUSES, listingStatusLabels as statusLabels } from "~/features/admin/labels";
import { countListingsByStatus, listListings } from "~/features/admin/listings.server";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import type { Route } from "./+types/listings";

export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("status");
  const status = LISTING_STATUSES.find((s) => s === asked) ?? "pending";
  const [counts, rows] = await Promise.all([countListingsByStatus(), listListings(status)]);
  return {
    status,
    counts,
    listings: rows.map((row) => ({
      ...row,
      category: listingCategoryLabel(row.category),
      price: formatPence(row.askingPricePence),
      submitted: formatLondonDateTime(row.createdAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Listings | HBS back office" }];

export default function AdminListings({ loaderData: { status, counts, listings } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Listings" />
      <StatusTabs
        label="Listings by status"
        param="status"
        current={status}
        options={LISTING_STATUSES.map((s) => ({ value: s, label: statusLabels[s], count: counts[s] }))}
      />
      {listings.length === 0 ? (
        <EmptyNote>No listings here.</EmptyNote>
      ) : (
        <DataTable
          label="Listings"
          caption={`${statusLabels[status]} listings`}
          columns={["Business", "Category", "Town", "Asking price", "Submitted"]}
        >
          {listings.map((listing) => (
            <tr key={listing.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/listings/${listing.id}`} className="font-semibold text-brand-800 hover:underline">
                  {listing.title}
                </Link>
                {listing.featured ? <Badge className="ml-2">Featured</Badge> : null}
                {listing.promotion ? (
                  <Badge variant="outline" className="ml-2">
                    Paid {listing.promotion}
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3">{listing.category}</td>
              <td className="px-4 py-3">{listing.town}</td>
              <td className="px-4 py-3">{listing.price}</td>
              <td className="px-4 py-3">{listing.submitted}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

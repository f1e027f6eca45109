import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { StatusTabs } from "~/features/admin/components/status-tabs";
import { LISTING_STATUSES, listingStatusLabels as statusLabels } from "~/features/admin/labels";
import { countListingsByStatus, listListings } from "~/features/admin/listings.server";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDateTime } from "~/lib/dates";
import { underOfferLabel } from "~/features/marketplace/components/under-offer";
import { listPendingRevisions } from "~/features/selling/revisions.server";
import { formatPence } from "~/lib/money";
import type { Route } from "./+types/listings";

export async function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("status");
  const status = LISTING_STATUSES.find((s) => s === asked) ?? "pending";
  const [counts, rows, revisions] = await Promise.all([
    countListingsByStatus(),
    listListings(status),
    listPendingRevisions(),
  ]);
  return {
    status,
    counts,
    revisions: revisions.map((r) => ({ ...r, sentAt: formatLondonDateTime(r.sentAt) })),
    listings: rows.map((row) => ({
      ...row,
      category: listingCategoryLabel(row.category),
      price: formatPence(row.askingPricePence),
      submitted: formatLondonDateTime(row.createdAt),
      underOffer: row.underOfferAt ? underOfferLabel(row.underOfferAt) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Listings | HBS back office" }];

export default function AdminListings({ loaderData: { status, counts, listings, revisions } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Listings" />
      {revisions.length ? (
        <section aria-labelledby="revisions-heading" className="mb-6 rounded-xl border-2 border-sky-300 bg-white p-4">
          <h2 id="revisions-heading" className="font-semibold">
            Sellers' changes to review ({revisions.length})
          </h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {revisions.map((revision) => (
              <li key={revision.id}>
                <Link
                  to={`/admin/listings/${revision.listingId}`}
                  className="font-semibold text-brand-800 hover:underline"
                >
                  {revision.title}
                </Link>{" "}
                <span className="text-slate-700">sent {revision.sentAt}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
                {listing.underOffer ? (
                  <Badge className="ml-2 bg-amber-100 text-amber-950">{listing.underOffer}</Badge>
                ) : null}
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

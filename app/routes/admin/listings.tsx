import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { StatusTabs } from "~/features/admin/components/status-tabs";
import { LISTING_STATUSES, listingStatusLabels as statusLabels } from "~/features/admin/labels";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { listHref } from "~/features/admin/lists/list-params";
import { countListingsByStatus, listingsList } from "~/features/admin/listings.server";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDateTime } from "~/lib/dates";
import { underOfferLabel } from "~/features/marketplace/components/under-offer";
import { listPendingRevisions } from "~/features/selling/revisions.server";
import { formatPence } from "~/lib/money";
import { redirectInside } from "~/server/redirects.server";
import type { Route } from "./+types/listings";

export async function loader({ request }: Route.LoaderArgs) {
  // The back office's "Listings" opens on the review queue; "All" and a search look through every status.
  if (!new URL(request.url).search) throw redirectInside("/admin/listings?status=pending");
  const [{ rows, ...list }, revisions] = await Promise.all([
    loadAdminList(listingsList, request),
    listPendingRevisions(),
  ]);
  return {
    ...list,
    status: LISTING_STATUSES.find((s) => s === list.params.filters.status),
    counts: await countListingsByStatus(list.params),
    revisions: revisions.map((r) => ({ ...r, sentAt: formatLondonDateTime(r.sentAt) })),
    listings: rows.map((row) => ({
      id: row.id,
      title: row.title,
      status: row.status,
      town: row.town,
      featured: row.featured,
      promotion: row.promotion,
      category: listingCategoryLabel(row.category),
      price: formatPence(row.askingPricePence),
      submitted: formatLondonDateTime(row.createdAt),
      updated: formatLondonDateTime(row.updatedAt),
      underOffer: row.underOfferAt ? underOfferLabel(row.underOfferAt) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Listings | HBS back office" }];

export default function AdminListings({
  loaderData: { params, total, pageCount, exportName, status, counts, listings, revisions },
}: Route.ComponentProps) {
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
      <ListControls id="listing" params={params} searchLabel="Search by title, slug, id or seller" />
      <StatusTabs
        label="Listings by status"
        param="status"
        current={status}
        options={[
          { value: undefined, label: "All", count: Object.values(counts).reduce((a, b) => a + b, 0) },
          ...LISTING_STATUSES.map((s) => ({ value: s, label: statusLabels[s], count: counts[s] })),
        ]}
        href={(value) => listHref(params, { filters: { status: value ?? "" } })}
      />
      {listings.length === 0 ? (
        <EmptyNote>No listings match.</EmptyNote>
      ) : (
        <SortableTable
          label={status ? `${statusLabels[status]} listings` : "Listings"}
          params={params}
          columns={[
            { label: "Business", sort: "title" },
            { label: "Status" },
            { label: "Category" },
            { label: "Town" },
            { label: "Asking price", sort: "price" },
            { label: "Submitted", sort: "sent" },
            { label: "Updated", sort: "updated" },
          ]}
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
              <td className="px-4 py-3">{statusLabels[listing.status]}</td>
              <td className="px-4 py-3">{listing.category}</td>
              <td className="px-4 py-3">{listing.town}</td>
              <td className="px-4 py-3">{listing.price}</td>
              <td className="px-4 py-3">{listing.submitted}</td>
              <td className="px-4 py-3">{listing.updated}</td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="listings" exportName={exportName} />
    </>
  );
}

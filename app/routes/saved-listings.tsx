import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { RemoveButton } from "~/features/account/components/remove-button";
import { listSavedListings, removeSavedListing } from "~/features/account/member.server";
import { requireUser } from "~/features/account/session.server";
import { listingsEnquiredBy } from "~/features/enquiries/enquiries.server";
import { ListingCard } from "~/features/marketplace/components/listing-card";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/saved-listings";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const listings = await listSavedListings(user);
  return {
    listings,
    enquired: await listingsEnquiredBy(user.id, listings),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const listingId = Number(form.get("listingId"));
  // Only the member's own row can match: the delete is scoped to them.
  const removed = Number.isInteger(listingId) && (await removeSavedListing(user.id, listingId));
  return redirectWithToast(
    "/saved-listings",
    removed
      ? { type: "success", title: "Listing removed from saved items" }
      : { type: "error", title: "Error", description: "Failed to remove listing." },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Saved listings | HBS" },
  { name: "robots", content: "noindex" },
];

export default function SavedListings({ loaderData: { listings, enquired } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="Saved listings" />
      <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {listings.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No saved listings yet</h2>
            <p className="text-slate-700">Save a business for sale to find it here again.</p>
            <Link to="/buy" className={buttonVariants({ className: "mt-2" })}>
              Browse Businesses
            </Link>
          </Card>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {listings.map((listing) => (
              <li key={listing.id} className="flex flex-col">
                <ListingCard listing={listing} enquired={enquired[listing.id]} />
                <RemoveButton
                  name="listingId"
                  value={listing.id}
                  label={`Remove ${listing.title} from saved listings`}
                  className="mt-2"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { requireUser } from "~/features/account/session.server";
import { revokeNda } from "~/features/marketplace/confidential.server";
import { SellerListingCard } from "~/features/selling/components/seller-listing-card";
import { sellerDashboard } from "~/features/selling/dashboard.server";
import { takeSellerAction } from "~/features/selling/seller-actions.server";
import { SELLER_ACTIONS, sellerActionDone } from "~/features/selling/seller-status";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { routeId } from "~/lib/route-id";
import type { Route } from "./+types/my-listings";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { listings: await sellerDashboard(user) };
}

/** One step on one of the member's own listings; anyone else's id changes nothing. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  if (form.get("intent") === "revoke-nda") {
    // Only an acceptance on one of the member's own listings can match (decision 0033).
    const ndaId = routeId(String(form.get("ndaId") ?? ""));
    const revoked = ndaId !== null && (await revokeNda(ndaId, user.id));
    return redirectWithToast(
      "/my-listings",
      revoked
        ? { type: "success", title: "Access withdrawn", description: "That buyer now sees only what visitors see." }
        : { type: "error", title: "That is not possible for this listing now", description: "Nothing was changed." },
    );
  }
  const action = SELLER_ACTIONS.find((a) => a === form.get("intent"));
  const listingId = Number(form.get("listingId"));
  const done = action && Number.isSafeInteger(listingId) && (await takeSellerAction(user, listingId, action));
  return redirectWithToast(
    "/my-listings",
    done
      ? { type: "success", title: sellerActionDone[action] }
      : { type: "error", title: "That is not possible for this listing now", description: "Nothing was changed." },
  );
}

export const meta: Route.MetaFunction = () => [{ title: "My listings | HBS" }, { name: "robots", content: "noindex" }];

export default function MyListings({ loaderData: { listings } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My listings" />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,64rem)] gap-6 px-4 py-6 sm:py-10">
        {listings.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No listings yet</h2>
            <p className="max-w-prose text-slate-700">
              Businesses you offer for sale appear here, including those sent while signed out from your verified e-mail
              address.
            </p>
            <Link to="/sell" className={buttonVariants({ className: "mt-2" })}>
              Sell your business
            </Link>
          </Card>
        ) : (
          listings.map((listing) => <SellerListingCard key={listing.id} listing={listing} />)
        )}
      </section>
    </>
  );
}

import { Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { RemoveButton } from "~/features/account/components/remove-button";
import { listFavourites, removeFavourite } from "~/features/account/member.server";
import { requireUser } from "~/features/account/session.server";
import { withCardFacts } from "~/features/directory/businesses.server";
import { BusinessCard } from "~/features/directory/components/business-card";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-favorites";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { businesses: await withCardFacts(await listFavourites(user.id)) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const businessId = Number(form.get("businessId"));
  const removed = Number.isInteger(businessId) && (await removeFavourite(user.id, businessId));
  return redirectWithToast(
    "/my-favorites",
    removed
      ? { type: "success", title: "Business removed from favorites." }
      : { type: "error", title: "Failed to remove business." },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "My Favourite Halal Businesses | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyFavorites({ loaderData: { businesses } }: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My Favourite Halal Businesses" />
      <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {businesses.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No favourite businesses yet</h2>
            <p className="text-slate-700">Tap the heart on a business in the directory to keep it here.</p>
            <Link to="/halal-network-space" className={buttonVariants({ className: "mt-2" })}>
              Explore The Halal Directory
            </Link>
          </Card>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {businesses.map((business) => (
              <li key={business.id} className="flex flex-col">
                <BusinessCard business={{ ...business, distanceKm: null }} />
                <RemoveButton
                  name="businessId"
                  value={business.id}
                  label={`Remove ${business.name} from favourites`}
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

import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ViewsChart } from "~/features/selling/components/views-chart";
import { plural } from "~/lib/plural";

interface OwnedBusiness {
  id: number;
  slug: string;
  name: string;
  town: string;
  published: boolean;
  favourites: number;
  favouritesAll: number;
  proposalSentAt: string | null;
  reviewCount: number;
  /** Published reviews without the owner's reply. */
  unanswered: number;
  viewsByDay: { day: string; views: number }[];
}

/** One of the owner's businesses on /my-businesses: how it is doing, and what they can change. */
export function OwnedBusinessCard({ business }: { business: OwnedBusiness }) {
  return (
    <Card className="grid gap-4 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{business.name}</h2>
          <p className="text-sm text-slate-700">{business.town}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/my-businesses/${business.id}/edit`} className={buttonVariants({ size: "sm" })}>
            Edit {business.name}
          </Link>
          <Link
            to={`/my-businesses/${business.id}/reviews`}
            className={buttonVariants({ size: "sm", variant: "outline" })}
          >
            Reviews ({business.reviewCount}
            {business.unanswered > 0 ? `, ${business.unanswered} to answer` : ""})
          </Link>
          {business.published ? (
            <Link
              to={`/halal-network-space/${business.slug}`}
              className={buttonVariants({ size: "sm", variant: "outline" })}
            >
              View its page
            </Link>
          ) : null}
        </div>
      </div>
      {!business.published ? (
        <p className="text-sm text-amber-900">Our team has taken this page out of the directory for now.</p>
      ) : null}
      {business.proposalSentAt ? (
        <p className="text-sm text-slate-700">
          Your halal details, sent {business.proposalSentAt}, wait for our team to check them.
        </p>
      ) : null}
      <section aria-label={`Views of ${business.name}`}>
        <ViewsChart days={business.viewsByDay} title={business.name} />
      </section>
      <p className="text-sm text-slate-700">
        <strong className="text-slate-900">{plural(business.favourites, "new favourite")}</strong> in the last 30 days (
        {business.favouritesAll.toLocaleString("en-GB")} in all).
      </p>
    </Card>
  );
}

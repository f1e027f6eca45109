import { Eye, Images, MapPin, Store } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import type { ListingEnquired } from "~/features/enquiries/enquiry-kinds";
import type { ListingCard as Listing } from "~/features/marketplace/listings.server";
import { listingCategoryLabel } from "~/lib/categories";
import { formatDistance } from "~/lib/geo";
import { CARD_SIZES, imageLoading, srcSetOf } from "~/lib/images";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import { EnquiredNote } from "./enquired-note";
import { useListingDialogs } from "./listing-dialogs";
import { SaveListingButton } from "./save-listing-button";
import { askingPriceLabel, leaseLabel, offersLabel, photoAlt } from "./listing-text";
import { cardFigures } from "./card-figures";
import { underOfferLabel } from "./under-offer";

export interface ListingCardProps {
  listing: Listing;
  /** The title's heading level: 2 on /buy (under its h1), 3 under a section heading. */
  headingLevel?: 2 | 3;
  className?: string;
  /** The first card of a list: its photo may be the largest thing on the screen, so it loads at once. */
  eager?: boolean;
  /** The signed-in member's interest in it, if they registered any. */
  enquired?: ListingEnquired | null;
}

/**
 * A business-for-sale card (spec section 2, "Buy"): first photo, 'Featured',
 * offers, 'New this week' and 'Price reduced' badges, title linking to the listing's page, town and distance,
 * category, asking price, Lease/Month, two lines of the description, when
 * the signed-in member enquired about it, and 'View Details' / 'Register Interest'.
 *
 * Without JavaScript (and until the page hydrates) 'View Details' and
 * 'Register Interest' are links to the listing's page — the latter to its
 * `#register-interest` section — and the photo is not a button. Once
 * hydrated they become buttons opening the detail dialog, the register-
 * interest dialog and the image viewer.
 */
export function ListingCard({ listing, headingLevel = 2, className, eager = false, enquired }: ListingCardProps) {
  const titleId = useId();
  const hydrated = useHydrated();
  const { openDetails, openInterest, openViewer, dialogs } = useListingDialogs(listing);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/buy/${listing.slug}`;
  const total = listing.images.length;
  const firstImage = listing.images[0];
  const { badges } = listing;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      <div className="relative">
        {firstImage ? (
          <img
            src={firstImage}
            srcSet={srcSetOf(firstImage)}
            sizes={CARD_SIZES}
            alt={photoAlt(0, total, listing.title)}
            width={1200}
            height={800}
            {...imageLoading(eager)}
            decoding="async"
            className="aspect-[3/2] w-full bg-slate-100 object-cover"
          />
        ) : (
          <div
            aria-hidden
            className="grid aspect-[3/2] w-full place-items-center bg-gradient-to-br from-brand-100 to-brand-200 text-brand-700"
          >
            <Store className="size-12" />
          </div>
        )}
        {firstImage && hydrated ? (
          // Over the photo rather than around it, so the <img> is not
          // re-created when the page hydrates.
          <button
            type="button"
            aria-label={`View photos of ${listing.title}`}
            aria-haspopup="dialog"
            className="absolute inset-0 cursor-zoom-in focus-visible:ring-6 focus-visible:ring-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-brand-700 focus-visible:ring-inset"
            onClick={(event) => openViewer(0, event.currentTarget)}
          >
            {total > 1 ? (
              <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white">
                <Images aria-hidden className="size-3.5" />
                {total}
              </span>
            ) : null}
          </button>
        ) : null}
        <div className="pointer-events-none absolute top-3 left-3 flex flex-col items-start gap-2">
          {listing.featured ? <Badge variant="accent">Featured</Badge> : null}
          <Badge className="bg-white/95 text-brand-900 shadow-sm">{offersLabel(listing.offersCount)}</Badge>
          {listing.underOfferAt ? (
            <Badge className="bg-amber-100 text-amber-950 shadow-sm">{underOfferLabel(listing.underOfferAt)}</Badge>
          ) : null}
          {/* Over the photo with the others (decision 0084), so they push nothing down on a phone. */}
          {badges.newThisWeek ? <Badge className="bg-sky-100 text-sky-950 shadow-sm">New this week</Badge> : null}
          {badges.reduced ? <Badge className="bg-emerald-100 text-emerald-950 shadow-sm">Price reduced</Badge> : null}
          {/* Decision 0087: staff checked the turnover and net profit it shows against the seller's evidence. */}
          {listing.figuresCheckedAt ? (
            <Badge className="bg-white/95 text-emerald-900 shadow-sm">Figures checked by HBS</Badge>
          ) : null}
        </div>
        {/* Slot for the save toggle (saved-listings feature): top-right of the photo, above the photo button. */}
        <div className="absolute top-3 right-3">
          <SaveListingButton id={listing.id} slug={listing.slug} title={listing.title} />
        </div>
      </div>

      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {listingCategoryLabel(listing.category)}
        </p>
        <Heading id={titleId} className="mt-1 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={href}
            className="rounded-sm hover:text-brand-800 hover:underline hover:underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {listing.title}
          </Link>
        </Heading>
        <p className="mt-1 flex flex-wrap items-center gap-x-1 text-sm text-slate-700">
          <MapPin aria-hidden className="size-4 shrink-0 text-brand-700" />
          <span>{listing.town}</span>
          {listing.distanceKm !== null ? (
            <span>· {formatDistance(listing.distanceKm, listing.distanceUnit)}</span>
          ) : null}
        </p>

        <div className="mt-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <dl>
            <dt className="text-xs font-medium text-slate-600">Asking price</dt>
            <dd className="text-2xl font-bold tracking-tight text-brand-800">
              {askingPriceLabel(listing.askingPricePence)}
            </dd>
          </dl>
          {listing.monthlyLeasePence !== null ? (
            <p className="pb-1 text-sm font-medium text-slate-700">{leaseLabel(listing.monthlyLeasePence)}</p>
          ) : null}
        </div>
        <CardFigures figures={cardFigures(listing)} />

        <p className="mt-3 line-clamp-2 text-sm text-slate-700">{listing.description}</p>
        {enquired ? <EnquiredNote enquired={enquired} describedBy={titleId} /> : null}

        <div className="mt-auto flex flex-wrap gap-2 pt-5">
          {hydrated ? (
            <>
              <Button
                type="button"
                variant="outline"
                aria-haspopup="dialog"
                aria-describedby={titleId}
                className="flex-1 basis-32"
                onClick={(event) => openDetails(event.currentTarget)}
              >
                <Eye aria-hidden />
                View Details
              </Button>
              <Button
                type="button"
                aria-haspopup="dialog"
                aria-describedby={titleId}
                className="flex-1 basis-32"
                onClick={(event) => openInterest(event.currentTarget)}
              >
                Register Interest
              </Button>
            </>
          ) : (
            <>
              <Link
                to={href}
                aria-describedby={titleId}
                className={buttonVariants({ variant: "outline", className: "flex-1 basis-32" })}
              >
                <Eye aria-hidden />
                View Details
              </Link>
              <Link
                to={`${href}#register-interest`}
                aria-describedby={titleId}
                className={buttonVariants({ className: "flex-1 basis-32" })}
              >
                Register Interest
              </Link>
            </>
          )}
        </div>
      </div>
      {dialogs}
    </article>
  );
}

/** Turnover, net profit and tenure side by side: three columns fit a phone's card. */
function CardFigures({ figures }: { figures: { label: string; value: string }[] }) {
  if (figures.length === 0) return null;
  return (
    <dl className="mt-3 grid grid-cols-3 gap-x-3 border-t border-slate-100 pt-3">
      {figures.map((figure) => (
        <div key={figure.label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
          <dd className="text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

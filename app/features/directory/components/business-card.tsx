import { MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { BusinessCard as Business } from "~/features/directory/businesses.server";
import { placementNote } from "~/features/places/placement";
import { formatDistance } from "~/lib/geo";
import { CARD_SIZES, imageLoading, srcSetOf } from "~/lib/images";
import { mapsSearchHref, safeWebsite } from "~/lib/links";
import { telHref } from "~/lib/phone";
import { RatingSummary } from "~/features/reviews/components/stars";
import { averageRating } from "~/features/reviews/rating";
import { BusinessBadges, VisitWebsiteLink } from "./business-details";
import { FavouriteButton } from "./favourite-button";
import { HygieneLine } from "./food-hygiene";
import { EvidenceLine, HalalBadges, OpeningLine, ReportedClosedNotice } from "./halal-and-hours";
import { priceBandLabels, priceBandWords } from "~/features/directory/visit-facts";

/**
 * A directory card, exactly as the spec's section 2 lists its parts. `eager`:
 * the first card of a list, whose photo may be the largest thing on the
 * screen, so it loads at once.
 */
export function BusinessCard({ business, eager = false }: { business: Business; eager?: boolean }) {
  const website = safeWebsite(business.website);
  // A distance from a town's centre would be false: the card says where it was placed instead.
  const placement = business.distanceKm !== null ? placementNote(business) : null;
  const band = business.priceBand as keyof typeof priceBandLabels | null;
  return (
    <article
      aria-labelledby={`business-${business.id}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative">
        {business.image ? (
          <img
            src={business.image}
            srcSet={srcSetOf(business.image)}
            sizes={CARD_SIZES}
            alt=""
            width={1200}
            height={800}
            {...imageLoading(eager)}
            decoding="async"
            className="aspect-[3/2] w-full object-cover"
          />
        ) : (
          <div aria-hidden className="aspect-[3/2] w-full bg-gradient-to-br from-brand-100 to-brand-200" />
        )}
        <div className="absolute top-3 left-3 flex flex-wrap gap-2">
          <BusinessBadges business={business} />
        </div>
        <FavouriteButton
          id={business.id}
          slug={business.slug}
          name={business.name}
          className="absolute top-3 right-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={`business-${business.id}`} className="text-lg font-semibold">
          <Link to={`/halal-network-space/${business.slug}`} className="hover:text-brand-800 hover:underline">
            {business.name}
          </Link>
        </h2>
        <RatingSummary
          average={averageRating(business.ratingTotal, business.reviewCount)}
          count={business.reviewCount}
        />
        {business.reportedClosedAt ? <ReportedClosedNotice /> : null}
        <HalalBadges badges={business.badges} />
        <EvidenceLine level={business.evidenceLevel} />
        <OpeningLine opening={business.opening} />
        <HygieneLine hygiene={business.hygiene} businessName={business.name} />
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <MapPin aria-hidden className="size-4 text-brand-700" />
          {business.town}
          {placement ? (
            <span> · {placement}</span>
          ) : business.distanceKm !== null ? (
            <span> · {formatDistance(business.distanceKm, business.distanceUnit)}</span>
          ) : null}
          {/* After where it is: the town and its distance read together. */}
          {band ? (
            <span>
              {" · "}
              <span aria-hidden>{priceBandLabels[band]}</span>
              <span className="sr-only">{priceBandWords[band]}</span>
            </span>
          ) : null}
        </p>
        {business.address ? (
          <a
            href={mapsSearchHref(business.address)}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sm text-brand-800 underline-offset-4 hover:underline"
          >
            {business.address}
          </a>
        ) : null}
        {business.phone ? (
          <a
            href={telHref(business.phone)}
            className="flex items-center gap-1 text-sm text-brand-800 underline-offset-4 hover:underline"
          >
            <Phone aria-hidden className="size-4" />
            {business.phone}
          </a>
        ) : null}
        {website ? <VisitWebsiteLink href={website} variant="outline" className="mt-auto self-start" /> : null}
      </div>
    </article>
  );
}

import { ArrowLeft, MapPin, Navigation, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { getBusinessBySlug } from "~/features/directory/businesses.server";
import { isDentalPractice } from "~/features/directory/business-kind";
import { BusinessBadges, VisitFactRows, VisitWebsiteLink } from "~/features/directory/components/business-details";
import { FavouriteButton } from "~/features/directory/components/favourite-button";
import {
  EvidenceLine,
  HalalBadges,
  OpeningLine,
  ReportedClosedNotice,
} from "~/features/directory/components/halal-and-hours";
import { HygienePanel } from "~/features/directory/components/food-hygiene";
import { HalalPanel } from "~/features/directory/components/halal-panel";
import { HoursPanel } from "~/features/directory/components/hours-panel";
import { PlaceMapOnDemand } from "~/features/places/components/place-map-on-demand";
import { markerDetail, placementNote } from "~/features/places/placement";
import { mapTiles } from "~/features/places/map-tiles.server";
import { ReportChange } from "~/features/directory/components/report-change";
import { halalBadges, staleReasons } from "~/features/directory/halal";
import { loadHygiene } from "~/features/directory/food-hygiene.server";
import { getSchedule } from "~/features/directory/hours.server";
import { shownCertificate } from "~/features/directory/certificates.server";
import {
  londonNow,
  openingHoursJsonLd,
  openingState,
  upcomingExceptions,
  WEEKDAYS,
  weekLines,
} from "~/features/directory/opening-hours";
import { businessReportSchema, REPORT_FAILURE } from "~/features/directory/report-schema";
import { ReviewList } from "~/features/reviews/components/review-list";
import { RatingSummary } from "~/features/reviews/components/stars";
import { REVIEW_POLICY_PATH } from "~/features/reviews/review-rules";
import { businessReviews } from "~/features/reviews/business-reviews.server";
import { enquiryClientAction } from "~/lib/forms/client-action";
import { handleEnquiryForm } from "~/features/enquiries/enquiries.server";
import { addDays, formatLondonDate } from "~/lib/dates";
import { directionsHref, mapsSearchHref, safeWebsite } from "~/lib/links";
import { telHref } from "~/lib/phone";
import { seoMeta, summarise } from "~/lib/seo";
import { absoluteUrl } from "~/server/site.server";
import type { Route } from "./+types/directory-business";
import { imageLoading, srcSetOf } from "~/lib/images";
import { buttonVariants } from "~/components/ui/button";

export async function loader({ params, request }: Route.LoaderArgs) {
  const business = await getBusinessBySlug(params.slug);
  if (!business || !business.published) throw data(null, { status: 404 });
  const now = new Date();
  const { day: today, weekday } = londonNow(now);
  const [schedule, hygiene, reviews, certificate] = await Promise.all([
    getSchedule(business.id, addDays(today, -1)),
    loadHygiene(business.fhrsid === null ? [] : [business.id]),
    businessReviews(request, business),
    shownCertificate(business.id),
  ]);
  const url = absoluteUrl(`/halal-network-space/${business.slug}`);
  const website = safeWebsite(business.website);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type":
      business.category === "food" ? "Restaurant" : isDentalPractice(business.name) ? "Dentist" : "LocalBusiness",
    name: business.name,
    description: business.description,
    url,
    ...(business.image ? { image: absoluteUrl(business.image) } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(website ? { sameAs: website } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address ?? undefined,
      addressLocality: business.town,
      postalCode: business.postcode ?? undefined,
      addressCountry: "GB",
    },
    ...(business.latitude !== null && business.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude } }
      : {}),
    ...openingHoursJsonLd(schedule, today),
    ...reviews.jsonLd,
  };
  const { ownerId: _ownerId, ...shown } = business;
  return {
    business: { ...shown, website },
    // To its own position when it has one; a town's centre is no place to go (decision 0074).
    directions:
      business.latitude !== null && business.longitude !== null && !placementNote(business)
        ? directionsHref({ latitude: business.latitude, longitude: business.longitude })
        : business.address
          ? directionsHref(business.address)
          : null,
    tiles: mapTiles(),
    halal: {
      badges: halalBadges(business, today),
      staleReasons: staleReasons(business, today),
      // The certificate photo staff checked (decision 0094).
      certificate: certificate && {
        url: certificate.url,
        checked: `Checked by ${certificate.checkedBy} on ${formatLondonDate(certificate.checkedAt)}`,
      },
    },
    hygiene: hygiene.get(business.id) ?? null,
    reviews: reviews.list,
    hours:
      schedule.weekly.length > 0 || schedule.exceptions.length > 0
        ? {
            opening: openingState(schedule, now),
            week: weekLines(schedule.weekly),
            exceptions: upcomingExceptions(schedule.exceptions, today),
            today: WEEKDAYS[weekday - 1]!,
          }
        : null,
    seo: {
      title: `${business.name}, ${business.town} | The Halal Directory | HBS`,
      description: summarise(business.description),
      url,
      image: business.image ? absoluteUrl(business.image) : null,
      jsonLd,
    },
  };
}

/** "Report a change": stored in the enquiries queue for staff, rate-limited like every visitor form. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return handleEnquiryForm(
    { request, context },
    {
      kind: "business_report",
      schema: businessReportSchema,
      failureMessage: REPORT_FAILURE,
      prepare: async (fields) => {
        const business = await getBusinessBySlug(params.slug);
        if (!business || !business.published) return { fieldErrors: { "": ["This business is no longer listed."] } };
        return { subject: business.name, businessId: business.id, fields: { businessName: business.name, ...fields } };
      },
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => enquiryClientAction(args, REPORT_FAILURE);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.seo) : [{ title: "Page not found | HBS" }];

export default function DirectoryBusiness({
  loaderData: { business, directions, tiles, halal, hours, hygiene, reviews },
  actionData,
}: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      <Link
        to="/halal-network-space"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        The Halal Directory
      </Link>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        {business.image ? (
          <img
            src={business.image}
            srcSet={srcSetOf(business.image)}
            sizes="(min-width: 1024px) 480px, (min-width: 768px) 46vw, 92vw"
            alt={business.name}
            width={1200}
            height={800}
            {...imageLoading(true)}
            // On a phone after what people came for: the name, halal status, open now, call and directions.
            className="order-last aspect-[3/2] w-full rounded-xl object-cover shadow-sm md:order-none"
          />
        ) : null}
        <div>
          <div className="flex flex-wrap gap-2">
            <BusinessBadges business={business} />
          </div>
          <div className="mt-3 flex items-start justify-between gap-4">
            <h1 className="text-3xl font-bold tracking-tight">{business.name}</h1>
            <FavouriteButton id={business.id} slug={business.slug} name={business.name} />
          </div>
          <p className="mt-2 flex items-center gap-1 text-slate-700">
            <MapPin aria-hidden className="size-4 text-brand-700" />
            {business.town}
          </p>
          {business.reportedClosedAt ? <ReportedClosedNotice className="mt-3 w-fit" /> : null}
          <RatingSummary average={reviews.average} count={reviews.count} href="#reviews" className="mt-2" />
          {business.reviewWarning ? (
            <p role="note" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
              <strong>Warning about this business&rsquo;s reviews:</strong> {business.reviewWarning}{" "}
              <Link to={REVIEW_POLICY_PATH} className="font-medium underline">
                Our review policy
              </Link>
            </p>
          ) : null}
          <div className="mt-3">
            <HalalBadges badges={halal.badges} />
          </div>
          <EvidenceLine level={business.evidenceLevel} className="mt-2" />
          {hours ? <OpeningLine opening={hours.opening} className="mt-2" /> : null}
          {business.phone || directions ? (
            <div className="mt-4 flex flex-wrap gap-2">
              {business.phone ? (
                <a href={telHref(business.phone)} className={buttonVariants({ size: "sm" })}>
                  <Phone aria-hidden />
                  Call
                </a>
              ) : null}
              {directions ? (
                <a
                  href={directions}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  <Navigation aria-hidden />
                  Directions
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          ) : null}
          <p className="mt-4 text-slate-800">{business.description}</p>
          <dl className="mt-6 grid gap-3 text-sm">
            {business.address ? (
              <div>
                <dt className="font-semibold">Address</dt>
                <dd>
                  <a
                    href={mapsSearchHref(business.address)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-brand-800 hover:underline"
                  >
                    {business.address}
                  </a>
                </dd>
              </div>
            ) : null}
            {business.phone ? (
              <div>
                <dt className="font-semibold">Phone</dt>
                <dd>
                  <a
                    href={telHref(business.phone)}
                    className="inline-flex items-center gap-1 text-brand-800 hover:underline"
                  >
                    <Phone aria-hidden className="size-4" />
                    {business.phone}
                  </a>
                </dd>
              </div>
            ) : null}
            <VisitFactRows facts={business} />
          </dl>
          {business.website ? <VisitWebsiteLink href={business.website} className="mt-6" /> : null}
          {business.latitude !== null && business.longitude !== null ? (
            <PlaceMapOnDemand
              tiles={tiles}
              marker={{
                latitude: business.latitude,
                longitude: business.longitude,
                title: business.name,
                detail: markerDetail(business),
              }}
            />
          ) : null}
        </div>
      </div>
      <div className="grid gap-x-8 md:grid-cols-2">
        <HalalPanel
          slug={business.slug}
          facts={business}
          staleReasons={halal.staleReasons}
          certificate={halal.certificate}
        />
        {hours ? <HoursPanel hours={hours} /> : null}
        <HygienePanel hygiene={hygiene} />
      </div>
      <ReviewList slug={business.slug} {...reviews} />
      <ReportChange slug={business.slug} actionData={actionData} />
      <p className="mt-6 text-sm text-slate-700">
        Is this your business?{" "}
        <Link to={`/halal-network-space/${business.slug}/claim`} className="font-semibold text-brand-800 underline">
          Claim this business
        </Link>{" "}
        to keep its page up to date.
      </p>
    </article>
  );
}

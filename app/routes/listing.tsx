import { CheckCircle2, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListingGallery } from "~/features/marketplace/components/listing-gallery";
import { keyFactsHtml } from "~/features/marketplace/key-facts.server";
import { paymentCalculatorHtml } from "~/features/marketplace/payment-calculator.server";
import { ActionBarOnPhones, PriceOnPhones } from "~/features/marketplace/components/listing-on-phones";
import { cardFigures } from "~/features/marketplace/components/card-figures";
import { askingPriceLabel, offersLabel } from "~/features/marketplace/components/listing-text";
import { underOfferLabel } from "~/features/marketplace/components/under-offer";
import { keyFactRows } from "~/features/marketplace/listing-facts";
import { listingBadges } from "~/features/marketplace/new-and-reduced";
import { figuresCheckWords } from "~/features/selling/figures-check-words.server";
import { enquiryClientAction } from "~/lib/forms/client-action";
import { handleEnquiryForm, listingsEnquiredBy, refuseEnquiry } from "~/features/enquiries/enquiries.server";
import { listingInterestSchema } from "~/features/enquiries/schemas";
import {
  LISTING_INTEREST_FAILURE,
  RegisterInterestForm,
} from "~/features/marketplace/components/register-interest-form";
import { EnquiredNote } from "~/features/marketplace/components/enquired-note";
import { SaveListingButton } from "~/features/marketplace/components/save-listing-button";
import { listingForViewer } from "~/features/marketplace/listings.server";
import { NdaInvitation } from "~/features/marketplace/components/nda-invitation";
import { ndaState } from "~/features/marketplace/confidential.server";
import { dataRoomNoteHtml } from "~/features/data-room/data-room-note.server";
import { dataRoomSize } from "~/features/data-room/data-room.server";
import { getSessionUser } from "~/features/account/session.server";
import { useMember } from "~/features/account/use-member";
import { threadFromInterest } from "~/features/messages/threads.server";
import { PlaceMapOnDemand } from "~/features/places/components/place-map-on-demand";
import { mapTiles } from "~/features/places/map-tiles.server";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { postcodeDistrict } from "~/features/marketplace/confidential";
import { seoMeta, summarise } from "~/lib/seo";
import { absoluteUrl } from "~/server/site.server";
import type { Route } from "./+types/listing";
import { redirectInside } from "~/server/redirects.server";

/** The listing as this viewer may see it (decision 0033), or the 404 of one that is not on show. */
async function listingFor(request: Request, slug: string) {
  const viewer = await getSessionUser(request);
  const found = await listingForViewer(slug, viewer);
  if (found.kind === "not-found") throw data(null, { status: 404 });
  if (found.kind === "moved") throw redirectInside(`/buy/${found.to}`, 301);
  return { listing: found.listing, viewer };
}

const UNCHECKED = "Figures from the seller, not checked by HBS.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { listing, viewer } = await listingFor(request, params.slug);
  const [nda, enquired, figuresCheck, dataRoomDocuments] = await Promise.all([
    // A buyer without access is offered the NDA; one whose access the seller withdrew is told so.
    listing.masked ? (viewer ? ndaState(viewer.id, listing.id) : ("none" as const)) : null,
    // A member who registered interest is told when, with the way to their conversation.
    viewer ? listingsEnquiredBy(viewer.id, [listing]).then((found) => found[listing.id] ?? null) : null,
    // "Figures checked by HBS on <date>" (decision 0087); what and which year only to those who see the figures.
    figuresCheckWords(listing),
    // Its data room's way in (decision 0089), while the business is for sale.
    listing.status === "published" ? dataRoomSize(listing.id) : 0,
  ]);
  const url = absoluteUrl(`/buy/${listing.slug}`);
  const available = listing.status === "published";
  const images = listing.images.map((image) => absoluteUrl(image));
  const staffCount =
    listing.staffFullTime === null && listing.staffPartTime === null
      ? null
      : (listing.staffFullTime ?? 0) + (listing.staffPartTime ?? 0);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Offer",
    name: listing.title,
    description: listing.description,
    url,
    ...(listing.askingPricePence !== null
      ? { price: (listing.askingPricePence / 100).toFixed(2), priceCurrency: "GBP" }
      : {}),
    availability: available ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
    category: listingCategoryLabel(listing.category),
    ...(images.length ? { image: images } : {}),
    itemOffered: {
      "@type": "LocalBusiness",
      name: listing.title,
      address: {
        "@type": "PostalAddress",
        addressLocality: listing.town,
        postalCode: listing.postcode ?? undefined,
        addressCountry: "GB",
      },
      // What schema.org can say of the business itself; the other key facts have no property there.
      ...(listing.yearEstablished !== null ? { foundingDate: String(listing.yearEstablished) } : {}),
      ...(staffCount !== null ? { numberOfEmployees: { "@type": "QuantitativeValue", value: staffCount } } : {}),
      ...(listing.latitude !== null && listing.longitude !== null
        ? { geo: { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude } }
        : {}),
    },
  };
  return data(
    {
      listing,
      available,
      tiles: mapTiles(),
      nda,
      enquired,
      dataRoomNote: available ? dataRoomNoteHtml(listing.slug, dataRoomDocuments) : null,
      // Worked out here like the facts below: the page's script then leaves out the modules that word them.
      district: postcodeDistrict(listing.postcode),
      offers: offersLabel(listing.offersCount),
      category: listingCategoryLabel(listing.category),
      askingPrice: askingPriceLabel(listing.askingPricePence),
      // Worked out here, so that the page's script carries neither the arithmetic nor the date formats.
      // With "Price reduced: from £X on <date>" (decision 0084) while the public price was reduced lately.
      keyFactsHtml: keyFactsHtml(
        [...keyFactRows(listing), ...(available ? reducedRow(listing) : [])],
        figuresCheck?.note ?? UNCHECKED,
      ),
      // The buyer's calculator (decision 0085), from the page's query; a hidden price starts empty.
      calculatorHtml: available
        ? paymentCalculatorHtml(listing.slug, new URL(request.url).searchParams, listing.askingPricePence)
        : null,
      // The figures a phone shows under the title, as a card shows them.
      headlineFigures: cardFigures(listing),
      // The badges after the offers, each with its colours: "Under offer since …" and "Figures checked by HBS on
      // …" (decision 0087). Data, not markup, so the page's script (at its budget) carries one map for both.
      marks: [
        ...(available && listing.underOfferAt
          ? [{ text: underOfferLabel(listing.underOfferAt), tone: "bg-amber-100 text-amber-950" }]
          : []),
        ...(figuresCheck ? [{ text: figuresCheck.badge, tone: "bg-emerald-100 text-emerald-950" }] : []),
      ],
      // Under the Key facts: the figures are the seller's, or which of them HBS checked (decision 0087).
      keyFactsNote: figuresCheck?.note ?? UNCHECKED,
      // How current it is (decision 0030): when it was listed and when its seller last said it is still for sale.
      listedOn: listing.publishedAt ? formatLondonDate(listing.publishedAt) : null,
      confirmedOn: listing.confirmedAt ? formatLondonDate(listing.confirmedAt) : null,
      seo: {
        title: `${listing.title} for sale | HBS`,
        description: summarise(listing.description),
        url,
        image: images[0] ?? null,
        jsonLd,
      },
    },
    // A business that has been sold or withdrawn is gone for good: say so.
    { status: available ? 200 : 410 },
  );
}

/** "Price reduced: from £X on <date>", a key fact while the listing's public price was reduced lately. */
function reducedRow(listing: Parameters<typeof listingBadges>[0]) {
  const { reduced } = listingBadges(listing, new Date());
  return reduced
    ? [{ label: "Price reduced", value: `From ${formatPence(reduced.fromPence)} on ${formatLondonDate(reduced.on)}` }]
    : [];
}

/** Register interest in this listing (spec section 5); only while it is for sale. */
export async function action({ request, params, context }: Route.ActionArgs) {
  // The buyer's own copy of their interest, and their thread, name the listing as they see it.
  const { listing } = await listingFor(request, params.slug);
  if (listing.status !== "published") return refuseEnquiry(410, "This business is no longer available.");
  return handleEnquiryForm(
    { request, context },
    {
      kind: "listing_interest",
      schema: listingInterestSchema,
      failureMessage: LISTING_INTEREST_FAILURE,
      prepare: async (fields) => ({
        subject: listing.title,
        fields: { listingTitle: listing.title, ...fields },
        listingId: listing.id,
        // The form says, under its fields, that the seller sees these details.
        sharedWithSeller: true,
        // A signed-in buyer's interest is the first message of their thread with the seller (decision 0032).
        alsoStore: (tx, _stored, userId) =>
          userId
            ? threadFromInterest(
                tx,
                listing.id,
                userId,
                [
                  `I am interested in ${listing.title}.`,
                  `Name: ${fields.fullName}`,
                  `Email: ${fields.email}`,
                  `Contact number: ${fields.contactNumber}`,
                ].join("\n"),
              )
            : Promise.resolve(),
      }),
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => enquiryClientAction(args, LISTING_INTEREST_FAILURE);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [...seoMeta(loaderData.seo), ...(loaderData.available ? [] : [{ name: "robots", content: "noindex" }])]
    : [{ title: "Page not found | HBS" }];

export default function Listing({
  loaderData: {
    listing,
    available,
    tiles,
    nda,
    enquired,
    dataRoomNote,
    district,
    offers,
    category,
    askingPrice,
    keyFactsHtml: keyFacts,
    calculatorHtml,
    headlineFigures,
    marks,
    listedOn,
    confirmedOn,
  },
  actionData,
}: Route.ComponentProps) {
  const member = useMember();
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/buy" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        {/* A character, not an icon: this page's first-load JavaScript is at its budget (bench/README.md). */}
        <span aria-hidden>←</span>
        Businesses for sale
      </Link>
      {available ? null : (
        <p role="status" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          This business is no longer available.
        </p>
      )}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <Badge>{category}</Badge>
        {listing.featured ? <Badge variant="accent">Featured</Badge> : null}
        <Badge variant="outline">{offers}</Badge>
        {marks.map((mark) => (
          <Badge key={mark.text} className={mark.tone}>
            {mark.text}
          </Badge>
        ))}
        {available ? (
          <div className="ml-auto">
            <SaveListingButton id={listing.id} slug={listing.slug} title={listing.title} />
          </div>
        ) : null}
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{listing.title}</h1>
      <p className="mt-2 flex items-center gap-1 text-slate-700">
        <MapPin aria-hidden className="size-4 text-brand-700" />
        {listing.town}
        {district ? `, ${district}` : ""}
      </p>
      <PriceOnPhones askingPrice={askingPrice} figures={headlineFigures} available={available} />
      {listing.latitude !== null && listing.longitude !== null ? (
        <PlaceMapOnDemand
          tiles={tiles}
          marker={{
            latitude: listing.latitude,
            longitude: listing.longitude,
            title: listing.title,
            detail: listing.town,
          }}
        />
      ) : null}
      {listedOn ? (
        <p className="mt-1 text-sm text-slate-700">
          Listed {listedOn}
          {confirmedOn ? ` · Seller confirmed it is still available on ${confirmedOn}` : ""}
        </p>
      ) : null}

      {nda ? <NdaInvitation slug={listing.slug} state={nda} /> : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <div>
          <ListingGallery listing={listing} />
          <h2 className="mt-10 text-xl font-semibold">About this business</h2>
          <p className="mt-3 whitespace-pre-line text-slate-800">{listing.description}</p>
          <div dangerouslySetInnerHTML={{ __html: keyFacts }} />
          {/* Made on the server (decision 0085): HTML, not code, in the page's scripts. */}
          {calculatorHtml ? <div dangerouslySetInnerHTML={{ __html: calculatorHtml }} /> : null}
          {listing.features.length ? (
            <>
              <h2 className="mt-8 text-xl font-semibold">Key features</h2>
              <ul className="mt-3 space-y-2">
                {listing.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                    {feature}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        <aside aria-label="Price and enquiry" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <dl className="grid gap-4">
              <div>
                <dt className="text-sm text-slate-700">Asking price</dt>
                <dd className="text-3xl font-bold text-brand-800">{askingPrice}</dd>
              </div>
              {listing.monthlyLeasePence !== null ? (
                <div>
                  <dt className="text-sm text-slate-700">Lease</dt>
                  <dd className="font-semibold">{formatPence(listing.monthlyLeasePence)} Lease/Month</dd>
                </div>
              ) : null}
              {listing.annualRevenuePence !== null ? (
                <div>
                  <dt className="text-sm text-slate-700">Turnover</dt>
                  <dd className="font-semibold">{formatPence(listing.annualRevenuePence)}</dd>
                </div>
              ) : null}
            </dl>
          </div>
          {dataRoomNote ? <div dangerouslySetInnerHTML={{ __html: dataRoomNote }} /> : null}
          {available ? (
            <section
              id="register-interest"
              aria-labelledby="register-interest-title"
              className="mt-6 scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h2 id="register-interest-title" className="text-lg font-semibold">
                Register Interest
              </h2>
              {enquired ? <EnquiredNote enquired={enquired} /> : null}
              <p className="mt-1 mb-4 text-sm text-slate-700">
                Leave your details and a member of the team will be in contact with you soon.
              </p>
              <RegisterInterestForm listing={listing} actionData={actionData} member={member?.contact} />
            </section>
          ) : enquired ? (
            // Sold or withdrawn: the conversation is still the member's.
            <EnquiredNote enquired={enquired} />
          ) : null}
        </aside>
      </div>
      {available ? <ActionBarOnPhones askingPrice={askingPrice} /> : null}
    </article>
  );
}

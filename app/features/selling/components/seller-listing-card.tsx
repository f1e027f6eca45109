import { Link, Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { listingCategoryLabel } from "~/lib/categories";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { sellerActionLabels, sellerStatusWords, type SellerAction } from "../seller-status";
import { NdaSigners } from "~/features/marketplace/components/nda-signers";
import { hasGuide, type PriceGuide } from "../price-guide";
import { GuideFigures, NotEnoughData } from "./price-guide";
import { ViewsChart } from "./views-chart";

interface SellerListing {
  id: number;
  slug: string;
  title: string;
  town: string;
  category: string;
  askingPricePence: number;
  netProfitPence: number | null;
  annualRevenuePence: number | null;
  status: "pending" | "published" | "rejected" | "sold" | "withdrawn" | "expired" | "suspended";
  rejectionReason: string | null;
  withdrawnByStaffAt: Date | null;
  withdrawalReason: string | null;
  underOfferAt: Date | null;
  createdAt: Date;
  publishedAt: Date | null;
  confirmedAt: Date | null;
  revisionSentAt: Date | null;
  figuresCheckedAt: Date | null;
  actions: SellerAction[];
  editable: boolean;
  viewsByDay: { day: string; views: number }[];
  enquiries: { id: number; name: string; email: string; phone: string; createdAt: Date }[];
  confidential: boolean;
  ndas: { id: number; fullName: string; acceptedAt: Date; revokedAt: Date | null }[];
  priceGuide: PriceGuide;
}

const statusTone: Record<SellerListing["status"], string> = {
  pending: "bg-sky-100 text-sky-950",
  published: "bg-brand-100 text-brand-900",
  rejected: "bg-red-100 text-red-950",
  sold: "bg-slate-200 text-slate-900",
  withdrawn: "bg-slate-200 text-slate-900",
  expired: "bg-amber-100 text-amber-950",
  suspended: "bg-slate-200 text-slate-900",
};

/** Buttons for the steps open to this listing; each is a small form, so they work without JavaScript. */
function SellerActions({ listing }: { listing: SellerListing }) {
  return (
    <div className="flex flex-wrap gap-2">
      {listing.editable ? (
        <Link to={`/my-listings/${listing.id}/edit`} className={buttonVariants({ size: "sm" })}>
          Edit<span className="sr-only"> {listing.title}</span>
        </Link>
      ) : null}
      <Link to={`/my-listings/${listing.id}/data-room`} className={buttonVariants({ size: "sm", variant: "outline" })}>
        Data room<span className="sr-only"> of {listing.title}</span>
      </Link>
      {listing.editable ? (
        // Decision 0087: evidence for the figures, for staff to check.
        <Link to={`/my-listings/${listing.id}/evidence`} className={buttonVariants({ size: "sm", variant: "outline" })}>
          Evidence for figures<span className="sr-only"> of {listing.title}</span>
        </Link>
      ) : null}
      {listing.actions.map((action) => (
        <Form key={action} method="post">
          <input type="hidden" name="listingId" value={listing.id} />
          <Button type="submit" name="intent" value={action} variant="outline" size="sm">
            {sellerActionLabels[action]}
            <span className="sr-only"> {listing.title}</span>
          </Button>
        </Form>
      ))}
    </div>
  );
}

function Enquiries({ listing }: { listing: SellerListing }) {
  if (listing.enquiries.length === 0) return <p className="text-sm text-slate-700">No enquiries yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Enquiries about {listing.title}, newest first</caption>
        <thead className="text-slate-700">
          <tr>
            {["Name", "Email", "Phone", "Date"].map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {listing.enquiries.map((enquiry) => (
            <tr key={enquiry.id}>
              <td className="py-2 pr-4">{enquiry.name}</td>
              <td className="py-2 pr-4">
                <a href={`mailto:${enquiry.email}`} className="text-brand-800 underline">
                  {enquiry.email}
                </a>
              </td>
              <td className="py-2 pr-4">
                <a href={`tel:${enquiry.phone.replace(/\s+/g, "")}`} className="text-brand-800 underline">
                  {enquiry.phone}
                </a>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">{formatLondonDate(enquiry.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One of the seller's listings on /my-listings: where it stands, how it is doing, and what they can do. */
export function SellerListingCard({ listing }: { listing: SellerListing }) {
  const words = sellerStatusWords(listing);
  const onSite = listing.status !== "pending" && listing.status !== "rejected";
  const headingId = `listing-${listing.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            {onSite ? (
              <Link to={`/buy/${listing.slug}`} className="text-brand-900 hover:underline">
                {listing.title}
              </Link>
            ) : (
              listing.title
            )}
          </h2>
          <p className="text-sm text-slate-700">
            {listing.town} · {formatPence(listing.askingPricePence)}
          </p>
        </div>
        <Badge className={statusTone[listing.status]}>{words.label}</Badge>
      </header>
      <div className="grid gap-1 text-sm text-slate-800">
        {words.detail ? <p>{words.detail}</p> : null}
        {listing.figuresCheckedAt ? (
          <p className="font-medium text-emerald-900">
            Figures checked by HBS on {formatLondonDate(listing.figuresCheckedAt)}
          </p>
        ) : null}
        {listing.status === "withdrawn" && listing.withdrawnByStaffAt ? (
          <p className="font-medium text-red-900">
            HBS took this listing down on {formatLondonDate(listing.withdrawnByStaffAt)}: {listing.withdrawalReason}.
            Only HBS can put it back on the market: reply to our e-mail, or contact us, if you would like it back.
          </p>
        ) : null}
        <p>
          Submitted {formatLondonDate(listing.createdAt)}
          {listing.publishedAt ? ` · Listed ${formatLondonDate(listing.publishedAt)}` : ""}
          {listing.confirmedAt ? ` · Last confirmed ${formatLondonDate(listing.confirmedAt)}` : ""}
        </p>
        {listing.revisionSentAt ? (
          <p className="font-medium text-sky-900">
            Your changes of {formatLondonDate(listing.revisionSentAt)} are waiting for review; buyers see the published
            version until then.
          </p>
        ) : null}
      </div>
      <SellerActions listing={listing} />
      {listing.publishedAt ? (
        <section aria-label={`Views of ${listing.title}`}>
          <ViewsChart days={listing.viewsByDay} title={listing.title} />
        </section>
      ) : null}
      <section aria-labelledby={`${headingId}-guide`} className="grid gap-2">
        <h3 id={`${headingId}-guide`} className="font-semibold">
          Price guide for {listingCategoryLabel(listing.category)}
        </h3>
        {hasGuide(listing.priceGuide) ? (
          <GuideFigures
            guide={listing.priceGuide}
            category={listing.category}
            own={{
              askingPricePence: listing.askingPricePence,
              profit: listing.netProfitPence,
              turnover: listing.annualRevenuePence,
            }}
          />
        ) : (
          <NotEnoughData category={listing.category} titled />
        )}
      </section>
      <section aria-labelledby={`${headingId}-enquiries`} className="grid gap-2">
        <h3 id={`${headingId}-enquiries`} className="font-semibold">
          Enquiries ({listing.enquiries.length})
        </h3>
        <Enquiries listing={listing} />
      </section>
      {listing.confidential || listing.ndas.length ? (
        <section aria-labelledby={`${headingId}-ndas`} className="grid gap-2">
          <h3 id={`${headingId}-ndas`} className="font-semibold">
            Confidential: who accepted the NDA ({listing.ndas.filter((nda) => !nda.revokedAt).length})
          </h3>
          <NdaSigners ndas={listing.ndas} />
        </section>
      ) : null}
    </article>
  );
}

// The seller's dashboard, /my-listings (decision 0030): the member's own
// listings only, each with its views, the interest it received and where its
// price sits in its category's price guide.
import { and, desc, eq, inArray } from "drizzle-orm";
import { listingViewsByDay } from "~/features/marketplace/listing-views.server";
import { ndaSigners } from "~/features/marketplace/confidential.server";
import { db } from "~/server/db.server";
import { businessListing, enquiry, listingRevision } from "~/server/schema";
import { sellerPriceGuides } from "./price-guide.server";
import { claimListingsByEmail } from "./seller.server";
import { sellerActionsFrom, sellerCanEdit } from "./seller-actions.server";

export async function sellerDashboard(member: { id: string; email: string; emailVerified: boolean }, now = new Date()) {
  await claimListingsByEmail(member);
  const listings = await db()
    .select({
      id: businessListing.id,
      slug: businessListing.slug,
      title: businessListing.title,
      town: businessListing.town,
      category: businessListing.category,
      askingPricePence: businessListing.askingPricePence,
      netProfitPence: businessListing.netProfitPence,
      annualRevenuePence: businessListing.annualRevenuePence,
      status: businessListing.status,
      rejectionReason: businessListing.rejectionReason,
      withdrawnByStaffAt: businessListing.withdrawnByStaffAt,
      withdrawalReason: businessListing.withdrawalReason,
      underOfferAt: businessListing.underOfferAt,
      createdAt: businessListing.createdAt,
      publishedAt: businessListing.publishedAt,
      confirmedAt: businessListing.confirmedAt,
      confidential: businessListing.confidential,
      figuresCheckedAt: businessListing.figuresCheckedAt,
      revisionSentAt: listingRevision.updatedAt,
    })
    .from(businessListing)
    .leftJoin(
      listingRevision,
      and(eq(listingRevision.listingId, businessListing.id), eq(listingRevision.status, "pending")),
    )
    .where(eq(businessListing.sellerId, member.id))
    .orderBy(desc(businessListing.createdAt), desc(businessListing.id));
  const ids = listings.map((listing) => listing.id);
  if (ids.length === 0) return [];

  const [views, signers, interest, guides] = await Promise.all([
    listingViewsByDay(ids, 30, now),
    ndaSigners(ids),
    // Only interest registered under the line telling buyers the seller sees it (UK GDPR).
    db()
      .select({ id: enquiry.id, listingId: enquiry.listingId, fields: enquiry.fields, createdAt: enquiry.createdAt })
      .from(enquiry)
      .where(
        and(inArray(enquiry.listingId, ids), eq(enquiry.kind, "listing_interest"), eq(enquiry.sharedWithSeller, true)),
      )
      .orderBy(desc(enquiry.createdAt), desc(enquiry.id)),
    // Its category's price guide from other sellers' listings (decision 0086), one query for every category.
    sellerPriceGuides(member.id),
  ]);
  const text = (fields: Record<string, unknown>, key: string) =>
    typeof fields[key] === "string" ? (fields[key] as string) : "";

  return listings.map((listing) => {
    return {
      ...listing,
      actions: sellerActionsFrom(listing),
      editable: sellerCanEdit(listing.status),
      viewsByDay: views.get(listing.id)!,
      // A category no other seller's listing is guided in has no row: as "not enough data yet".
      priceGuide: guides.get(listing.category) ?? { profit: null, turnover: null },
      // Who accepted the NDA of a confidential listing (decision 0033): name and date, never their address.
      ndas: signers
        .filter((row) => row.listingId === listing.id)
        .map(({ id, fullName, acceptedAt, revokedAt }) => ({ id, fullName, acceptedAt, revokedAt })),
      enquiries: interest
        .filter((row) => row.listingId === listing.id)
        .map((row) => ({
          id: row.id,
          name: text(row.fields, "fullName"),
          email: text(row.fields, "email"),
          phone: text(row.fields, "contactNumber"),
          createdAt: row.createdAt,
        })),
    };
  });
}

export type SellerListing = Awaited<ReturnType<typeof sellerDashboard>>[number];

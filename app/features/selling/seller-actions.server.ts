// What a seller does to their own listing from /my-listings (decision 0030).
// Every statement is scoped to the seller's own listing and the statuses the
// step may start from, so another member's id or a stale page changes
// nothing; each change is audited like a member of staff's.
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { changedFields, recordAudit } from "~/server/audit.server";
import { factColumns } from "~/features/marketplace/sell-schema";
import { db } from "~/server/db.server";
import { businessListing, listingRevision } from "~/server/schema";
import type { sellerEditSchema } from "./edit-schema";
import { ownedListing } from "./seller.server";
import type { SellerAction } from "./seller-status";

type Listing = typeof businessListing.$inferSelect;
type Status = Listing["status"];
interface Member {
  id: string;
  email: string;
}

const now = () => new Date();

/** Where each step may start from, and what it changes. */
const steps: Record<
  SellerAction,
  { from: Status[]; when?: SQL; set: () => Partial<Listing> | Record<string, unknown> }
> = {
  "under-offer": {
    from: ["published"],
    when: isNull(businessListing.underOfferAt),
    set: () => ({ underOfferAt: now() }),
  },
  "offer-cleared": {
    from: ["published"],
    when: isNotNull(businessListing.underOfferAt),
    set: () => ({ underOfferAt: null }),
  },
  "mark-sold": { from: ["published"], set: () => ({ status: "sold", featured: false, underOfferAt: null }) },
  withdraw: { from: ["published", "pending"], set: () => ({ status: "withdrawn", featured: false }) },
  // Back on the market as it was approved; one that never was goes back to the review queue.
  // Not one that staff took down: only staff put that back (decision 0063).
  republish: {
    from: ["sold", "withdrawn"],
    when: isNull(businessListing.withdrawnByStaffAt),
    set: () => ({
      status: sql`case when ${businessListing.publishedAt} is null then 'pending' else 'published' end::listing_status`,
      confirmedAt: now(),
      remindedAt: null,
      underOfferAt: null,
    }),
  },
  // "Still available": the 90 days start again; an expired listing comes back.
  renew: { from: ["published", "expired"], set: () => ({ status: "published", confirmedAt: now(), remindedAt: null }) },
};

export function sellerActionsFrom(
  listing: Pick<Listing, "status" | "underOfferAt" | "withdrawnByStaffAt">,
): SellerAction[] {
  return (Object.keys(steps) as SellerAction[]).filter((action) => {
    if (!steps[action].from.includes(listing.status)) return false;
    if (action === "under-offer") return listing.underOfferAt === null;
    if (action === "offer-cleared") return listing.underOfferAt !== null;
    if (action === "republish") return listing.withdrawnByStaffAt === null;
    return true;
  });
}

const audited = (listing: Listing, after: Listing) => {
  const pick = (l: Listing) => ({
    status: l.status,
    underOfferAt: l.underOfferAt?.toISOString() ?? null,
    confirmedAt: l.confirmedAt?.toISOString() ?? null,
  });
  return changedFields(pick(listing), pick(after));
};

/** Takes one step on the member's own listing; false when it is not theirs or not possible now. */
export async function takeSellerAction(member: Member, listingId: number, action: SellerAction): Promise<boolean> {
  const step = steps[action];
  return db().transaction(async (tx) => {
    const before = await ownedListing(member.id, listingId, tx);
    if (!before) return false;
    const [after] = await tx
      .update(businessListing)
      .set(step.set() as Partial<Listing>)
      .where(
        and(
          eq(businessListing.id, listingId),
          eq(businessListing.sellerId, member.id),
          inArray(businessListing.status, step.from),
          step.when,
        ),
      )
      .returning();
    if (!after) return false;
    await recordAudit(tx, member, {
      action: `listing.seller.${action}`,
      entityType: "listing",
      entityId: listingId,
      ...audited(before, after),
    });
    return true;
  });
}

export type SellerEdit = z.output<typeof sellerEditSchema>;

/** The listing's columns a seller may change, as the edit form gives them. */
export function sellerColumns(edit: SellerEdit) {
  return {
    title: edit.businessName,
    category: edit.category,
    town: edit.location,
    askingPricePence: edit.askingPrice,
    annualRevenuePence: edit.annualRevenue,
    description: edit.description,
    ...factColumns(edit),
  };
}

export type SellerColumns = ReturnType<typeof sellerColumns>;
export const SELLER_COLUMNS = Object.keys(
  sellerColumns({
    businessName: "",
    category: "other",
    location: "",
    askingPrice: 0,
    annualRevenue: 0,
    description: "",
    accommodationIncluded: undefined,
    relocatable: undefined,
    alcoholLicence: undefined,
    paymentTerms: [],
  }),
) as (keyof SellerColumns)[];

export function currentSellerColumns(listing: Listing): SellerColumns {
  return Object.fromEntries(SELLER_COLUMNS.map((key) => [key, listing[key]])) as SellerColumns;
}

/** A listing waiting for review or turned down changes in place; a published one through a revision. */
export const sellerCanEdit = (status: Status) =>
  status === "pending" || status === "rejected" || status === "published";

export type EditOutcome = "saved" | "sent-for-review" | "unchanged" | "not-editable";

/**
 * A listing waiting for review (or turned down) changes in place and goes
 * back to the queue; a published one keeps its live version while the
 * changes wait for staff as a revision, a newer edit replacing an older one.
 */
export async function editOwnListing(member: Member, listingId: number, edit: SellerEdit): Promise<EditOutcome | null> {
  return db().transaction(async (tx) => {
    const listing = await ownedListing(member.id, listingId, tx);
    if (!listing) return null;
    const changes = changedFields(currentSellerColumns(listing), sellerColumns(edit));
    if (listing.status === "pending" || listing.status === "rejected") {
      if (Object.keys(changes.after).length === 0 && listing.status === "pending") return "unchanged";
      await tx
        .update(businessListing)
        .set({ ...changes.after, status: "pending", rejectionReason: null })
        .where(and(eq(businessListing.id, listingId), eq(businessListing.sellerId, member.id)));
      await recordAudit(tx, member, {
        action: "listing.seller.edit",
        entityType: "listing",
        entityId: listingId,
        ...changes,
      });
      return "saved";
    }
    if (listing.status !== "published") return "not-editable";
    if (Object.keys(changes.after).length === 0) return "unchanged";
    await tx
      .insert(listingRevision)
      .values({ listingId, changes: changes.after })
      .onConflictDoUpdate({
        target: listingRevision.listingId,
        targetWhere: sql`${listingRevision.status} = 'pending'`,
        set: { changes: changes.after, updatedAt: new Date() },
      });
    await recordAudit(tx, member, {
      action: "listing.seller.revision",
      entityType: "listing",
      entityId: listingId,
      ...changes,
    });
    return "sent-for-review";
  });
}

// Staff's side of sellers' changes to published listings (decision 0030):
// the live version stays until a member of staff approves the revision.
import { and, asc, eq } from "drizzle-orm";
import { paymentTermLabels, type PaymentTerm } from "~/features/marketplace/listing-facts";
import { formatPence } from "~/lib/money";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { enqueueMail } from "~/server/outbox.server";
import { decideProposal, type ProposalDecision } from "~/server/proposals.server";
import { businessListing, listingRevision } from "~/server/schema";
import { revisionMail } from "./emails.server";
import { currentSellerColumns, SELLER_COLUMNS, type SellerColumns } from "./seller-actions.server";
import { sellerContact } from "./seller.server";

/** Listings whose sellers' changes wait for staff, oldest first. */
export function listPendingRevisions() {
  return db()
    .select({
      id: listingRevision.id,
      listingId: listingRevision.listingId,
      title: businessListing.title,
      sentAt: listingRevision.updatedAt,
    })
    .from(listingRevision)
    .innerJoin(businessListing, eq(businessListing.id, listingRevision.listingId))
    .where(eq(listingRevision.status, "pending"))
    .orderBy(asc(listingRevision.updatedAt))
    .limit(200);
}

/** Only the columns a seller may change, whatever the stored changes hold. */
function allowedChanges(changes: Record<string, unknown>): Partial<SellerColumns> {
  return Object.fromEntries(SELLER_COLUMNS.filter((key) => key in changes).map((key) => [key, changes[key]]));
}

const fieldNames: Record<string, string> = { title: "Business name", town: "Location" };

/** "annualRentPence" → "Annual rent", money as £ and yes/no in words, for staff to compare. */
function describe(key: string, value: unknown) {
  const label =
    fieldNames[key] ??
    key
      .replace(/Pence$/, "")
      .replace(/([A-Z])/g, " $1")
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase());
  const shown =
    value === null || value === undefined || (Array.isArray(value) && !value.length)
      ? "Not said"
      : key === "paymentTerms"
        ? (value as PaymentTerm[]).map((term) => paymentTermLabels[term]).join("; ")
        : key.endsWith("Pence")
          ? formatPence(Number(value))
          : typeof value === "boolean"
            ? value
              ? "Yes"
              : "No"
            : String(value);
  return { label, shown };
}

/** The listing's waiting revision, with each changed field before and after. */
export async function pendingRevisionOf(listingId: number) {
  const [row] = await db()
    .select({ revision: listingRevision, listing: businessListing })
    .from(listingRevision)
    .innerJoin(businessListing, eq(businessListing.id, listingRevision.listingId))
    .where(and(eq(listingRevision.listingId, listingId), eq(listingRevision.status, "pending")));
  if (!row) return null;
  const current = currentSellerColumns(row.listing);
  const changes = allowedChanges(row.revision.changes);
  return {
    id: row.revision.id,
    sentAt: row.revision.updatedAt,
    fields: (Object.keys(changes) as (keyof SellerColumns)[]).map((key) => ({
      key,
      label: describe(key, null).label,
      before: describe(key, current[key]).shown,
      after: describe(key, changes[key]).shown,
    })),
  };
}

/** Approves (applies) or rejects a waiting revision; false when it is no longer waiting. */
export function decideRevision(
  admin: { id: string; email: string },
  listingId: number,
  revisionId: number,
  decision: ProposalDecision,
): Promise<boolean> {
  return decideProposal(admin, decision, {
    markDecided: (tx, decided) =>
      tx
        .update(listingRevision)
        .set(decided)
        .where(
          and(
            eq(listingRevision.id, revisionId),
            eq(listingRevision.listingId, listingId),
            eq(listingRevision.status, "pending"),
          ),
        )
        .returning(),
    subject: async (tx) => (await tx.select().from(businessListing).where(eq(businessListing.id, listingId)))[0],
    current: currentSellerColumns,
    allowed: allowedChanges,
    apply: (tx, changed) => tx.update(businessListing).set(changed).where(eq(businessListing.id, listingId)),
    audit: {
      approve: "listing.revision-approve",
      reject: "listing.revision-reject",
      entityType: "listing",
      entityId: listingId,
    },
    tell: async (tx, { subject: listing, changed, reason }) => {
      const seller = await sellerContact(listing, undefined, tx);
      if (!seller) return;
      const url = new URL(`/buy/${listing.slug}`, env().SITE_URL).toString();
      // Named as the seller wanted it, even when refused.
      const title = (changed.title as string | undefined) ?? listing.title;
      await enqueueMail(tx, revisionMail(seller, { title, url, reason }, decision.approve));
    },
  });
}

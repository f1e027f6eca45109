// Who sells a listing: the submission it came from, the address to write to,
// and the member it belongs to (decision 0030).
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { data } from "react-router";
import { requireUser } from "~/features/account/session.server";
import { routeId } from "~/lib/route-id";
import { db, type Database } from "~/server/db.server";
import { businessListing, enquiry, user } from "~/server/schema";

type Listing = typeof businessListing.$inferSelect;

/** The submission a listing came from: the seller's contact details and their private photos. */
export async function submissionOf(listingId: number, database: Database = db()) {
  const [row] = await database
    .select({ id: enquiry.id, fields: enquiry.fields, createdAt: enquiry.createdAt })
    .from(enquiry)
    .where(and(eq(enquiry.listingId, listingId), eq(enquiry.kind, "listing_submission")))
    .orderBy(asc(enquiry.id))
    .limit(1);
  if (!row) return null;
  const text = (key: string) => (typeof row.fields[key] === "string" ? (row.fields[key] as string) : "");
  const photos = Array.isArray(row.fields.photos)
    ? (row.fields.photos as unknown[]).filter((p) => typeof p === "string")
    : [];
  return {
    enquiryId: row.id,
    createdAt: row.createdAt,
    contactName: text("contactName"),
    contactEmail: text("contactEmail"),
    contactPhone: text("contactPhone"),
    photos: photos as string[],
  };
}

export type Submission = Awaited<ReturnType<typeof submissionOf>>;

/** The seller to e-mail: the submission's contact, else the member who owns it. */
export async function sellerContact(
  listing: Pick<Listing, "id" | "sellerId">,
  submission?: Submission,
  database: Database = db(),
): Promise<{ email: string; name: string } | null> {
  const found = submission === undefined ? await submissionOf(listing.id, database) : submission;
  if (found?.contactEmail) return { email: found.contactEmail, name: found.contactName || "seller" };
  if (!listing.sellerId) return null;
  const [seller] = await database
    .select({ email: user.email, fullName: user.fullName })
    .from(user)
    .where(eq(user.id, listing.sellerId));
  return seller ? { email: seller.email, name: seller.fullName || seller.email.split("@")[0]! } : null;
}

/**
 * Listings sent from /sell while signed out belong to the member whose
 * verified e-mail is the submission's contact e-mail: they join the
 * member's dashboard the first time it is opened after verifying. An
 * unverified address claims nothing, so nobody gets a listing by typing
 * someone else's e-mail at sign-up.
 */
export async function claimListingsByEmail(member: { id: string; email: string; emailVerified: boolean }) {
  if (!member.emailVerified) return;
  const submitted = db()
    .select({ id: enquiry.listingId })
    .from(enquiry)
    .where(
      and(
        eq(enquiry.kind, "listing_submission"),
        sql`lower(${enquiry.fields}->>'contactEmail') = ${member.email.toLowerCase()}`,
      ),
    );
  await db()
    .update(businessListing)
    .set({ sellerId: member.id })
    .where(and(isNull(businessListing.sellerId), inArray(businessListing.id, submitted)));
}

/** A listing, only when it is this member's: every seller query starts here. */
export async function ownedListing(userId: string, listingId: number, database: Database = db()) {
  const [listing] = await database
    .select()
    .from(businessListing)
    .where(and(eq(businessListing.id, listingId), eq(businessListing.sellerId, userId)))
    .limit(1);
  return listing ?? null;
}

/** The signed-in member's own listing from a route's id, else the same 404 as a listing that does not exist. */
export async function requireOwnListing(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const listingId = routeId(id ?? "");
  const listing = listingId === null ? null : await ownedListing(user.id, listingId);
  if (!listing) throw data(null, { status: 404 });
  return { user, listing };
}

/**
 * Takes every listing of a seller off the site while their account is
 * suspended (decision 0078): each moves to "suspended", keeping the status it
 * had, so every public query, which asks for "published" first in its index,
 * leaves it out with no condition of its own, and no step from its status can
 * be taken until it is back. Its dates are left as they were. Run in the
 * suspension's transaction; the table's trigger empties every server's page cache.
 */
export async function suspendListingsOf(tx: Database, sellerId: string) {
  const moved = await tx
    .update(businessListing)
    .set({
      statusBeforeSuspension: sql`${businessListing.status}`,
      status: "suspended",
      updatedAt: sql`${businessListing.updatedAt}`,
    })
    .where(and(eq(businessListing.sellerId, sellerId), ne(businessListing.status, "suspended")))
    .returning({ id: businessListing.id });
  return moved.length;
}

/** Puts a restored seller's listings back in the status each had when they were suspended. */
export async function restoreListingsOf(tx: Database, sellerId: string) {
  const moved = await tx
    .update(businessListing)
    .set({
      status: sql`${businessListing.statusBeforeSuspension}`,
      statusBeforeSuspension: null,
      updatedAt: sql`${businessListing.updatedAt}`,
    })
    .where(and(eq(businessListing.sellerId, sellerId), eq(businessListing.status, "suspended")))
    .returning({ id: businessListing.id });
  return moved.length;
}

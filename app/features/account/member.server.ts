// What a member keeps: subscriptions, saved listings, favourite businesses
// and the profile. Every query is scoped to the session's user in SQL, so
// nobody can read or change another member's rows by sending their ids.
import { and, desc, eq, sql } from "drizzle-orm";
import { cardColumns as businessColumns } from "~/features/directory/businesses.server";
import { cardColumns as listingColumns } from "~/features/marketplace/listings.server";
import { db } from "~/server/db.server";
import {
  businessListing,
  directoryBusiness,
  favouriteBusiness,
  savedListing,
  subscription,
  user,
} from "~/server/schema";

export function listSubscriptions(userId: string) {
  return db()
    .select({
      id: subscription.id,
      packageName: subscription.packageName,
      packageType: subscription.packageType,
      status: subscription.status,
      pricePence: subscription.pricePence,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
    })
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .orderBy(desc(subscription.createdAt), desc(subscription.id));
}

export function listSavedListings(userId: string) {
  return db()
    .select({ ...listingColumns, distanceKm: sql<null>`null` })
    .from(savedListing)
    .innerJoin(businessListing, eq(businessListing.id, savedListing.listingId))
    .where(and(eq(savedListing.userId, userId), eq(businessListing.status, "published")))
    .orderBy(desc(savedListing.createdAt), desc(savedListing.id));
}

export async function removeSavedListing(userId: string, listingId: number) {
  const removed = await db()
    .delete(savedListing)
    .where(and(eq(savedListing.userId, userId), eq(savedListing.listingId, listingId)))
    .returning({ id: savedListing.id });
  return removed.length > 0;
}

export function listFavourites(userId: string) {
  return db()
    .select({ ...businessColumns })
    .from(favouriteBusiness)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, favouriteBusiness.businessId))
    .where(and(eq(favouriteBusiness.userId, userId), eq(directoryBusiness.published, true)))
    .orderBy(desc(favouriteBusiness.createdAt), desc(favouriteBusiness.id));
}

export async function removeFavourite(userId: string, businessId: number) {
  const removed = await db()
    .delete(favouriteBusiness)
    .where(and(eq(favouriteBusiness.userId, userId), eq(favouriteBusiness.businessId, businessId)))
    .returning({ id: favouriteBusiness.id });
  return removed.length > 0;
}

export async function getProfile(userId: string) {
  const [row] = await db()
    .select({ email: user.email, fullName: user.fullName, phone: user.phone, marketingConsent: user.marketingConsent })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row ?? null;
}

export async function updateProfile(
  userId: string,
  fields: { fullName?: string; phone?: string; marketingConsent: boolean },
) {
  await db()
    .update(user)
    .set({
      fullName: fields.fullName ?? null,
      name: fields.fullName ?? "",
      phone: fields.phone ?? null,
      marketingConsent: fields.marketingConsent,
    })
    .where(eq(user.id, userId));
}

/** Which listings and businesses the member has saved: the hearts and save buttons show it. */
export async function savedIdsOf(userId: string) {
  const [listings, businesses] = await Promise.all([
    db().select({ id: savedListing.listingId }).from(savedListing).where(eq(savedListing.userId, userId)),
    db()
      .select({ id: favouriteBusiness.businessId })
      .from(favouriteBusiness)
      .where(eq(favouriteBusiness.userId, userId)),
  ]);
  return { listingIds: listings.map((r) => r.id), businessIds: businesses.map((r) => r.id) };
}

/** Saves a listing for the member, or un-saves it; says which it did. */
export async function toggleSavedListing(userId: string, listingId: number): Promise<"added" | "removed"> {
  if (await removeSavedListing(userId, listingId)) return "removed";
  await db().insert(savedListing).values({ userId, listingId }).onConflictDoNothing();
  return "added";
}

/** Adds a business to the member's favourites, or takes it out; says which it did. */
export async function toggleFavourite(userId: string, businessId: number): Promise<"added" | "removed"> {
  if (await removeFavourite(userId, businessId)) return "removed";
  await db().insert(favouriteBusiness).values({ userId, businessId }).onConflictDoNothing();
  return "added";
}

// What a member keeps: subscriptions, saved listings, favourite businesses
// and the profile. Every query is scoped to the session's user in SQL, so
// nobody can read or change another member's rows by sending their ids.
import { and, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cardColumns as businessColumns } from "~/features/directory/businesses.server";
import { cardColumns as listingColumns, withBadges } from "~/features/marketplace/listings.server";
import { maskableColumns, viewListings } from "~/features/marketplace/confidential.server";
import { paymentsOf, promotedName } from "~/features/payments/billing.server";
import { db } from "~/server/db.server";
import {
  businessListing,
  directoryBusiness,
  enquiry,
  businessConfirmation,
  businessSubmission,
  certificatePhoto,
  favouriteBusiness,
  passkey,
  savedListing,
  savedSearch,
  session,
  subscription,
  twoFactor,
  user,
} from "~/server/schema";

/** Not a checkout left unpaid or abandoned: Stripe's word makes it a subscription (decisions 0026, 0079). */
const paidFor = sql`not (${subscription.status} in ('pending', 'abandoned') and ${subscription.stripeCheckoutSessionId} is not null)`;

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
      promotes: promotedName,
    })
    .from(subscription)
    .leftJoin(directoryBusiness, eq(directoryBusiness.id, subscription.businessId))
    .leftJoin(businessListing, eq(businessListing.id, subscription.listingId))
    .where(and(eq(subscription.userId, userId), paidFor))
    .orderBy(desc(subscription.createdAt), desc(subscription.id));
}

/** The member's saved listings, each as they may see it (decision 0033). */
export async function listSavedListings(member: { id: string; role?: string | null }) {
  const rows = await db()
    .select({ ...listingColumns, distanceKm: sql<null>`null` })
    .from(savedListing)
    .innerJoin(businessListing, eq(businessListing.id, savedListing.listingId))
    .where(and(eq(savedListing.userId, member.id), eq(businessListing.status, "published")))
    .orderBy(desc(savedListing.createdAt), desc(savedListing.id));
  return withBadges(await viewListings(member, rows));
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

/**
 * How many of each thing the member keeps, for /my-account's list of their pages: counted as each page
 * lists them (saved listings and favourites still published, subscriptions paid for), in one query.
 */
export async function memberCounts(userId: string) {
  const counted = (from: SQL) => sql<number>`(select count(*)::int ${from})`;
  const [row] = await db()
    .select({
      listings: counted(sql`from ${businessListing} where ${businessListing.sellerId} = ${user.id}`),
      businesses: counted(sql`from ${directoryBusiness} where ${directoryBusiness.ownerId} = ${user.id}`),
      subscriptions: counted(sql`from ${subscription} where ${subscription.userId} = ${user.id} and ${paidFor}`),
      queries: counted(sql`from ${enquiry} where ${enquiry.userId} = ${user.id}`),
      savedListings: counted(
        sql`from ${savedListing} join ${businessListing} on ${businessListing.id} = ${savedListing.listingId}
          where ${savedListing.userId} = ${user.id} and ${businessListing.status} = 'published'`,
      ),
      searches: counted(sql`from ${savedSearch} where ${savedSearch.userId} = ${user.id}`),
      favourites: counted(
        sql`from ${favouriteBusiness} join ${directoryBusiness} on ${directoryBusiness.id} = ${favouriteBusiness.businessId}
          where ${favouriteBusiness.userId} = ${user.id} and ${directoryBusiness.published}`,
      ),
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
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
  // What the listing shows now is the starting point of its price-drop and under-offer alerts (decision 0031):
  // its public price, so a price a confidential listing hides is never kept for the member (decision 0062).
  const now = (column: AnyPgColumn) =>
    sql`(select ${column} from ${businessListing} where ${businessListing.id} = ${listingId})`;
  await db()
    .insert(savedListing)
    .values({
      userId,
      listingId,
      pricePenceSeen: now(businessListing.publicAskingPricePence),
      underOfferAtSeen: now(businessListing.underOfferAt),
    })
    .onConflictDoNothing();
  return "added";
}

/** Adds a business to the member's favourites, or takes it out; says which it did. */
export async function toggleFavourite(userId: string, businessId: number): Promise<"added" | "removed"> {
  if (await removeFavourite(userId, businessId)) return "removed";
  await db().insert(favouriteBusiness).values({ userId, businessId }).onConflictDoNothing();
  return "added";
}

/** Everything we hold about a member, for 'Download my data' (UK GDPR, right of access). */
export async function exportMemberData(userId: string) {
  const [profile] = await db()
    .select({
      email: user.email,
      emailVerified: user.emailVerified,
      fullName: user.fullName,
      phone: user.phone,
      marketingConsent: user.marketingConsent,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  const [
    saved,
    favourites,
    subscriptions,
    enquiries,
    sessions,
    passkeys,
    searches,
    confirmations,
    certificates,
    added,
  ] = await Promise.all([
    db()
      .select({ ...maskableColumns, savedAt: savedListing.createdAt })
      .from(savedListing)
      .innerJoin(businessListing, eq(businessListing.id, savedListing.listingId))
      .where(eq(savedListing.userId, userId))
      // The export, like every other view, names a confidential listing only to those with access.
      .then((rows) => viewListings({ id: userId }, rows)),
    db()
      .select({ business: directoryBusiness.name, url: directoryBusiness.slug, savedAt: favouriteBusiness.createdAt })
      .from(favouriteBusiness)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, favouriteBusiness.businessId))
      .where(eq(favouriteBusiness.userId, userId)),
    listSubscriptions(userId),
    db()
      .select({
        kind: enquiry.kind,
        subject: enquiry.subject,
        fields: enquiry.fields,
        status: enquiry.status,
        createdAt: enquiry.createdAt,
      })
      .from(enquiry)
      .where(eq(enquiry.userId, userId)),
    db()
      .select({
        signedInAt: session.createdAt,
        lastUsedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId)),
    listPasskeys(userId),
    db()
      .select({
        name: savedSearch.name,
        filters: savedSearch.query,
        emails: savedSearch.frequency,
        lastAlertAt: savedSearch.lastAlertAt,
        createdAt: savedSearch.createdAt,
      })
      .from(savedSearch)
      .where(eq(savedSearch.userId, userId)),
    // "Still as described" (decision 0091).
    db()
      .select({
        business: directoryBusiness.name,
        url: directoryBusiness.slug,
        confirmedOn: businessConfirmation.confirmedOn,
      })
      .from(businessConfirmation)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, businessConfirmation.businessId))
      .where(eq(businessConfirmation.userId, userId)),
    // Photos of certificates they sent (decision 0094).
    db()
      .select({
        business: directoryBusiness.name,
        status: certificatePhoto.status,
        sentAt: certificatePhoto.createdAt,
      })
      .from(certificatePhoto)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, certificatePhoto.businessId))
      .where(eq(certificatePhoto.userId, userId)),
    // Businesses they added (decision 0095), as they sent them.
    db()
      .select({
        sent: businessSubmission.sent,
        status: businessSubmission.status,
        reason: businessSubmission.reason,
        sentAt: businessSubmission.createdAt,
      })
      .from(businessSubmission)
      .where(eq(businessSubmission.userId, userId)),
  ]);
  const payments = await paymentsOf(subscriptions.map((s) => s.id));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    savedListings: saved.map((s) => ({ listing: s.title, url: `/buy/${s.slug}`, savedAt: s.savedAt })),
    favouriteBusinesses: favourites.map((f) => ({ ...f, url: `/halal-network-space/${f.url}` })),
    // With what Stripe reported of each one's money (decision 0026).
    subscriptions: subscriptions.map((s) => ({
      ...s,
      payments: (payments.get(s.id) ?? []).map(({ kind, amountPence, receiptUrl, occurredAt }) => ({
        kind,
        amountPence,
        receiptUrl,
        occurredAt,
      })),
    })),
    enquiries,
    sessions,
    passkeys,
    savedSearches: searches.map((s) => ({ ...s, url: `/buy${s.filters ? `?${s.filters}` : ""}` })),
    businessConfirmations: confirmations.map((c) => ({ ...c, url: `/halal-network-space/${c.url}` })),
    certificatePhotos: certificates,
    addedBusinesses: added,
  };
}

/** The member's signed-in devices, most recently used first: their account settings' list, and staff's (decision 0078). */
export function listSessions(userId: string) {
  return db()
    .select({
      id: session.id,
      token: session.token,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt));
}

/** Whether two-factor is on, or set up and waiting for the first code. */
export async function twoFactorState(userId: string, enabled: boolean) {
  if (enabled) return "on" as const;
  const pending = await db().$count(twoFactor, and(eq(twoFactor.userId, userId), eq(twoFactor.verified, false)));
  return pending > 0 ? ("pending" as const) : ("off" as const);
}

/** The member's passkeys, newest first. Their keys stay on the server. */
export function listPasskeys(userId: string) {
  return db()
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, backedUp: passkey.backedUp })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(desc(passkey.createdAt));
}

export async function removePasskey(userId: string, passkeyId: string) {
  const removed = await db()
    .delete(passkey)
    .where(and(eq(passkey.userId, userId), eq(passkey.id, passkeyId)))
    .returning({ id: passkey.id });
  return removed.length > 0;
}

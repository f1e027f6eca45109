// Staff's side of businesses for sale: the review queue of submissions from
// /sell, editing, and each step of a listing's life. Every change is audited
// and the seller is e-mailed, in one transaction with the change itself.
import { and, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { storeSubmissionPhotos } from "~/features/marketplace/submission-photos.server";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { businessListing, enquiry, user } from "~/server/schema";
import { storage } from "~/server/storage.server";
import { containsPattern } from "~/server/text-search.server";
import { listingCategoryLabel } from "~/lib/categories";
import { changedFields, recordAudit } from "~/server/audit.server";
import { LISTING_STATUSES, listingStatusLabels, type ListingStatus, type ListingTransition } from "./labels";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";
import { listingMail } from "./listing-emails.server";
import { factColumns } from "~/features/marketplace/sell-schema";
import { sellerContact, submissionOf } from "~/features/selling/seller.server";
import type { ListingEdit } from "./schemas";
import { coordinatesOf, positionOnly } from "~/features/places/places.server";

/** Where published listings' photos live, under the public /uploads. */
const LISTING_PHOTOS = "listings";

const listingSorts = {
  sent: businessListing.createdAt,
  updated: businessListing.updatedAt,
  price: businessListing.askingPricePence,
  title: businessListing.title,
};
type ListingSort = keyof typeof listingSorts;
type ListingParams = ListParams<ListingSort, "status">;

/** One field of the submission from /sell that a listing came from, as its seller wrote it; empty is none. */
const submitted = (field: string) =>
  sql<string | null>`(select nullif(${enquiry.fields}->>${field}, '') from ${enquiry}
    where ${enquiry.listingId} = ${businessListing.id} and ${enquiry.kind} = 'listing_submission'
    order by ${enquiry.id} limit 1)`;

/**
 * What staff typed: the listing's title (or the generic one a confidential
 * listing shows), slug or id; its seller's e-mail or name, from their account
 * or from the submission sent from /sell; or the business's name as sent.
 */
function searchCondition(q: string) {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  // Each part reads an index of its own (trigrams, the seller's, the id) and PostgreSQL joins their
  // answers, rather than looking up every listing's seller and submission in turn.
  const sellers = db()
    .select({ id: user.id })
    .from(user)
    .where(or(ilike(user.email, pattern), ilike(user.fullName, pattern)));
  // Anything the submission from /sell holds: the contact's e-mail and name, the business's name.
  const submissions = db()
    .select({ id: enquiry.listingId })
    .from(enquiry)
    .where(
      and(
        eq(enquiry.kind, "listing_submission"),
        or(ilike(enquiry.subject, pattern), sql`${enquiry.fields}::text ilike ${pattern}`),
      ),
    );
  return or(
    ilike(businessListing.title, pattern),
    ilike(businessListing.confidentialTitle, pattern),
    ilike(businessListing.slug, pattern),
    /^\d{1,9}$/.test(q) ? eq(businessListing.id, Number(q)) : undefined,
    sql`${businessListing.sellerId} = any(array(${sellers}))`,
    sql`${businessListing.id} = any(array(${submissions}))`,
  );
}

function listingConditions({ q, filters }: Pick<ListingParams, "q" | "filters">) {
  return and(
    searchCondition(q),
    filters.status ? eq(businessListing.status, filters.status as ListingStatus) : undefined,
  );
}

/** Every listing, found by its name, slug, id or seller; in one status or all. */
export const listingsList = defineAdminList({
  name: "listings",
  spec: {
    sorts: Object.keys(listingSorts) as ListingSort[],
    defaultSort: "updated",
    defaultDirection: "desc",
    filters: { status: LISTING_STATUSES },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: businessListing.id,
        title: businessListing.title,
        slug: businessListing.slug,
        status: businessListing.status,
        town: businessListing.town,
        postcode: businessListing.postcode,
        category: businessListing.category,
        askingPricePence: businessListing.askingPricePence,
        featured: businessListing.featured,
        underOfferAt: businessListing.underOfferAt,
        promotion: businessListing.promotion,
        confidential: businessListing.confidential,
        createdAt: businessListing.createdAt,
        publishedAt: businessListing.publishedAt,
        updatedAt: businessListing.updatedAt,
        // Whom the seller's e-mails go to: the submission's contact, else the account (as sellerContact).
        sellerEmail: sql<string | null>`coalesce(${submitted("contactEmail")}, ${user.email})`,
        sellerName: sql<string | null>`coalesce(${submitted("contactName")}, ${user.fullName})`,
      })
      .from(businessListing)
      .leftJoin(user, eq(user.id, businessListing.sellerId))
      .where(listingConditions(params))
      .orderBy(...orderBy(listingSorts, params, businessListing.id))
      .limit(limit)
      .offset(offset),
  count: async (params) =>
    (await db().select({ n: count() }).from(businessListing).where(listingConditions(params)))[0]!.n,
  csv: [
    ["Id", (l) => l.id],
    ["Title", (l) => l.title],
    ["Slug", (l) => l.slug],
    ["Status", (l) => listingStatusLabels[l.status]],
    ["Category", (l) => listingCategoryLabel(l.category)],
    ["Town", (l) => l.town],
    ["Postcode", (l) => l.postcode],
    ["Asking price (£)", (l) => l.askingPricePence / 100],
    ["Confidential", (l) => l.confidential],
    ["Featured", (l) => l.featured],
    ["Paid promotion", (l) => l.promotion],
    ["Under offer since", (l) => l.underOfferAt],
    ["Seller's e-mail", (l) => l.sellerEmail],
    ["Seller's name", (l) => l.sellerName],
    ["Submitted", (l) => l.createdAt],
    ["Published", (l) => l.publishedAt],
    ["Updated", (l) => l.updatedAt],
  ],
});

/** How many listings of each status the search finds, whatever status is chosen. */
export async function countListingsByStatus({ q }: ListingParams) {
  const rows = await db()
    .select({ status: businessListing.status, count: count() })
    .from(businessListing)
    .where(searchCondition(q))
    .groupBy(businessListing.status);
  return Object.fromEntries(LISTING_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.count ?? 0])) as Record<
    ListingStatus,
    number
  >;
}

export async function getListingForReview(id: number) {
  const [listing] = await db().select().from(businessListing).where(eq(businessListing.id, id)).limit(1);
  if (!listing) return null;
  return { listing, submission: await submissionOf(id) };
}

/** A private submission photo, if it belongs to this listing's submission. */
export async function readSubmissionPhoto(listingId: number, name: string) {
  const submission = await submissionOf(listingId);
  if (!submission?.photos.includes(name)) return null;
  return storage().submissions.read(name);
}

/** Copies chosen submission photos into the public uploads; returns their addresses. */
async function publishSubmissionPhotos(names: string[]) {
  const { submissions, uploads } = storage();
  const published: string[] = [];
  for (const name of names) {
    const bytes = await submissions.read(name);
    if (!bytes) throw new Error(`submission photo ${name} is missing from storage`);
    await uploads.folder(LISTING_PHOTOS).put(name, bytes);
    published.push(`/uploads/${LISTING_PHOTOS}/${name}`);
  }
  return published;
}

const editableColumns = (listing: typeof businessListing.$inferSelect) => ({
  title: listing.title,
  category: listing.category,
  town: listing.town,
  postcode: listing.postcode,
  latitude: listing.latitude,
  longitude: listing.longitude,
  askingPricePence: listing.askingPricePence,
  monthlyLeasePence: listing.monthlyLeasePence,
  annualRevenuePence: listing.annualRevenuePence,
  description: listing.description,
  features: listing.features,
  images: listing.images,
  tenure: listing.tenure,
  annualRentPence: listing.annualRentPence,
  leaseYearsRemaining: listing.leaseYearsRemaining,
  leaseType: listing.leaseType,
  netProfitPence: listing.netProfitPence,
  staffFullTime: listing.staffFullTime,
  staffPartTime: listing.staffPartTime,
  stockValuePence: listing.stockValuePence,
  rateableValuePence: listing.rateableValuePence,
  yearEstablished: listing.yearEstablished,
  reasonForSale: listing.reasonForSale,
  tradingHours: listing.tradingHours,
  accommodationIncluded: listing.accommodationIncluded,
  accommodationDescription: listing.accommodationDescription,
  relocatable: listing.relocatable,
  halalCertifier: listing.halalCertifier,
  halalStatus: listing.halalStatus,
  alcoholLicence: listing.alcoholLicence,
  paymentTerms: listing.paymentTerms,
});

export type SaveListingResult = { ok: true } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Saves staff's edits. Images: the ones kept (only among the listing's own),
 * then the seller's photos chosen for publishing (only from its submission),
 * then new uploads, re-encoded like the seller's.
 */
export async function saveListing(admin: SessionUser, id: number, edit: ListingEdit): Promise<SaveListingResult> {
  const found = await getListingForReview(id);
  if (!found) return { ok: false, fieldErrors: { "": ["This listing no longer exists."] } };
  const { listing, submission } = found;
  const kept = listing.images.filter((image) => edit.keepImages.includes(image));
  const chosen = (submission?.photos ?? []).filter((name) => edit.sellerPhotos.includes(name));
  const published = await publishSubmissionPhotos(chosen);
  const uploaded = await storeSubmissionPhotos(edit.newPhotos, storage().uploads.folder(LISTING_PHOTOS));
  if ("error" in uploaded) return { ok: false, fieldErrors: { newPhotos: [uploaded.error] } };
  const images = [...new Set([...kept, ...published, ...uploaded.names.map((n) => `/uploads/${LISTING_PHOTOS}/${n}`)])];

  const after = {
    title: edit.title,
    category: edit.category,
    town: edit.town,
    postcode: edit.postcode ?? null,
    // Typed coordinates win; otherwise the postcode's or town's (decision 0034).
    ...((edit.latitude ?? edit.longitude) === undefined
      ? positionOnly(await coordinatesOf(edit))
      : { latitude: edit.latitude ?? null, longitude: edit.longitude ?? null }),
    askingPricePence: edit.askingPrice,
    monthlyLeasePence: edit.monthlyLease ?? null,
    annualRevenuePence: edit.annualRevenue ?? null,
    description: edit.description,
    features: edit.features,
    images,
    ...factColumns(edit),
  };
  const changes = changedFields(editableColumns(listing), after);
  if (Object.keys(changes.after).length === 0) return { ok: true };
  await db().transaction(async (tx) => {
    await tx.update(businessListing).set(after).where(eq(businessListing.id, id));
    await recordAudit(tx, admin, { action: "listing.edit", entityType: "listing", entityId: id, ...changes });
  });
  return { ok: true };
}

/** Which step can be taken from which status. */
const transitions: Record<ListingTransition, { from: ListingStatus[]; to: ListingStatus }> = {
  approve: { from: ["pending", "rejected"], to: "published" },
  reject: { from: ["pending"], to: "rejected" },
  "mark-sold": { from: ["published"], to: "sold" },
  withdraw: { from: ["published"], to: "withdrawn" },
  republish: { from: ["sold", "withdrawn", "expired"], to: "published" },
};

export function transitionsFrom(status: ListingStatus) {
  return (Object.keys(transitions) as ListingTransition[]).filter((t) => transitions[t].from.includes(status));
}

/** Moves a listing on one step; false when that step cannot be taken from where it is. */
export async function transitionListing(
  admin: SessionUser,
  id: number,
  transition: ListingTransition,
  reason?: string,
): Promise<boolean> {
  const found = await getListingForReview(id);
  const rule = transitions[transition];
  if (!found || !rule.from.includes(found.listing.status)) return false;
  const { listing, submission } = found;
  const seller = await sellerContact(listing, submission);
  const changes = {
    status: rule.to,
    rejectionReason: transition === "reject" ? (reason ?? null) : null,
    // Staff's withdrawal holds until staff undo it (decision 0063); any other step of theirs ends it.
    withdrawnByStaffAt: transition === "withdraw" ? new Date() : null,
    withdrawalReason: transition === "withdraw" ? (reason ?? null) : null,
    ...(rule.to === "published" && !listing.publishedAt ? { publishedAt: new Date() } : {}),
    // Published again: the 60- and 90-day clock starts afresh (decision 0030).
    ...(rule.to === "published" ? { confirmedAt: new Date(), remindedAt: null } : {}),
    ...(rule.to === "published" ? {} : { featured: false }),
  };
  await db().transaction(async (tx) => {
    // Guarded by the status read above, so two staff pressing at once move it once.
    const moved = await tx
      .update(businessListing)
      .set(changes)
      .where(and(eq(businessListing.id, id), inArray(businessListing.status, rule.from)))
      .returning({ id: businessListing.id });
    if (moved.length === 0) return;
    await recordAudit(tx, admin, {
      action: `listing.${transition}`,
      entityType: "listing",
      entityId: id,
      ...changedFields(
        {
          status: listing.status,
          rejectionReason: listing.rejectionReason,
          withdrawalReason: listing.withdrawalReason,
          featured: listing.featured,
        },
        {
          status: changes.status,
          rejectionReason: changes.rejectionReason,
          withdrawalReason: changes.withdrawalReason,
          featured: changes.featured ?? listing.featured,
        },
      ),
    });
    if (seller) {
      const url = new URL(`/buy/${listing.slug}`, env().SITE_URL).toString();
      await enqueueMail(tx, listingMail(transition, seller, { title: listing.title, url, reason }));
    }
  });
  wakeOutbox();
  return true;
}

/**
 * Marks a published listing under offer from now, or clears it (decision
 * 0023): until the seller's dashboard does this, staff do it for them.
 */
export async function setUnderOffer(admin: SessionUser, id: number, underOffer: boolean) {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ underOfferAt: businessListing.underOfferAt })
      .from(businessListing)
      .where(and(eq(businessListing.id, id), eq(businessListing.status, "published")));
    if (!before || (before.underOfferAt !== null) === underOffer) return;
    const after = { underOfferAt: underOffer ? new Date() : null };
    await tx.update(businessListing).set(after).where(eq(businessListing.id, id));
    await recordAudit(tx, admin, {
      action: underOffer ? "listing.under-offer" : "listing.offer-cleared",
      entityType: "listing",
      entityId: id,
      before,
      after,
    });
  });
}

/** Featured listings come first on /buy and the home page; only a published one can be. */
export async function setFeatured(admin: SessionUser, id: number, featured: boolean) {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ featured: businessListing.featured })
      .from(businessListing)
      .where(and(eq(businessListing.id, id), eq(businessListing.status, "published")));
    if (!before || before.featured === featured) return;
    await tx.update(businessListing).set({ featured }).where(eq(businessListing.id, id));
    await recordAudit(tx, admin, {
      action: featured ? "listing.feature" : "listing.unfeature",
      entityType: "listing",
      entityId: id,
      before,
      after: { featured },
    });
  });
}

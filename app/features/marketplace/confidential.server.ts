// Confidential listings (decision 0033), the one place a listing row becomes
// what a given viewer may see. Every loader, feed and e-mail that shows a
// listing passes its rows through viewListings (or maskListing for e-mails,
// which are always masked), so loader data — and so the `.data` responses
// and the cached pages — never carries a hidden field for anyone without
// access. Staff and the listing's seller always have access; a buyer has it
// while their NDA acceptance stands.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/server/audit.server";
import { db, type Database } from "~/server/db.server";
import { businessListing, listingNda } from "~/server/schema";
import {
  CONFIDENTIAL_DESCRIPTION,
  confidentialFigureKeys,
  confidentialFigures,
  confidentialSlug,
  postcodeDistrict,
  suggestedConfidentialTitle,
  type ConfidentialFigure,
} from "./confidential";
import type { ConfidentialSettings } from "./confidential-rules";

/** The columns every listing query selects so that its rows can be masked. */
export const confidentialColumns = {
  sellerId: businessListing.sellerId,
  postcode: businessListing.postcode,
  confidential: businessListing.confidential,
  confidentialTitle: businessListing.confidentialTitle,
  confidentialFigures: businessListing.confidentialFigures,
};

/** The least a query selects to show a listing's name and address as its viewer may see them. */
export const maskableColumns = {
  id: businessListing.id,
  slug: businessListing.slug,
  title: businessListing.title,
  category: businessListing.category,
  askingPricePence: businessListing.askingPricePence,
  ...confidentialColumns,
};

interface MaskSource {
  id: number;
  slug: string;
  title: string;
  category: string;
  askingPricePence: number;
  sellerId: string | null;
  postcode: string | null;
  confidential: boolean;
  confidentialTitle: string | null;
  confidentialFigures: string[];
}

/** A listing as a viewer sees it: the internal columns gone, and the asking price only if shown. */
export type PublicListing<T extends MaskSource> = Omit<
  T,
  "sellerId" | "confidentialTitle" | "confidentialFigures" | "askingPricePence"
> & { askingPricePence: number | null; masked: boolean };

/** Who is looking: a signed-in member, or nobody. */
export type Viewer = { id: string; role?: string | null } | null;

// What a masked listing keeps as it is: nothing here identifies the business.
const SHOWN = new Set([
  "id",
  "category",
  "featured",
  "offersCount",
  "underOfferAt",
  "status",
  "publishedAt",
  "confirmedAt",
  "updatedAt",
  "confidential",
  // The terms the seller accepts (decision 0085) say nothing of which business it is.
  "paymentTerms",
  // That staff checked its figures, and when (decision 0087): not which, nor for which year, nor the figures.
  "figuresCheckedAt",
]);

function shownFigureFields(figures: string[]): Set<string> {
  const fields = new Set<string>();
  for (const figure of figures) {
    if (figure in confidentialFigures)
      for (const field of confidentialFigures[figure as ConfidentialFigure].fields) fields.add(field);
  }
  return fields;
}

/**
 * The row as someone without access sees it: a confidential listing keeps
 * only the fields in SHOWN and the chosen figures; its title, address and
 * slug are replaced, and every other field — including any added to a query
 * later — is emptied. A listing that is not confidential is unchanged.
 */
export function maskListing<T extends MaskSource>(row: T, access = false): PublicListing<T> {
  const { sellerId: _seller, confidentialTitle, confidentialFigures: figures, ...rest } = row;
  if (!row.confidential) return { ...rest, masked: false } as PublicListing<T>;
  // Its one public address, for those with access too, so that every link to it is the same.
  if (access) return { ...rest, slug: confidentialSlug(row.id), masked: false } as PublicListing<T>;
  const figureFields = shownFigureFields(figures);
  const masked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    masked[key] = SHOWN.has(key) || figureFields.has(key) ? value : null;
  }
  Object.assign(masked, {
    slug: confidentialSlug(row.id),
    title: confidentialTitle || suggestedConfidentialTitle(row),
    town: postcodeDistrict(row.postcode) ?? "United Kingdom",
    description: CONFIDENTIAL_DESCRIPTION,
    features: [],
    images: [],
    masked: true,
  });
  if ("distanceKm" in rest) masked.distanceKm = null;
  return masked as PublicListing<T>;
}

/** Which of these confidential listings the viewer may see in full. */
export async function accessibleListingIds(
  viewer: Viewer,
  rows: Pick<MaskSource, "id" | "sellerId" | "confidential">[],
): Promise<Set<number>> {
  const confidential = rows.filter((row) => row.confidential);
  if (!viewer || confidential.length === 0) return new Set();
  if (viewer.role === "admin") return new Set(confidential.map((row) => row.id));
  const own = confidential.filter((row) => row.sellerId === viewer.id).map((row) => row.id);
  const others = confidential.filter((row) => row.sellerId !== viewer.id).map((row) => row.id);
  const signed = others.length
    ? await db()
        .select({ listingId: listingNda.listingId })
        .from(listingNda)
        .where(
          and(eq(listingNda.userId, viewer.id), inArray(listingNda.listingId, others), isNull(listingNda.revokedAt)),
        )
    : [];
  return new Set([...own, ...signed.map((row) => row.listingId)]);
}

/** The rows as this viewer may see them. */
export async function viewListings<T extends MaskSource>(viewer: Viewer, rows: T[]): Promise<PublicListing<T>[]> {
  const access = await accessibleListingIds(viewer, rows);
  return rows.map((row) => maskListing(row, access.has(row.id)));
}

/** The figures of a confidential listing as stored: only known ones, in the form's order. */
export function cleanFigures(figures: readonly string[]): ConfidentialFigure[] {
  return confidentialFigureKeys.filter((key) => figures.includes(key));
}

/**
 * What a listing query filters on that a confidential listing never shows (its
 * town, its yes-or-no facts). Its figures and position are filtered and sorted
 * by the public columns instead (decision 0062).
 */
export const notConfidential = sql`not ${businessListing.confidential}`;

// ---------------------------------------------------------------------------
// NDA acceptances
// ---------------------------------------------------------------------------

export type NdaState = "none" | "accepted" | "revoked";

/** Whether this member has accepted this listing's NDA, and whether it still stands. */
export async function ndaState(userId: string, listingId: number): Promise<NdaState> {
  const [row] = await db()
    .select({ revokedAt: listingNda.revokedAt })
    .from(listingNda)
    .where(and(eq(listingNda.listingId, listingId), eq(listingNda.userId, userId)))
    .limit(1);
  if (!row) return "none";
  return row.revokedAt ? "revoked" : "accepted";
}

/**
 * Records a buyer's acceptance: the name typed, the time, the address and the
 * NDA version. One per listing and member; a revoked acceptance stays revoked
 * (the seller's decision), so accepting again changes nothing.
 */
export async function acceptNda(input: {
  listingId: number;
  userId: string;
  fullName: string;
  ipAddress: string | null;
  ndaVersion: string;
}): Promise<NdaState> {
  const [inserted] = await db()
    .insert(listingNda)
    .values(input)
    .onConflictDoNothing({ target: [listingNda.listingId, listingNda.userId] })
    .returning({ id: listingNda.id });
  return inserted ? "accepted" : ndaState(input.userId, input.listingId);
}

/**
 * Ends a buyer's access: only the listing's own seller (or staff, with
 * sellerId null) can, enforced in the statement. False when the acceptance is
 * not on one of the seller's listings, or was already revoked.
 */
export async function revokeNda(ndaId: number, sellerId: string | null, database: Database = db()): Promise<boolean> {
  const ownListing = sellerId === null ? undefined : eq(businessListing.sellerId, sellerId);
  const revoked = await database
    .update(listingNda)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(listingNda.id, ndaId),
        isNull(listingNda.revokedAt),
        inArray(
          listingNda.listingId,
          database.select({ id: businessListing.id }).from(businessListing).where(ownListing),
        ),
      ),
    )
    .returning({ id: listingNda.id });
  return revoked.length > 0;
}

/** Who signed each of these listings' NDAs, newest first, for the seller's dashboard. */
export async function ndaSigners(listingIds: number[]) {
  if (listingIds.length === 0) return [];
  return db()
    .select({
      id: listingNda.id,
      listingId: listingNda.listingId,
      fullName: listingNda.fullName,
      acceptedAt: listingNda.acceptedAt,
      revokedAt: listingNda.revokedAt,
      ndaVersion: listingNda.ndaVersion,
    })
    .from(listingNda)
    .where(inArray(listingNda.listingId, listingIds))
    .orderBy(sql`${listingNda.acceptedAt} desc`, sql`${listingNda.id} desc`);
}

/**
 * Marks a listing confidential (or not), with its generic title and shown
 * figures; at once, without review, since it only ever shows less. Scoped in
 * the statement to the seller's own listing (sellerId null: staff). False
 * when the listing is not theirs.
 */
export async function setConfidential(
  actor: { id: string; email: string },
  listingId: number,
  settings: ConfidentialSettings,
  sellerId: string | null,
): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ ...confidentialColumns })
      .from(businessListing)
      .where(
        and(eq(businessListing.id, listingId), sellerId === null ? undefined : eq(businessListing.sellerId, sellerId)),
      )
      .for("update");
    if (!before) return false;
    await tx
      .update(businessListing)
      .set({
        confidential: settings.confidential,
        confidentialTitle: settings.title,
        confidentialFigures: settings.figures,
      })
      .where(eq(businessListing.id, listingId));
    const pick = (row: { confidential: boolean; confidentialTitle: string | null; confidentialFigures: string[] }) => ({
      confidential: row.confidential,
      title: row.confidentialTitle,
      figures: row.confidentialFigures.join(","),
    });
    await recordAudit(tx, actor, {
      action: sellerId === null ? "listing.confidential" : "listing.seller.confidential",
      entityType: "listing",
      entityId: listingId,
      ...changedFields(
        pick(before),
        pick({ ...settings, confidentialTitle: settings.title, confidentialFigures: settings.figures }),
      ),
    });
    return true;
  });
}

// A listing's data room (decision 0089): its seller's documents, the buyers
// they let in, and a record of every look. Who may reach a document is decided
// here alone, by every route: its seller, staff, and a buyer the seller
// admitted who still holds the listing's NDA. A buyer's copy is stamped with
// their name and the day; the kept document never changes.
import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { formatLondonDate } from "~/lib/dates";
import { db } from "~/server/db.server";
import { checkDocument, watermark } from "~/server/documents.server";
import { storage } from "~/server/storage.server";
import { businessListing, dataRoomAccess, dataRoomActivity, dataRoomDocument, user } from "~/server/schema";
import { ndaState } from "~/features/marketplace/confidential.server";
import { memberName } from "~/features/messages/message-rules";
import { ownedListing } from "~/features/selling/seller.server";
import type { DocumentKind } from "./data-room-rules";

interface Viewer {
  id: string;
  role?: string | null;
  fullName?: string | null;
}

const documentsFolder = () => storage().submissions.folder("data-room");

/** Whether the buyer's NDA on the listing stands: accepted, and not revoked by the seller. */
const holdsNda = async (buyerId: string, listingId: number) => (await ndaState(buyerId, listingId)) === "accepted";

async function documentsOf(listingId: number) {
  return db()
    .select({
      id: dataRoomDocument.id,
      kind: dataRoomDocument.kind,
      title: dataRoomDocument.title,
      contentType: dataRoomDocument.contentType,
      sizeBytes: dataRoomDocument.sizeBytes,
      uploadedAt: dataRoomDocument.uploadedAt,
    })
    .from(dataRoomDocument)
    .where(eq(dataRoomDocument.listingId, listingId))
    .orderBy(desc(dataRoomDocument.uploadedAt), desc(dataRoomDocument.id));
}

export type AddDocumentOutcome = { added: true } | { error: string } | null;

/** Adds a document to the seller's own listing's data room: stored, then recorded. Null when not theirs. */
export async function addDocument(
  sellerId: string,
  listingId: number,
  input: { kind: DocumentKind; title: string; file: File },
): Promise<AddDocumentOutcome> {
  if (!(await ownedListing(sellerId, listingId))) return null;
  const checked = await checkDocument(Buffer.from(await input.file.arrayBuffer()));
  if ("error" in checked) return checked;
  const storageKey = `${listingId}/${crypto.randomUUID()}.${checked.extension}`;
  await documentsFolder().put(storageKey, checked.bytes);
  await db().insert(dataRoomDocument).values({
    listingId,
    kind: input.kind,
    title: input.title,
    contentType: checked.contentType,
    sizeBytes: checked.bytes.length,
    storageKey,
  });
  return { added: true };
}

/** Takes a document out of the seller's own data room, and its file out of storage. */
export async function removeDocument(sellerId: string, listingId: number, documentId: number) {
  if (!(await ownedListing(sellerId, listingId))) return false;
  const [removed] = await db()
    .delete(dataRoomDocument)
    .where(and(eq(dataRoomDocument.id, documentId), eq(dataRoomDocument.listingId, listingId)))
    .returning({ storageKey: dataRoomDocument.storageKey });
  if (!removed) return false;
  await documentsFolder().remove(removed.storageKey);
  return true;
}

const DECISIONS = {
  admit: { from: ["requested", "refused", "withdrawn"], to: "admitted" },
  refuse: { from: ["requested"], to: "refused" },
  withdraw: { from: ["admitted"], to: "withdrawn" },
} as const;

/** The seller lets a buyer in, turns them away, or shuts them out; at once, for every later request. */
export async function decideAccess(
  sellerId: string,
  listingId: number,
  accessId: number,
  decision: keyof typeof DECISIONS,
  now = new Date(),
) {
  if (!(await ownedListing(sellerId, listingId))) return false;
  const step = DECISIONS[decision];
  const [changed] = await db()
    .update(dataRoomAccess)
    .set({ status: step.to, decidedAt: now })
    .where(
      and(
        eq(dataRoomAccess.id, accessId),
        eq(dataRoomAccess.listingId, listingId),
        inArray(dataRoomAccess.status, [...step.from]),
      ),
    )
    .returning({ id: dataRoomAccess.id });
  return Boolean(changed);
}

/** The seller's view of their listing's data room: documents, buyers and every look; null when not theirs. */
export async function sellerDataRoom(sellerId: string, listingId: number) {
  const listing = await ownedListing(sellerId, listingId);
  if (!listing) return null;
  const [documents, buyers, activity] = await Promise.all([
    documentsOf(listingId),
    db()
      .select({
        id: dataRoomAccess.id,
        status: dataRoomAccess.status,
        requestedAt: dataRoomAccess.requestedAt,
        decidedAt: dataRoomAccess.decidedAt,
        name: user.fullName,
      })
      .from(dataRoomAccess)
      .innerJoin(user, eq(user.id, dataRoomAccess.buyerId))
      .where(eq(dataRoomAccess.listingId, listingId))
      .orderBy(desc(dataRoomAccess.requestedAt)),
    db()
      .select({
        id: dataRoomActivity.id,
        buyerName: dataRoomActivity.buyerName,
        documentTitle: dataRoomActivity.documentTitle,
        action: dataRoomActivity.action,
        at: dataRoomActivity.at,
      })
      .from(dataRoomActivity)
      .where(eq(dataRoomActivity.listingId, listingId))
      .orderBy(desc(dataRoomActivity.at), desc(dataRoomActivity.id))
      .limit(500),
  ]);
  return {
    listing: { id: listing.id, title: listing.title },
    documents,
    buyers: buyers.map((buyer) => ({ ...buyer, name: memberName(buyer.name) })),
    activity,
  };
}

export type BuyerAccess = "none" | "requested" | "admitted" | "refused" | "withdrawn";

/** Where a buyer stands in a listing's data room, and its documents once they are in. */
export async function buyerDataRoom(buyerId: string, listingId: number) {
  const [[access], ndaHeld, count] = await Promise.all([
    db()
      .select({ status: dataRoomAccess.status })
      .from(dataRoomAccess)
      .where(and(eq(dataRoomAccess.listingId, listingId), eq(dataRoomAccess.buyerId, buyerId))),
    holdsNda(buyerId, listingId),
    dataRoomSize(listingId),
  ]);
  const status: BuyerAccess = access?.status ?? "none";
  const admitted = status === "admitted" && ndaHeld;
  return { status, ndaHeld, count, documents: admitted ? await documentsOf(listingId) : [] };
}

/** A buyer asks for access; they must hold the NDA and not be the seller. Asking twice changes nothing. */
export async function requestAccess(buyerId: string, listingId: number) {
  const [listing] = await db()
    .select({ sellerId: businessListing.sellerId, status: businessListing.status })
    .from(businessListing)
    .where(eq(businessListing.id, listingId));
  if (!listing || listing.status !== "published" || listing.sellerId === buyerId || listing.sellerId === null) {
    return "unavailable" as const;
  }
  if (!(await holdsNda(buyerId, listingId))) return "nda" as const;
  await db()
    .insert(dataRoomAccess)
    .values({ listingId, buyerId })
    .onConflictDoNothing({ target: [dataRoomAccess.listingId, dataRoomAccess.buyerId] });
  return "requested" as const;
}

/** How many documents a listing's data room holds: the listing page's way in says so. */
export async function dataRoomSize(listingId: number) {
  return db().$count(dataRoomDocument, eq(dataRoomDocument.listingId, listingId));
}

/**
 * A document for a viewer who may have it, as it is to be sent; null for anyone else, as if it did not
 * exist. Its seller and staff get it as kept; an admitted buyer gets a stamped copy, and the look is
 * recorded before it is sent.
 */
export async function openDocument(viewer: Viewer, documentId: number, action: "view" | "download", now = new Date()) {
  const [row] = await db()
    .select({
      id: dataRoomDocument.id,
      listingId: dataRoomDocument.listingId,
      title: dataRoomDocument.title,
      contentType: dataRoomDocument.contentType,
      storageKey: dataRoomDocument.storageKey,
      sellerId: businessListing.sellerId,
    })
    .from(dataRoomDocument)
    .innerJoin(businessListing, eq(businessListing.id, dataRoomDocument.listingId))
    .where(eq(dataRoomDocument.id, documentId));
  if (!row) return null;
  const asKept = viewer.role === "admin" || row.sellerId === viewer.id;
  if (!asKept) {
    const [access] = await db()
      .select({ status: dataRoomAccess.status })
      .from(dataRoomAccess)
      .where(and(eq(dataRoomAccess.listingId, row.listingId), eq(dataRoomAccess.buyerId, viewer.id)));
    if (access?.status !== "admitted" || !(await holdsNda(viewer.id, row.listingId))) return null;
  }
  const bytes = await documentsFolder().read(row.storageKey);
  if (!bytes) return null;
  const document = { title: row.title, contentType: row.contentType, extension: row.storageKey.split(".").pop()! };
  if (asKept) return { ...document, bytes };
  const name = memberName(viewer.fullName);
  await db().insert(dataRoomActivity).values({
    listingId: row.listingId,
    documentId: row.id,
    documentTitle: row.title,
    buyerId: viewer.id,
    buyerName: name,
    action,
    at: now,
  });
  const stamp = `Shared with ${name} on ${formatLondonDate(now)} through HBS. Confidential.`;
  return { ...document, bytes: await watermark({ bytes, contentType: row.contentType }, stamp) };
}


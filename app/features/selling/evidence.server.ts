// Figures checked by HBS (decision 0087): a seller's evidence for their
// listing's turnover and net profit, and staff's checks against it. The files
// live in the private storage area, out of reach of /uploads; a seller reaches
// only their own listing's (every seller query names the seller), staff any.
import crypto from "node:crypto";
import { and, count, desc, eq } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import { db, type Database } from "~/server/db.server";
import { DOCUMENT_TYPES, sniffDocumentType, type DocumentType } from "~/server/file-type.server";
import { businessListing, listingEvidence, listingFiguresCheck } from "~/server/schema";
import { storage } from "~/server/storage.server";
import { EVIDENCE_TYPES_TEXT, MAX_EVIDENCE_PER_LISTING, type EvidenceKind, type FiguresCheck } from "./evidence";

const EVIDENCE_FOLDER = "evidence";
const evidenceStore = () => storage().submissions.folder(EVIDENCE_FOLDER);

/** A stored name: 32 random hex digits and the extension of what the file is. */
export const STORED_EVIDENCE_NAME = /^[a-f0-9]{32}\.(?:pdf|jpg|png|webp)$/;

interface Member {
  id: string;
  email: string;
}

export type UploadOutcome = { stored: number } | { error: string };

/**
 * Stores the files as evidence for the listing, or none of them: each is read
 * by its first bytes, and one that is not a PDF, JPEG, PNG or WebP (whatever
 * its name says) refuses the whole upload before anything is written. The
 * caller has checked that the listing is the member's.
 */
export async function storeEvidence(
  member: Member,
  listingId: number,
  kind: EvidenceKind,
  files: File[],
): Promise<UploadOutcome> {
  const read: { bytes: Buffer; type: DocumentType; originalName: string }[] = [];
  for (const file of files) {
    const bytes = Buffer.from(await file.arrayBuffer());
    const type = sniffDocumentType(bytes);
    const name = displayName(file.name);
    if (bytes.length === 0) return { error: `${name} is empty. Nothing was uploaded.` };
    if (!type) {
      return {
        error: `${name} is not a ${EVIDENCE_TYPES_TEXT} file, whatever its name says. Nothing was uploaded: please send your accounts, letter or returns as a PDF or a photo.`,
      };
    }
    read.push({ bytes, type, originalName: name });
  }
  const [kept] = await db()
    .select({ n: count() })
    .from(listingEvidence)
    .where(eq(listingEvidence.listingId, listingId));
  if ((kept?.n ?? 0) + read.length > MAX_EVIDENCE_PER_LISTING) {
    return {
      error: `A listing keeps up to ${MAX_EVIDENCE_PER_LISTING} files of evidence. Nothing was uploaded; please contact us if our team needs more.`,
    };
  }
  const rows = read.map((file) => ({
    ...file,
    storedName: `${crypto.randomBytes(16).toString("hex")}.${DOCUMENT_TYPES[file.type]}`,
  }));
  // The objects first: a row never names a file that is not there. An object
  // left by a failed insert is named by nothing and served to nobody.
  for (const row of rows) await evidenceStore().put(row.storedName, row.bytes);
  await db().transaction(async (tx) => {
    await tx.insert(listingEvidence).values(
      rows.map((row) => ({
        listingId,
        uploadedBy: member.id,
        kind,
        storedName: row.storedName,
        contentType: row.type,
        sizeBytes: row.bytes.length,
        originalName: row.originalName,
      })),
    );
    await recordAudit(tx, member, {
      action: "listing.seller.evidence",
      entityType: "listing",
      entityId: listingId,
      after: { evidenceKind: kind, files: rows.map((row) => row.originalName).join(", ") },
    });
  });
  return { stored: rows.length };
}

/** The name as the seller's computer gave it, without any folder, control characters or excess. */
function displayName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 120);
  return cleaned || "file";
}

/** A listing's evidence, newest first. */
export function evidenceOf(listingId: number, database: Database = db()) {
  return database
    .select({
      id: listingEvidence.id,
      kind: listingEvidence.kind,
      storedName: listingEvidence.storedName,
      contentType: listingEvidence.contentType,
      sizeBytes: listingEvidence.sizeBytes,
      originalName: listingEvidence.originalName,
      createdAt: listingEvidence.createdAt,
    })
    .from(listingEvidence)
    .where(eq(listingEvidence.listingId, listingId))
    .orderBy(desc(listingEvidence.createdAt), desc(listingEvidence.id));
}

/** One file of the listing's evidence and what to call it, or null when the listing has no such file. */
export async function readEvidence(listingId: number, storedName: string) {
  if (!STORED_EVIDENCE_NAME.test(storedName)) return null;
  const [row] = await db()
    .select({ contentType: listingEvidence.contentType, originalName: listingEvidence.originalName })
    .from(listingEvidence)
    .where(and(eq(listingEvidence.listingId, listingId), eq(listingEvidence.storedName, storedName)));
  if (!row) return null;
  const bytes = await evidenceStore().read(storedName);
  return bytes && { bytes, ...row };
}

export type CheckOutcome = "checked" | "not-found" | "no-evidence" | "figure-missing";

/**
 * Staff's check of the listing's figures against its evidence, recorded with
 * the turnover and net profit the listing shows now. The listing's
 * figures_checked_at follows by trigger (read-models/listing-figures-checked.ts).
 */
export async function recordFiguresCheck(
  admin: Member,
  listingId: number,
  check: { yearEnded: string; turnover: boolean; netProfit: boolean; note: string },
  now = new Date(),
): Promise<CheckOutcome> {
  return db().transaction(async (tx) => {
    // Locked, so that the figures recorded are the ones the listing keeps as the check lands.
    const [listing] = await tx
      .select({
        annualRevenuePence: businessListing.annualRevenuePence,
        netProfitPence: businessListing.netProfitPence,
      })
      .from(businessListing)
      .where(eq(businessListing.id, listingId))
      .for("update");
    if (!listing) return "not-found";
    if ((check.turnover && listing.annualRevenuePence === null) || (check.netProfit && listing.netProfitPence === null))
      return "figure-missing";
    const [evidence] = await tx
      .select({ n: count() })
      .from(listingEvidence)
      .where(eq(listingEvidence.listingId, listingId));
    if (!evidence?.n) return "no-evidence";
    await tx.insert(listingFiguresCheck).values({
      listingId,
      staffId: admin.id,
      checkedAt: now,
      yearEnded: check.yearEnded,
      turnoverChecked: check.turnover,
      netProfitChecked: check.netProfit,
      annualRevenuePence: listing.annualRevenuePence,
      netProfitPence: listing.netProfitPence,
      note: check.note,
    });
    await recordAudit(tx, admin, {
      action: "listing.figures-check",
      entityType: "listing",
      entityId: listingId,
      after: {
        yearEnded: check.yearEnded,
        annualRevenuePence: check.turnover ? listing.annualRevenuePence : null,
        netProfitPence: check.netProfit ? listing.netProfitPence : null,
        note: check.note,
      },
    });
    return "checked";
  });
}

/** Every check of the listing, newest first, for staff and the seller. */
export function figuresChecksOf(listingId: number) {
  return db()
    .select({
      id: listingFiguresCheck.id,
      checkedAt: listingFiguresCheck.checkedAt,
      yearEnded: listingFiguresCheck.yearEnded,
      turnoverChecked: listingFiguresCheck.turnoverChecked,
      netProfitChecked: listingFiguresCheck.netProfitChecked,
      annualRevenuePence: listingFiguresCheck.annualRevenuePence,
      netProfitPence: listingFiguresCheck.netProfitPence,
      note: listingFiguresCheck.note,
    })
    .from(listingFiguresCheck)
    .where(eq(listingFiguresCheck.listingId, listingId))
    .orderBy(desc(listingFiguresCheck.checkedAt), desc(listingFiguresCheck.id));
}

/** The check the listing's badge stands for: the latest of the figures it shows now (none once they changed). */
export async function standingFiguresCheck(listing: {
  id: number;
  figuresCheckedAt: Date | null;
}): Promise<FiguresCheck | null> {
  if (!listing.figuresCheckedAt) return null;
  const [row] = await db()
    .select({
      checkedAt: listingFiguresCheck.checkedAt,
      yearEnded: listingFiguresCheck.yearEnded,
      turnoverChecked: listingFiguresCheck.turnoverChecked,
      netProfitChecked: listingFiguresCheck.netProfitChecked,
    })
    .from(listingFiguresCheck)
    .where(
      and(eq(listingFiguresCheck.listingId, listing.id), eq(listingFiguresCheck.checkedAt, listing.figuresCheckedAt)),
    )
    .orderBy(desc(listingFiguresCheck.id))
    .limit(1);
  return row ?? null;
}

// Photos of a halal certificate on the wall (issue #47, decision 0094): sent
// by a business's owner or a diner, re-encoded without their EXIF, kept in the
// private area until staff check them; a photo staff show is copied to the
// public uploads and the business page names who checked it and when.
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { memberName } from "~/features/messages/message-rules";
import { londonDay } from "~/lib/dates";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { DOCUMENT_TOO_SMALL } from "~/server/documents.server";
import { photoAsWebp, shorterSide } from "~/server/photo-encoding.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { certificatePhoto, directoryBusiness, user } from "~/server/schema";
import { storage } from "~/server/storage.server";

const FOLDER = "certificates";
const LONGEST_SIDE = 2000;
/** A certificate must be readable: smaller photos are refused, as data-room documents are. */
const MIN_SIDE = 300;
const HOUR_MS = 60 * 60 * 1000;

export const CERTIFICATE_RATE_LIMITS = {
  member: { limit: 5, windowMs: HOUR_MS },
  network: { limit: 20, windowMs: HOUR_MS },
} satisfies Record<string, RateLimitRule>;

export const CERTIFICATE_REFUSED = "Please choose a JPEG, PNG or WebP photo of the certificate.";

const waiting = () => storage().submissions.folder(FOLDER);
const shown = () => storage().uploads.folder(FOLDER);
export const certificateUrl = (name: string) => `/uploads/${FOLDER}/${name}`;

/** The photo re-encoded as WebP, upright and without its metadata, or why it is refused. */
async function encodeCertificate(file: File): Promise<Buffer | { error: string }> {
  try {
    const input = Buffer.from(await file.arrayBuffer());
    if ((await shorterSide(input)) < MIN_SIDE) return { error: DOCUMENT_TOO_SMALL };
    return await photoAsWebp(input, { longestSide: LONGEST_SIDE, quality: 85 });
  } catch {
    return { error: CERTIFICATE_REFUSED };
  }
}

export type SendOutcome = "sent" | "rate-limited" | "not-found" | { error: string };

/** Stores a member's photo of a published business's certificate for staff to check. */
export async function sendCertificatePhoto(
  member: { id: string },
  businessId: number,
  file: File,
  ip: string,
): Promise<SendOutcome> {
  const [business] = await db()
    .select({ ownerId: directoryBusiness.ownerId })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.published, true)));
  if (!business) return "not-found";
  for (const [key, rule] of [
    [`certificate:${member.id}`, CERTIFICATE_RATE_LIMITS.member],
    [`certificate-network:${ip}`, CERTIFICATE_RATE_LIMITS.network],
  ] as const) {
    if (!(await hitRateLimit(db(), key, rule)).allowed) return "rate-limited";
  }
  const bytes = await encodeCertificate(file);
  if ("error" in bytes) return bytes;
  const name = `${crypto.randomBytes(16).toString("hex")}.webp`;
  // The file first: a row never names a file that is not there.
  await waiting().put(name, bytes);
  await db()
    .insert(certificatePhoto)
    .values({ businessId, userId: member.id, fromOwner: business.ownerId === member.id, name });
  return "sent";
}

/** The photo staff last showed on the business's page, with who checked it and when. */
export async function shownCertificate(businessId: number) {
  const [row] = await db()
    .select({
      name: certificatePhoto.name,
      checkedBy: certificatePhoto.checkedByName,
      checkedAt: certificatePhoto.checkedAt,
    })
    .from(certificatePhoto)
    .where(and(eq(certificatePhoto.businessId, businessId), eq(certificatePhoto.status, "shown")))
    .orderBy(desc(certificatePhoto.checkedAt))
    .limit(1);
  return row
    ? { url: certificateUrl(row.name), checkedBy: row.checkedBy ?? "HBS team", checkedAt: row.checkedAt! }
    : null;
}

/** The photos waiting for staff on the business's back-office page, oldest first. */
export function waitingCertificates(businessId: number) {
  return db()
    .select({
      id: certificatePhoto.id,
      name: certificatePhoto.name,
      fromOwner: certificatePhoto.fromOwner,
      sender: user.email,
      createdAt: certificatePhoto.createdAt,
    })
    .from(certificatePhoto)
    .leftJoin(user, eq(user.id, certificatePhoto.userId))
    .where(and(eq(certificatePhoto.businessId, businessId), eq(certificatePhoto.status, "pending")))
    .orderBy(certificatePhoto.createdAt, certificatePhoto.id);
}

/** A waiting photo's bytes, for staff only (the back office's guard); null when it is not this business's or not waiting. */
export async function readWaitingCertificate(businessId: number, name: string) {
  const [row] = await db()
    .select({ id: certificatePhoto.id })
    .from(certificatePhoto)
    .where(
      and(
        eq(certificatePhoto.businessId, businessId),
        eq(certificatePhoto.name, name),
        eq(certificatePhoto.status, "pending"),
      ),
    );
  return row ? waiting().read(name) : null;
}

/**
 * Staff show a waiting photo on the business's page (copied to the public
 * uploads) or reject it; audited. False when it no longer waits.
 */
export async function decideCertificate(
  staff: { id: string; email: string; fullName?: string | null },
  businessId: number,
  photoId: number,
  show: boolean,
) {
  const [photo] = await db()
    .select({ name: certificatePhoto.name })
    .from(certificatePhoto)
    .where(
      and(
        eq(certificatePhoto.id, photoId),
        eq(certificatePhoto.businessId, businessId),
        eq(certificatePhoto.status, "pending"),
      ),
    );
  if (!photo) return false;
  if (show) {
    const bytes = await waiting().read(photo.name);
    if (!bytes) return false;
    // Public before the row says so: the page never names a missing file.
    await shown().put(photo.name, bytes);
  }
  const decided = await db().transaction(async (tx) => {
    const [row] = await tx
      .update(certificatePhoto)
      .set({
        status: show ? "shown" : "rejected",
        checkedBy: staff.id,
        checkedByName: `${memberName(staff.fullName)}, HBS`,
        checkedAt: new Date(),
      })
      .where(and(eq(certificatePhoto.id, photoId), eq(certificatePhoto.status, "pending")))
      .returning({ id: certificatePhoto.id });
    if (!row) return false;
    // Shown, it is a certificate HBS has seen today: the business's evidence
    // says so, and its level follows (decision 0091's rules, by trigger).
    const checked = show ? { halalEvidence: "certificate_seen" as const, halalCheckedOn: londonDay(new Date()) } : null;
    if (checked) await tx.update(directoryBusiness).set(checked).where(eq(directoryBusiness.id, businessId));
    await recordAudit(tx, staff, {
      action: show ? "business.certificate-shown" : "business.certificate-rejected",
      entityType: "business",
      entityId: businessId,
      after: { photo: photoId, ...checked },
    });
    return true;
  });
  if (decided) await waiting().remove(photo.name);
  return decided;
}

// Photos under reviews (issue #47, decision 0093): up to four a review,
// re-encoded as WebP no larger than 1,600 px without their EXIF
// (app/server/photo-encoding.server.ts). They are public images, shown
// only with their review; staff remove one without removing the review.
import crypto from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { IMAGE_WIDTHS } from "~/lib/images";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { photoAsWebp } from "~/server/photo-encoding.server";
import { storage } from "~/server/storage.server";
import { review, reviewPhoto, reviewReport } from "~/server/schema";
import { MAX_REVIEW_PHOTOS } from "./review-rules";

const FOLDER = "reviews";
const LONGEST_SIDE = 1600;

export const photoUrl = (name: string) => `/uploads/${FOLDER}/${name}`;

/**
 * The photos re-encoded, or the message for the form: a file that is not a
 * picture, whatever its name or type says, refuses them all.
 */
export async function encodeReviewPhotos(files: File[]): Promise<{ photos: Buffer[] } | { error: string }> {
  const photos: Buffer[] = [];
  for (const file of files) {
    try {
      photos.push(await photoAsWebp(Buffer.from(await file.arrayBuffer()), { longestSide: LONGEST_SIDE, quality: 80 }));
    } catch {
      return { error: `${file.name} could not be read as a picture. Please choose JPEG, PNG or WebP photos.` };
    }
  }
  return { photos };
}

/** The review's photos, oldest first. */
export async function photosOfReviews(reviewIds: number[]) {
  const photos = new Map<number, { id: number; name: string; url: string }[]>(reviewIds.map((id) => [id, []]));
  if (reviewIds.length === 0) return photos;
  const rows = await db()
    .select({ id: reviewPhoto.id, reviewId: reviewPhoto.reviewId, name: reviewPhoto.name })
    .from(reviewPhoto)
    .where(inArray(reviewPhoto.reviewId, reviewIds))
    .orderBy(asc(reviewPhoto.reviewId), asc(reviewPhoto.id));
  for (const row of rows) photos.get(row.reviewId)?.push({ id: row.id, name: row.name, url: photoUrl(row.name) });
  return photos;
}

/** The files of the photos under a member's reviews: what their account's deletion must also remove. */
export async function memberReviewPhotoNames(userId: string) {
  const rows = await db()
    .select({ name: reviewPhoto.name })
    .from(reviewPhoto)
    .innerJoin(review, eq(review.id, reviewPhoto.reviewId))
    .where(eq(review.userId, userId));
  return rows.map((row) => row.name);
}

/** Whether an edit would leave the review more than MAX_REVIEW_PHOTOS: those kept and those added. */
export function tooManyPhotos(current: { id: number }[], removing: number[], adding: number) {
  return current.filter((p) => !removing.includes(p.id)).length + adding > MAX_REVIEW_PHOTOS;
}

/**
 * The member's edit of their review's photos, once the review is saved: the
 * ones they ticked removed (only this review's), the new ones stored.
 */
export async function replaceReviewPhotos(reviewId: number, removing: number[], adding: Buffer[]) {
  const names = adding.map(() => `${crypto.randomBytes(16).toString("hex")}.webp`);
  // The files first: a row never names a file that is not there.
  await Promise.all(adding.map((bytes, i) => storage().uploads.folder(FOLDER).put(names[i]!, bytes)));
  const removed = await db().transaction(async (tx) => {
    const gone =
      removing.length === 0
        ? []
        : await tx
            .delete(reviewPhoto)
            .where(and(eq(reviewPhoto.reviewId, reviewId), inArray(reviewPhoto.id, removing)))
            .returning({ name: reviewPhoto.name });
    if (names.length) await tx.insert(reviewPhoto).values(names.map((name) => ({ reviewId, name })));
    return gone;
  });
  await removePhotoFiles(removed.map((p) => p.name));
}

/** Staff remove one photo, leave the review, and uphold the photo's reports; false when it is not the review's. */
export async function removeReviewPhoto(staff: { id: string; email: string }, reviewId: number, photoId: number) {
  const removed = await db().transaction(async (tx) => {
    await tx
      .update(reviewReport)
      .set({ status: "upheld", resolvedAt: new Date() })
      .where(
        and(eq(reviewReport.photoId, photoId), eq(reviewReport.reviewId, reviewId), eq(reviewReport.status, "open")),
      );
    const [gone] = await tx
      .delete(reviewPhoto)
      .where(and(eq(reviewPhoto.id, photoId), eq(reviewPhoto.reviewId, reviewId)))
      .returning({ name: reviewPhoto.name });
    if (!gone) return null;
    await recordAudit(tx, staff, {
      action: "review.photo-remove",
      entityType: "review",
      entityId: reviewId,
      before: { photo: photoUrl(gone.name) },
    });
    return gone;
  });
  if (!removed) return false;
  await removePhotoFiles([removed.name]);
  return true;
}

/**
 * The files of photos no row names any more, with the narrower copies srcset
 * made of them (app/server/image-variants.server.ts): a removed photo must
 * not stay reachable at another width. A file already gone is no matter.
 */
export async function removePhotoFiles(names: string[]) {
  const folder = storage().uploads.folder(FOLDER);
  const keys = names.flatMap((name) => [
    name,
    ...IMAGE_WIDTHS.map((width) => name.replace(/\.webp$/, `-${width}.webp`)),
  ]);
  await Promise.all(keys.map((key) => folder.remove(key)));
}

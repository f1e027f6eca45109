// Staff's side of the halal directory: add, edit, feature and unpublish
// businesses, with their image and halal details. Every change is audited.
import crypto from "node:crypto";
import { desc, eq, ilike } from "drizzle-orm";
import sharp from "sharp";
import type { SessionUser } from "~/features/account/session.server";
import { slugify } from "~/lib/slug";
import { db } from "~/server/db.server";
import { directoryBusiness, user } from "~/server/schema";
import { storage } from "~/server/storage.server";
import { containsPattern } from "~/server/text-search.server";
import { changedFields, recordAudit } from "./audit.server";
import type { BusinessEdit } from "./schemas";

const FOLDER = "businesses";
/** Stored 1,200 × 800; narrower copies are made on request (app/server/image-variants.server.ts). */
const IMAGE_SIZE = { width: 1200, height: 800 };
const MAX_PIXELS = 40_000_000;

export function listDirectory(q: string) {
  return db()
    .select({
      id: directoryBusiness.id,
      name: directoryBusiness.name,
      town: directoryBusiness.town,
      category: directoryBusiness.category,
      featured: directoryBusiness.featured,
      promotion: directoryBusiness.promotion,
      published: directoryBusiness.published,
    })
    .from(directoryBusiness)
    .where(q.trim() ? ilike(directoryBusiness.name, containsPattern(q.trim())) : undefined)
    .orderBy(desc(directoryBusiness.updatedAt), desc(directoryBusiness.id))
    .limit(100);
}

export async function getDirectoryBusiness(id: number) {
  const [row] = await db()
    .select({ business: directoryBusiness, ownerEmail: user.email })
    .from(directoryBusiness)
    .leftJoin(user, eq(user.id, directoryBusiness.ownerId))
    .where(eq(directoryBusiness.id, id));
  return row ? { ...row.business, ownerEmail: row.ownerEmail } : null;
}

/**
 * Decodes an uploaded image (refusing what is not one, whatever its name or
 * type says), drops its metadata, and writes it as a WebP under a random
 * name. Returns its address.
 */
export async function storeBusinessImage(file: File): Promise<{ url: string } | { error: string }> {
  const input = Buffer.from(await file.arrayBuffer());
  const name = crypto.randomBytes(16).toString("hex");
  let bytes: Buffer;
  try {
    bytes = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ ...IMAGE_SIZE, fit: "cover" })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return { error: "The image could not be read. Please choose a JPEG, PNG or WebP picture." };
  }
  // Outside the try: a store that fails is an outage, not the visitor's picture.
  await storage().uploads.folder(FOLDER).put(`${name}.webp`, bytes);
  return { url: `/uploads/${FOLDER}/${name}.webp` };
}

export type SaveBusinessResult = { ok: true; id: number } | { ok: false; fieldErrors: Record<string, string[]> };

/** Creates a business (id null) or saves staff's edits to one. */
export async function saveDirectoryBusiness(
  admin: SessionUser,
  id: number | null,
  edit: BusinessEdit,
): Promise<SaveBusinessResult> {
  const existing = id === null ? null : await getDirectoryBusiness(id);
  if (id !== null && !existing) return { ok: false, fieldErrors: { "": ["This business no longer exists."] } };
  let ownerId: string | null = null;
  if (edit.ownerEmail) {
    const [owner] = await db().select({ id: user.id }).from(user).where(eq(user.email, edit.ownerEmail.toLowerCase()));
    if (!owner) return { ok: false, fieldErrors: { ownerEmail: ["No member has that e-mail address"] } };
    ownerId = owner.id;
  }
  let image = edit.removeImage ? null : (existing?.image ?? null);
  if (edit.image && edit.image.size > 0) {
    const stored = await storeBusinessImage(edit.image);
    if ("error" in stored) return { ok: false, fieldErrors: { image: [stored.error] } };
    image = stored.url;
  }
  const values = {
    name: edit.name,
    category: edit.category,
    description: edit.description,
    town: edit.town,
    address: edit.address || null,
    postcode: edit.postcode ?? null,
    latitude: edit.latitude ?? null,
    longitude: edit.longitude ?? null,
    phone: edit.phone || null,
    website: edit.website ?? null,
    halalCertifier: edit.halalCertifier || null,
    halalStatus: edit.halalStatus ?? null,
    alcoholServed: edit.alcoholServed === undefined ? null : edit.alcoholServed === "yes",
    featured: edit.featured,
    published: edit.published,
    ownerId,
    image,
  };
  return db().transaction(async (tx) => {
    if (!existing) {
      const slug = `${slugify(edit.name) || "business"}-${crypto.randomBytes(3).toString("hex")}`;
      const [row] = await tx
        .insert(directoryBusiness)
        .values({ ...values, slug })
        .returning({ id: directoryBusiness.id });
      await recordAudit(tx, admin, {
        action: "business.create",
        entityType: "business",
        entityId: row!.id,
        after: { ...values, slug },
      });
      return { ok: true as const, id: row!.id };
    }
    const changes = changedFields(existing, values);
    if (Object.keys(changes.after).length > 0) {
      await tx.update(directoryBusiness).set(values).where(eq(directoryBusiness.id, existing.id));
      await recordAudit(tx, admin, {
        action: "business.edit",
        entityType: "business",
        entityId: existing.id,
        ...changes,
      });
    }
    return { ok: true as const, id: existing.id };
  });
}

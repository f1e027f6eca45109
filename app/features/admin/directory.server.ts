// Staff's side of the halal directory: add, edit, feature and unpublish
// businesses, with their image and halal details. Every change is audited.
import crypto from "node:crypto";
import { and, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import type { SessionUser } from "~/features/account/session.server";
import { linkEstablishment } from "~/features/directory/food-hygiene.server";
import { getSchedule, replaceSchedule } from "~/features/directory/hours.server";
import { exceptionsText, periodsText } from "~/features/directory/hours-input";
import { hoursFieldNames } from "~/features/directory/evidence-schema";
import { WEEKDAYS, type Schedule } from "~/features/directory/opening-hours";
import { directoryTabs, type DirectoryCategory } from "~/lib/categories";
import { londonDay } from "~/lib/dates";
import { slugify } from "~/lib/slug";
import { MAX_PHOTO_PIXELS } from "~/server/photo-encoding.server";
import { db } from "~/server/db.server";
import { directoryBusiness, directoryCategory, user } from "~/server/schema";
import { storage } from "~/server/storage.server";
import { containsPattern } from "~/server/text-search.server";
import { changedFields, recordAudit } from "~/server/audit.server";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";
import type { BusinessEdit, halalStatementShape } from "./schemas";
import { coordinatesOf } from "~/features/places/places.server";
import type { PlacedAt } from "~/features/places/placement";

const FOLDER = "businesses";
/** Stored 1,200 × 800; narrower copies are made on request (app/server/image-variants.server.ts). */
const IMAGE_SIZE = { width: 1200, height: 800 };

const businessSorts = {
  name: directoryBusiness.name,
  town: directoryBusiness.town,
  added: directoryBusiness.createdAt,
  updated: directoryBusiness.updatedAt,
};
type BusinessSort = keyof typeof businessSorts;
type BusinessFilter = "state" | "category" | "owner";

function directoryConditions({ q, filters }: ListParams<BusinessSort, BusinessFilter>) {
  // Each way of finding a business is one an index can answer, so PostgreSQL
  // can combine them rather than read every business.
  const owners = db()
    .select({ id: user.id })
    .from(user)
    .where(or(ilike(user.email, containsPattern(q)), ilike(user.fullName, containsPattern(q))));
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          // As the public search reads the name, so its trigram index serves this too.
          sql`lower(${directoryBusiness.name}) like ${containsPattern(q.toLowerCase())}`,
          sql`lower(${directoryBusiness.town}) like ${containsPattern(q.toLowerCase())}`,
          // "LS1 4AP" or "ls14ap", whichever way it was saved.
          sql`upper(replace(${directoryBusiness.postcode}, ' ', '')) like ${containsPattern(q.replace(/\s+/g, "").toUpperCase())}`,
          eq(directoryBusiness.slug, q.toLowerCase()),
          /^\d{1,9}$/.test(q) ? eq(directoryBusiness.id, Number(q)) : undefined,
          sql`${directoryBusiness.ownerId} = any(array(${owners}))`,
        )
      : undefined,
    filters.state ? eq(directoryBusiness.published, filters.state === "published") : undefined,
    filters.category ? eq(directoryBusiness.category, filters.category as DirectoryCategory) : undefined,
    filters.owner === "owned" ? isNotNull(directoryBusiness.ownerId) : undefined,
    filters.owner === "unowned" ? isNull(directoryBusiness.ownerId) : undefined,
  ];
  return and(...conditions);
}

const categoryLabels: Record<string, string> = Object.fromEntries(
  directoryTabs.flatMap((tab) => (tab.value ? [[tab.value, tab.label]] : [])),
);
/** A directory category as the directory's tabs name it. */
export const directoryCategoryLabel = (category: string) => categoryLabels[category] ?? category;

/** Every directory business, found by name, slug, id, town, postcode or owner; by published, category and owner. */
export const directoryList = defineAdminList({
  name: "directory",
  spec: {
    sorts: Object.keys(businessSorts) as BusinessSort[],
    defaultSort: "updated",
    defaultDirection: "desc",
    filters: {
      state: ["published", "unpublished"],
      category: directoryCategory.enumValues,
      owner: ["owned", "unowned"],
    },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: directoryBusiness.id,
        name: directoryBusiness.name,
        slug: directoryBusiness.slug,
        category: directoryBusiness.category,
        address: directoryBusiness.address,
        town: directoryBusiness.town,
        postcode: directoryBusiness.postcode,
        phone: directoryBusiness.phone,
        website: directoryBusiness.website,
        featured: directoryBusiness.featured,
        promotion: directoryBusiness.promotion,
        published: directoryBusiness.published,
        ownerId: user.id,
        ownerEmail: user.email,
        ownerName: user.fullName,
        createdAt: directoryBusiness.createdAt,
        updatedAt: directoryBusiness.updatedAt,
      })
      .from(directoryBusiness)
      .leftJoin(user, eq(user.id, directoryBusiness.ownerId))
      .where(directoryConditions(params))
      .orderBy(...orderBy(businessSorts, params, directoryBusiness.id))
      .limit(limit)
      .offset(offset),
  count: async (params) =>
    (await db().select({ n: count() }).from(directoryBusiness).where(directoryConditions(params)))[0]!.n,
  csv: [
    ["Id", (b) => b.id],
    ["Name", (b) => b.name],
    ["Slug", (b) => b.slug],
    ["Category", (b) => directoryCategoryLabel(b.category)],
    ["Address", (b) => b.address],
    ["Town", (b) => b.town],
    ["Postcode", (b) => b.postcode],
    ["Phone", (b) => b.phone],
    ["Website", (b) => b.website],
    ["Published", (b) => b.published],
    ["Featured", (b) => b.featured],
    ["Paid promotion", (b) => b.promotion],
    ["Owner e-mail", (b) => b.ownerEmail],
    ["Owner name", (b) => b.ownerName],
    ["Added", (b) => b.createdAt],
    ["Updated", (b) => b.updatedAt],
  ],
});

export async function getDirectoryBusiness(id: number) {
  const [row] = await db()
    .select({ business: directoryBusiness, ownerEmail: user.email })
    .from(directoryBusiness)
    .leftJoin(user, eq(user.id, directoryBusiness.ownerId))
    .where(eq(directoryBusiness.id, id));
  return row ? { ...row.business, ownerEmail: row.ownerEmail } : null;
}

/**
 * A business's hours as the back office's form shows them: a line a weekday,
 * and the exceptions from today on (saving drops past ones; the audit log
 * keeps them).
 */
export async function hoursForm(id: number) {
  return hoursText(await getSchedule(id, londonDay(new Date())));
}

function hoursText(schedule: Schedule) {
  return {
    ...Object.fromEntries(
      hoursFieldNames.map((name, i) => [name, periodsText(schedule.weekly.filter((p) => p.weekday === i + 1))]),
    ),
    hoursExceptions: exceptionsText(schedule.exceptions),
  } as Record<(typeof hoursFieldNames)[number] | "hoursExceptions", string>;
}

/** For the audit log: each weekday's hours and the exceptions, as text. */
function auditedHours(hours: Record<string, string>) {
  return {
    hours: WEEKDAYS.map((day, i) => `${day}: ${hours[hoursFieldNames[i]!] || "closed"}`).join("; "),
    hoursExceptions: hours.hoursExceptions || null,
  };
}

type HoursEdit = Pick<BusinessEdit, (typeof hoursFieldNames)[number] | "hoursExceptions">;

/** The week as the form gave it, as rows, and as the audit log keeps it. */
export function editedHours(edit: HoursEdit) {
  const weekly = hoursFieldNames.flatMap((name, i) => edit[name].map((p) => ({ ...p, weekday: i + 1 })));
  return {
    weekly,
    exceptions: edit.hoursExceptions,
    audited: auditedHours(hoursText({ weekly, exceptions: edit.hoursExceptions })),
  };
}

/** The business's hours now, as the audit log keeps them. */
export async function currentAuditedHours(id: number) {
  return auditedHours(await hoursForm(id));
}

type HalalStatementEdit = Pick<BusinessEdit, keyof typeof halalStatementShape>;

/** The halal facts as columns: what staff save, and what an owner proposes (decision 0036). */
export function halalStatementColumns(edit: HalalStatementEdit) {
  return {
    halalStatus: edit.halalStatus ?? null,
    halalCertifierBody: edit.halalCertifierBody ?? null,
    halalCertifier: edit.halalCertifier || null,
    halalCertificateNumber: edit.halalCertificateNumber || null,
    halalCertificateExpires: edit.halalCertificateExpires ?? null,
    halalSlaughter: edit.halalSlaughter ?? null,
    halalStunned: edit.halalStunned === undefined ? null : edit.halalStunned === "yes",
    alcoholServed: edit.alcoholServed === undefined ? null : edit.alcoholServed === "yes",
    halalMeatSupplier: edit.halalMeatSupplier || null,
  };
}

type VisitEdit = Pick<BusinessEdit, "menuUrl" | "priceBand" | "dineIn" | "takeaway" | "delivery" | "prayerSpace">;

/**
 * What diners need to go, as columns (issue #47): what staff and the owner
 * save alike. No service ticked is "not stated", not "none of them".
 */
export function visitColumns(edit: VisitEdit) {
  const stated = edit.dineIn || edit.takeaway || edit.delivery;
  return {
    menuUrl: edit.menuUrl ?? null,
    priceBand: edit.priceBand ? Number(edit.priceBand) : null,
    dineIn: stated ? edit.dineIn : null,
    takeaway: stated ? edit.takeaway : null,
    delivery: stated ? edit.delivery : null,
    prayerSpace: edit.prayerSpace === undefined ? null : edit.prayerSpace === "yes",
  };
}

/** The business's image after an edit: kept, removed or replaced by the upload. */
export async function editedImage(
  current: string | null,
  edit: Pick<BusinessEdit, "image" | "removeImage">,
): Promise<{ image: string | null } | { error: string }> {
  if (edit.image && edit.image.size > 0) {
    const stored = await storeBusinessImage(edit.image);
    return "error" in stored ? stored : { image: stored.url };
  }
  return { image: edit.removeImage ? null : current };
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
    bytes = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS })
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
/**
 * Where a business is (decisions 0034, 0074): coordinates staff typed, placed
 * as given; otherwise its postcode's or town's. The form shows a business's
 * coordinates back, so ones it had from its postcode or town, sent back
 * unchanged, are worked out again: a changed town or postcode moves it.
 */
async function positionOf(
  edit: Pick<BusinessEdit, "latitude" | "longitude" | "postcode" | "town">,
  existing: { latitude: number | null; longitude: number | null; placedAt: PlacedAt | null } | null,
) {
  const shownBack =
    existing !== null &&
    existing.placedAt !== null &&
    existing.placedAt !== "given" &&
    existing.latitude === edit.latitude &&
    existing.longitude === edit.longitude;
  if ((edit.latitude ?? edit.longitude) === undefined || shownBack) {
    return (await coordinatesOf(edit)) ?? { latitude: null, longitude: null, placedAt: null };
  }
  const latitude = edit.latitude ?? null;
  const longitude = edit.longitude ?? null;
  return { latitude, longitude, placedAt: latitude !== null && longitude !== null ? ("given" as const) : null };
}

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
  const image = await editedImage(existing?.image ?? null, edit);
  if ("error" in image) return { ok: false, fieldErrors: { image: [image.error] } };
  const values = {
    name: edit.name,
    category: edit.category,
    description: edit.description,
    town: edit.town,
    address: edit.address || null,
    postcode: edit.postcode ?? null,
    ...(await positionOf(edit, existing)),
    phone: edit.phone || null,
    website: edit.website ?? null,
    ...visitColumns(edit),
    ...halalStatementColumns(edit),
    halalEvidence: edit.halalEvidence ?? null,
    halalCheckedOn: edit.halalCheckedOn ?? null,
    featured: edit.featured,
    published: edit.published,
    ownerId,
    image: image.image,
  };
  const { weekly, audited: hours } = editedHours(edit);
  const hoursBefore = existing ? await currentAuditedHours(existing.id) : null;
  return db().transaction(async (tx) => {
    if (!existing) {
      const slug = `${slugify(edit.name) || "business"}-${crypto.randomBytes(3).toString("hex")}`;
      const [row] = await tx
        .insert(directoryBusiness)
        .values({ ...values, slug })
        .returning({ id: directoryBusiness.id });
      await replaceSchedule(tx, row!.id, weekly, edit.hoursExceptions);
      await recordAudit(tx, admin, {
        action: "business.create",
        entityType: "business",
        entityId: row!.id,
        after: { ...values, slug, ...hours },
      });
      return { ok: true as const, id: row!.id };
    }
    const changes = changedFields({ ...existing, ...hoursBefore }, { ...values, ...hours });
    if (Object.keys(changes.after).length > 0) {
      await tx.update(directoryBusiness).set(values).where(eq(directoryBusiness.id, existing.id));
      await replaceSchedule(tx, existing.id, weekly, edit.hoursExceptions);
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

/** Links a business to its FSA establishment, or unlinks it (null); audited when it changes. */
export function linkBusinessHygiene(admin: SessionUser, id: number, fhrsid: number | null) {
  return db().transaction(async (tx) => {
    const linked = await linkEstablishment(tx, id, fhrsid);
    if (linked.ok && linked.before !== linked.after) {
      await recordAudit(tx, admin, {
        action: "business.hygiene-link",
        entityType: "business",
        entityId: id,
        before: { fhrsid: linked.before },
        after: { fhrsid: linked.after },
      });
    }
    return linked;
  });
}

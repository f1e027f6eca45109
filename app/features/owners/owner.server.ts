// What a business's approved owner does from /my-businesses (decision 0036).
// Every statement has `owner_id = <member>` in its own WHERE: another
// member's business id reads nothing and changes nothing. Owners' edits are
// published at once and audited with the owner as actor; their halal
// evidence waits for staff, who see it before and after.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { requireUser } from "~/features/account/session.server";
import {
  currentAuditedHours,
  editedHours,
  editedImage,
  halalStatementColumns,
  visitColumns,
} from "~/features/admin/directory.server";
import { changedFields, recordAudit } from "~/server/audit.server";
import { replaceSchedule } from "~/features/directory/hours.server";
import { certifierLabels, halalStatusLabels, slaughterLabels } from "~/features/directory/halal";
import { businessViewsByDay } from "~/features/marketplace/listing-views.server";
import { addDays, londonDay, londonMidnight } from "~/lib/dates";
import { routeId } from "~/lib/route-id";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { decideProposal, type ProposalDecision } from "~/server/proposals.server";
import { enqueueMail } from "~/server/outbox.server";
import { directoryBusiness, favouriteBusiness, halalProposal, review, user } from "~/server/schema";
import { shownReview } from "~/features/reviews/reviews.server";
import { addressee, halalProposalMail } from "./emails.server";
import type { HalalProposalEdit, OwnerEdit } from "./schemas";

interface Member {
  id: string;
  email: string;
}

type Business = typeof directoryBusiness.$inferSelect;

/** The member's own business, else null (for a 404 like one that does not exist). */
export async function ownedBusiness(memberId: string, businessId: number, database: Database = db()) {
  const [business] = await database
    .select()
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.ownerId, memberId)));
  return business ?? null;
}

/** The signed-in member and their business named by a route's `:id`; else the same 404 as one that does not exist. */
export async function requireOwnedBusiness(request: Request, id: string) {
  const user = await requireUser(request);
  const businessId = routeId(id);
  const business = businessId === null ? null : await ownedBusiness(user.id, businessId);
  if (!business) throw data(null, { status: 404 });
  return { user, business };
}

/** The member's businesses, each with its page views and favourites over the last 30 UK days. */
export async function ownerDashboard(memberId: string, now = new Date()) {
  const favouritesSince = londonMidnight(addDays(londonDay(now), -29));
  const businesses = await db()
    .select({
      id: directoryBusiness.id,
      slug: directoryBusiness.slug,
      name: directoryBusiness.name,
      town: directoryBusiness.town,
      published: directoryBusiness.published,
      favourites:
        sql<number>`(select ${count()} from ${favouriteBusiness} where ${favouriteBusiness.businessId} = ${directoryBusiness.id} and ${favouriteBusiness.createdAt} >= ${favouritesSince})`.mapWith(
          Number,
        ),
      favouritesAll:
        sql<number>`(select ${count()} from ${favouriteBusiness} where ${favouriteBusiness.businessId} = ${directoryBusiness.id})`.mapWith(
          Number,
        ),
      proposalSentAt: halalProposal.updatedAt,
      reviewCount: directoryBusiness.reviewCount,
      unanswered:
        sql<number>`(select ${count()} from ${review} where ${review.businessId} = ${directoryBusiness.id} and ${shownReview} and ${review.replyBody} is null)`.mapWith(
          Number,
        ),
    })
    .from(directoryBusiness)
    .leftJoin(
      halalProposal,
      and(eq(halalProposal.businessId, directoryBusiness.id), eq(halalProposal.status, "pending")),
    )
    .where(eq(directoryBusiness.ownerId, memberId))
    .orderBy(asc(directoryBusiness.name), asc(directoryBusiness.id));
  const views = await businessViewsByDay(
    businesses.map((b) => b.id),
    30,
    now,
  );
  return businesses.map((business) => ({ ...business, viewsByDay: views.get(business.id)! }));
}

export type OwnedBusiness = Awaited<ReturnType<typeof ownerDashboard>>[number];

type OwnerColumns = Pick<
  Business,
  | "description"
  | "phone"
  | "website"
  | "image"
  | "menuUrl"
  | "priceBand"
  | "dineIn"
  | "takeaway"
  | "delivery"
  | "prayerSpace"
>;

const ownerColumns = (b: OwnerColumns): OwnerColumns => ({
  description: b.description,
  phone: b.phone,
  website: b.website,
  image: b.image,
  menuUrl: b.menuUrl,
  priceBand: b.priceBand,
  dineIn: b.dineIn,
  takeaway: b.takeaway,
  delivery: b.delivery,
  prayerSpace: b.prayerSpace,
});

export type OwnerEditResult = { ok: true; changed: boolean } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Publishes the owner's description, phone, website, hours, photo and what
 * diners need to go at once.
 * The page cache empties itself (the table's trigger, decision 0016).
 */
export async function editOwnBusiness(
  member: Member,
  businessId: number,
  edit: OwnerEdit,
): Promise<OwnerEditResult | null> {
  const current = await ownedBusiness(member.id, businessId);
  if (!current) return null;
  const image = await editedImage(current.image, edit);
  if ("error" in image) return { ok: false, fieldErrors: { image: [image.error] } };
  const values = ownerColumns({
    description: edit.description,
    phone: edit.phone || null,
    website: edit.website ?? null,
    image: image.image,
    ...visitColumns(edit),
  });
  const hours = editedHours(edit);
  const hoursBefore = await currentAuditedHours(businessId);
  const changes = changedFields({ ...ownerColumns(current), ...hoursBefore }, { ...values, ...hours.audited });
  if (Object.keys(changes.after).length === 0) return { ok: true, changed: false };
  return db().transaction(async (tx) => {
    const [updated] = await tx
      .update(directoryBusiness)
      .set(values)
      .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.ownerId, member.id)))
      .returning({ id: directoryBusiness.id });
    // No longer theirs since the page was read: nothing changes.
    if (!updated) return null;
    await replaceSchedule(tx, businessId, hours.weekly, hours.exceptions);
    await recordAudit(tx, member, {
      action: "business.owner.edit",
      entityType: "business",
      entityId: businessId,
      ...changes,
    });
    return { ok: true as const, changed: true };
  });
}

type HalalColumns = ReturnType<typeof halalStatementColumns>;
const HALAL_COLUMNS = Object.keys(halalStatementColumns({})) as (keyof HalalColumns)[];

const currentHalal = (business: Business): HalalColumns =>
  Object.fromEntries(HALAL_COLUMNS.map((key) => [key, business[key]])) as HalalColumns;

/** Only the columns an owner may propose, whatever the stored proposal holds. */
const allowedHalal = (changes: Record<string, unknown>): Partial<HalalColumns> =>
  Object.fromEntries(HALAL_COLUMNS.filter((key) => key in changes).map((key) => [key, changes[key]]));

export type ProposalOutcome = "sent" | "unchanged";

/** Holds the owner's halal facts for staff; a newer proposal replaces a waiting one. */
export async function proposeHalal(
  member: Member,
  businessId: number,
  edit: HalalProposalEdit,
): Promise<ProposalOutcome | null> {
  return db().transaction(async (tx) => {
    const business = await ownedBusiness(member.id, businessId, tx);
    if (!business) return null;
    const changes = changedFields(currentHalal(business), halalStatementColumns(edit));
    if (Object.keys(changes.after).length === 0) return "unchanged";
    await tx
      .insert(halalProposal)
      .values({ businessId, userId: member.id, changes: changes.after })
      .onConflictDoUpdate({
        target: halalProposal.businessId,
        targetWhere: sql`${halalProposal.status} = 'pending'`,
        set: { userId: member.id, changes: changes.after, updatedAt: new Date() },
      });
    await recordAudit(tx, member, {
      action: "business.owner.halal-proposal",
      entityType: "business",
      entityId: businessId,
      ...changes,
    });
    return "sent";
  });
}

const halalFieldLabels: Record<keyof HalalColumns, string> = {
  halalStatus: "Halal",
  halalCertifierBody: "Certified by",
  halalCertifier: "Another certifier's name",
  halalCertificateNumber: "Certificate number",
  halalCertificateExpires: "Certificate expires",
  halalSlaughter: "Slaughter",
  halalStunned: "Stunned",
  alcoholServed: "Alcohol served",
  halalMeatSupplier: "Meat supplier",
};

/** A value as staff read it. */
function shown(key: keyof HalalColumns, value: unknown): string {
  if (value === null || value === undefined || value === "") return "Not stated";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const text = String(value);
  if (key === "halalStatus") return halalStatusLabels[text as keyof typeof halalStatusLabels] ?? text;
  if (key === "halalCertifierBody") return certifierLabels[text as keyof typeof certifierLabels] ?? text;
  if (key === "halalSlaughter") return slaughterLabels[text as keyof typeof slaughterLabels] ?? text;
  return text;
}

/** The business's waiting halal proposal, each field before and after, for staff. */
export async function pendingHalalProposalOf(businessId: number) {
  const [row] = await db()
    .select({ proposal: halalProposal, business: directoryBusiness, owner: user.email })
    .from(halalProposal)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, halalProposal.businessId))
    .innerJoin(user, eq(user.id, halalProposal.userId))
    .where(and(eq(halalProposal.businessId, businessId), eq(halalProposal.status, "pending")));
  if (!row) return null;
  const current = currentHalal(row.business);
  const changes = allowedHalal(row.proposal.changes);
  return {
    id: row.proposal.id,
    sentAt: row.proposal.updatedAt,
    owner: row.owner,
    fields: (Object.keys(changes) as (keyof HalalColumns)[]).map((key) => ({
      key,
      label: halalFieldLabels[key],
      before: shown(key, current[key]),
      after: shown(key, changes[key]),
    })),
  };
}

/** The most of the waiting halal proposals the claims page shows; the total says if more wait. */
const HALAL_QUEUE_SHOWN = 200;

/**
 * Businesses whose owners' halal proposals wait for staff, oldest first (one
 * waits per business, and each decision brings the next), with how many wait.
 */
export async function listPendingHalalProposals() {
  const waiting = eq(halalProposal.status, "pending");
  const [proposals, [total]] = await Promise.all([
    db()
      .select({
        businessId: halalProposal.businessId,
        business: directoryBusiness.name,
        sentAt: halalProposal.updatedAt,
      })
      .from(halalProposal)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, halalProposal.businessId))
      .where(waiting)
      .orderBy(asc(halalProposal.updatedAt), asc(halalProposal.id))
      .limit(HALAL_QUEUE_SHOWN),
    db().select({ n: count() }).from(halalProposal).where(waiting),
  ]);
  return { proposals, total: total!.n };
}

/** Staff apply or reject a waiting proposal; false when it no longer waits. */
export function decideHalalProposal(
  admin: Member,
  businessId: number,
  proposalId: number,
  decision: ProposalDecision,
): Promise<boolean> {
  return decideProposal(admin, decision, {
    markDecided: (tx, decided) =>
      tx
        .update(halalProposal)
        .set(decided)
        .where(
          and(
            eq(halalProposal.id, proposalId),
            eq(halalProposal.businessId, businessId),
            eq(halalProposal.status, "pending"),
          ),
        )
        .returning(),
    subject: async (tx) => (await tx.select().from(directoryBusiness).where(eq(directoryBusiness.id, businessId)))[0],
    current: currentHalal,
    allowed: allowedHalal,
    apply: (tx, changed) => tx.update(directoryBusiness).set(changed).where(eq(directoryBusiness.id, businessId)),
    audit: {
      approve: "business.halal-proposal-approve",
      reject: "business.halal-proposal-reject",
      entityType: "business",
      entityId: businessId,
    },
    tell: async (tx, { proposal, subject: business, reason }) => {
      const [owner] = await tx
        .select({ email: user.email, name: user.name, fullName: user.fullName })
        .from(user)
        .where(eq(user.id, proposal.userId));
      if (!owner) return;
      await enqueueMail(
        tx,
        halalProposalMail(addressee(owner), {
          business: business.name,
          url: new URL(`/halal-network-space/${business.slug}`, env().SITE_URL).toString(),
          reason,
        }),
      );
    },
  });
}

/** The owner's own waiting proposal, as the values they sent (for their form). */
export async function waitingHalalProposal(memberId: string, businessId: number) {
  const [row] = await db()
    .select({ proposal: halalProposal, business: directoryBusiness })
    .from(halalProposal)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, halalProposal.businessId))
    .where(
      and(
        eq(halalProposal.businessId, businessId),
        eq(halalProposal.status, "pending"),
        eq(directoryBusiness.ownerId, memberId),
      ),
    );
  if (!row) return null;
  return {
    sentAt: row.proposal.updatedAt,
    values: { ...currentHalal(row.business), ...allowedHalal(row.proposal.changes) } as HalalColumns,
  };
}

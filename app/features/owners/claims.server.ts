// Claiming a directory business (decision 0036): by a code e-mailed to an
// address at the business's own website's domain, or by documents staff
// check by hand. An approved claim makes the member the business's one owner
// (`directory_business.owner_id`). Every statement names the member and the
// business in its WHERE, and each step is audited and e-mailed from the same
// transaction (the outbox).
import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import { storeSubmissionPhotos } from "~/features/marketplace/submission-photos.server";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { businessClaim, directoryBusiness, user } from "~/server/schema";
import { sessionSecret } from "~/server/secret.server";
import { storage } from "~/server/storage.server";
import { isAddressAt, websiteDomain } from "./claim-domain";
import { addressee, claimApprovedMail, claimCodeMail, claimRejectedMail, claimSubmittedMail } from "./emails.server";

export const CLAIM_CODE_MINUTES = 30;
/** Wrong codes a claim survives; then a new code must be asked for. */
export const MAX_CODE_ATTEMPTS = 5;

/** Codes and document claims sent, and codes tried: per member and per network. */
export const CLAIM_RATE_LIMITS = {
  member: { limit: 10, windowMs: 60 * 60 * 1000 },
  network: { limit: 30, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

interface Member {
  id: string;
  email: string;
  name?: string | null;
  fullName?: string | null;
}

const CLAIMS_FOLDER = "claims";
/** Where claims' and added businesses' proof documents are kept: the private store. */
export const claimDocuments = () => storage().submissions.folder(CLAIMS_FOLDER);
const dashboardUrl = () => new URL("/my-businesses", env().SITE_URL).toString();

/** Whether the member is the business's approved owner: what reviews and replies will ask. */
export async function isBusinessOwner(database: Database, userId: string, businessId: number): Promise<boolean> {
  const [row] = await database
    .select({ id: directoryBusiness.id })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.ownerId, userId)));
  return !!row;
}

/** A published business as its claim page needs it, with the member's latest claim on it. */
export async function claimPage(slug: string, memberId: string) {
  const [business] = await db()
    .select({
      id: directoryBusiness.id,
      slug: directoryBusiness.slug,
      name: directoryBusiness.name,
      town: directoryBusiness.town,
      website: directoryBusiness.website,
      ownerId: directoryBusiness.ownerId,
    })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.slug, slug), eq(directoryBusiness.published, true)));
  if (!business) return null;
  const [claim] = await db()
    .select({
      status: businessClaim.status,
      method: businessClaim.method,
      email: businessClaim.email,
      codeExpiresAt: businessClaim.codeExpiresAt,
      reason: businessClaim.reason,
    })
    .from(businessClaim)
    .where(and(eq(businessClaim.businessId, business.id), eq(businessClaim.userId, memberId)))
    .orderBy(desc(businessClaim.updatedAt), desc(businessClaim.id))
    .limit(1);
  const { ownerId, ...rest } = business;
  return {
    business: { ...rest, domain: websiteDomain(business.website) },
    owner: ownerId === null ? ("none" as const) : ownerId === memberId ? ("you" as const) : ("someone-else" as const),
    claim: claim ?? null,
  };
}

/** Counts one claim step against the member and the network; false when either is over. */
export async function withinClaimLimits(memberId: string, network: string) {
  const [member, net] = await Promise.all([
    hitRateLimit(db(), `claim:${memberId}`, CLAIM_RATE_LIMITS.member),
    hitRateLimit(db(), `claim-network:${network}`, CLAIM_RATE_LIMITS.network),
  ]);
  return member.allowed && net.allowed;
}

/**
 * The code's keyed hash, bound to the member and the business (an added
 * business's draft, decision 0095): a code is worth nothing on another claim.
 */
export function claimCodeHash(businessId: number, memberId: string, code: string) {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`hbs business claim\n${businessId}\n${memberId}\n${code}`)
    .digest("base64url");
}

/** Six digits, uniformly random. */
export const newClaimCode = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");

export type SendCodeOutcome =
  | "sent"
  | "not-found"
  | "no-website"
  | "wrong-domain"
  | "owned"
  | "already-yours"
  | "documents-pending"
  | "rate-limited";

async function openBusiness(businessId: number) {
  const [business] = await db()
    .select({
      id: directoryBusiness.id,
      name: directoryBusiness.name,
      website: directoryBusiness.website,
      ownerId: directoryBusiness.ownerId,
    })
    .from(directoryBusiness)
    .where(and(eq(directoryBusiness.id, businessId), eq(directoryBusiness.published, true)));
  return business ?? null;
}

/**
 * E-mails a code to `email`, which must be at the business's website's
 * domain. Asking again replaces the member's earlier code (and its tries).
 */
export async function sendClaimCode(
  member: Member,
  businessId: number,
  email: string,
  network: string,
  code = newClaimCode(),
  now = new Date(),
): Promise<SendCodeOutcome> {
  const business = await openBusiness(businessId);
  if (!business) return "not-found";
  if (business.ownerId === member.id) return "already-yours";
  if (business.ownerId !== null) return "owned";
  const domain = websiteDomain(business.website);
  if (!domain) return "no-website";
  if (!isAddressAt(email, domain)) return "wrong-domain";
  if (!(await withinClaimLimits(member.id, network))) return "rate-limited";
  const values = {
    method: "code" as const,
    status: "code_sent" as const,
    email: email.toLowerCase(),
    codeHash: claimCodeHash(businessId, member.id, code),
    codeExpiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
    attempts: 0,
  };
  const outcome = await db().transaction(async (tx) => {
    const [open] = await tx
      .select({ method: businessClaim.method })
      .from(businessClaim)
      .where(openClaimOf(businessId, member.id));
    // Documents already sent are not thrown away by asking for a code.
    if (open?.method === "documents") return "documents-pending" as const;
    await replaceOpenClaim(tx, businessId, member.id, values, now);
    await enqueueMail(tx, claimCodeMail(values.email, { business: business.name, code, minutes: CLAIM_CODE_MINUTES }));
    return "sent" as const;
  });
  if (outcome === "sent") wakeOutbox();
  return outcome;
}

/** Starts the member's open claim on the business, or replaces it (the partial unique index). */
function replaceOpenClaim(
  tx: Database,
  businessId: number,
  memberId: string,
  values: Omit<typeof businessClaim.$inferInsert, "businessId" | "userId">,
  now: Date,
) {
  return tx
    .insert(businessClaim)
    .values({ businessId, userId: memberId, ...values })
    .onConflictDoUpdate({
      target: [businessClaim.businessId, businessClaim.userId],
      targetWhere: inArray(businessClaim.status, ["code_sent", "pending"]),
      set: { ...values, updatedAt: now },
    });
}

const openClaimOf = (businessId: number, memberId: string) =>
  and(
    eq(businessClaim.businessId, businessId),
    eq(businessClaim.userId, memberId),
    inArray(businessClaim.status, ["code_sent", "pending"]),
  );

export type ConfirmOutcome =
  "approved" | "wrong" | "expired" | "too-many" | "used" | "no-code" | "owned" | "rate-limited";

/** Makes the member the owner, in the caller's transaction; false when someone else already is. */
async function makeOwner(tx: Database, businessId: number, memberId: string) {
  const [owned] = await tx
    .update(directoryBusiness)
    .set({ ownerId: memberId })
    .where(and(eq(directoryBusiness.id, businessId), isNull(directoryBusiness.ownerId)))
    .returning({ id: directoryBusiness.id, name: directoryBusiness.name });
  return owned ?? null;
}

/**
 * Checks the code the member typed. Right, in time, and not yet used: the
 * member owns the business. A code used before (replayed), of another claim
 * or made up (forged) is refused; each wrong one counts towards the limit.
 */
export async function confirmClaimCode(
  member: Member,
  businessId: number,
  code: string,
  network: string,
  now = new Date(),
): Promise<ConfirmOutcome> {
  if (!(await withinClaimLimits(member.id, network))) return "rate-limited";
  const outcome = await db().transaction(async (tx): Promise<ConfirmOutcome> => {
    const [claim] = await tx
      .select()
      .from(businessClaim)
      .where(
        and(
          eq(businessClaim.businessId, businessId),
          eq(businessClaim.userId, member.id),
          eq(businessClaim.method, "code"),
        ),
      )
      .orderBy(desc(businessClaim.updatedAt), desc(businessClaim.id))
      .limit(1);
    if (!claim) return "no-code";
    if (claim.status === "approved") return "used";
    if (claim.status !== "code_sent" || !claim.codeHash || !claim.codeExpiresAt) return "no-code";
    if (claim.attempts >= MAX_CODE_ATTEMPTS) return "too-many";
    if (claim.codeExpiresAt <= now) return "expired";
    const given = Buffer.from(claimCodeHash(businessId, member.id, code.trim()));
    const kept = Buffer.from(claim.codeHash);
    if (given.length !== kept.length || !crypto.timingSafeEqual(given, kept)) {
      await tx
        .update(businessClaim)
        .set({ attempts: claim.attempts + 1 })
        .where(and(eq(businessClaim.id, claim.id), eq(businessClaim.status, "code_sent")));
      return claim.attempts + 1 >= MAX_CODE_ATTEMPTS ? "too-many" : "wrong";
    }
    // Used once: whichever of two submissions of the code gets here first.
    const [used] = await tx
      .update(businessClaim)
      .set({ status: "approved", codeHash: null, decidedAt: now })
      .where(and(eq(businessClaim.id, claim.id), eq(businessClaim.status, "code_sent")))
      .returning({ id: businessClaim.id });
    if (!used) return "used";
    const business = await makeOwner(tx, businessId, member.id);
    if (!business) {
      await tx
        .update(businessClaim)
        .set({ status: "rejected", reason: "The business already has an owner on HBS." })
        .where(eq(businessClaim.id, claim.id));
      return "owned";
    }
    await recordAudit(tx, member, {
      action: "business.claim.code",
      entityType: "business",
      entityId: businessId,
      before: { ownerId: null },
      after: { ownerId: member.id, claimId: claim.id, provedBy: claim.email },
    });
    await enqueueMail(
      tx,
      claimApprovedMail(addressee(member), { business: business.name, dashboardUrl: dashboardUrl() }),
    );
    return "approved";
  });
  if (outcome === "approved") wakeOutbox();
  return outcome;
}

export type DocumentsOutcome =
  "submitted" | "not-found" | "owned" | "already-yours" | "rate-limited" | { error: string };

/**
 * Stores the documents (images, re-encoded without their metadata, in the
 * private store) and queues the claim for staff. Sending again replaces the
 * member's open claim on the business.
 */
export async function submitClaimDocuments(
  member: Member,
  businessId: number,
  files: File[],
  note: string | undefined,
  network: string,
): Promise<DocumentsOutcome> {
  const business = await openBusiness(businessId);
  if (!business) return "not-found";
  if (business.ownerId === member.id) return "already-yours";
  if (business.ownerId !== null) return "owned";
  if (!(await withinClaimLimits(member.id, network))) return "rate-limited";
  const stored = await storeSubmissionPhotos(files, claimDocuments());
  if ("error" in stored) return { error: stored.error };
  const values = {
    method: "documents" as const,
    status: "pending" as const,
    email: null,
    codeHash: null,
    codeExpiresAt: null,
    attempts: 0,
    documents: stored.names,
    note: note ?? null,
  };
  await db().transaction(async (tx) => {
    await replaceOpenClaim(tx, businessId, member.id, values, new Date());
    await enqueueMail(tx, claimSubmittedMail(addressee(member), { business: business.name }));
  });
  wakeOutbox();
  return "submitted";
}

// ---------------------------------------------------------------------------
// Staff's side: a claim and its decision (the list is claims-list.server.ts)
// ---------------------------------------------------------------------------

/** One claim with its business and claimant, for staff. */
export async function getClaim(id: number, database: Database = db()) {
  const [row] = await database
    .select({
      claim: businessClaim,
      business: {
        id: directoryBusiness.id,
        name: directoryBusiness.name,
        slug: directoryBusiness.slug,
        town: directoryBusiness.town,
        website: directoryBusiness.website,
        ownerId: directoryBusiness.ownerId,
      },
      claimant: { id: user.id, email: user.email, name: user.name, fullName: user.fullName },
    })
    .from(businessClaim)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, businessClaim.businessId))
    .innerJoin(user, eq(user.id, businessClaim.userId))
    .where(eq(businessClaim.id, id));
  return row ?? null;
}

/** A document of a claim, only if the claim lists it. */
export async function readClaimDocument(claimId: number, name: string) {
  const [claim] = await db()
    .select({ documents: businessClaim.documents })
    .from(businessClaim)
    .where(eq(businessClaim.id, claimId));
  if (!claim?.documents.includes(name)) return null;
  return claimDocuments().read(name);
}

export type DecideOutcome = "approved" | "rejected" | "not-pending" | "owned";

/** Staff approve (the claimant becomes the owner) or reject a document claim with a reason the claimant is told. */
export async function decideClaim(
  admin: { id: string; email: string },
  claimId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<DecideOutcome> {
  const outcome = await db().transaction(async (tx): Promise<DecideOutcome> => {
    const found = await getClaim(claimId, tx);
    if (!found || found.claim.status !== "pending") return "not-pending";
    const to = addressee(found.claimant);
    if (decision.approve) {
      const business = await makeOwner(tx, found.business.id, found.claimant.id);
      if (!business) return "owned";
    }
    const [decided] = await tx
      .update(businessClaim)
      .set({
        status: decision.approve ? "approved" : "rejected",
        reason: decision.approve ? null : decision.reason,
        decidedAt: new Date(),
      })
      .where(and(eq(businessClaim.id, claimId), eq(businessClaim.status, "pending")))
      .returning({ id: businessClaim.id });
    if (!decided) return "not-pending";
    await recordAudit(tx, admin, {
      action: decision.approve ? "business.claim.approve" : "business.claim.reject",
      entityType: "business",
      entityId: found.business.id,
      ...(decision.approve
        ? { before: { ownerId: null }, after: { ownerId: found.claimant.id, claimId } }
        : { after: { claimId, claimant: found.claimant.email, reason: decision.reason } }),
    });
    await enqueueMail(
      tx,
      decision.approve
        ? claimApprovedMail(to, { business: found.business.name, dashboardUrl: dashboardUrl() })
        : claimRejectedMail(to, { business: found.business.name, reason: decision.reason }),
    );
    return decision.approve ? "approved" : "rejected";
  });
  if (outcome === "approved" || outcome === "rejected") wakeOutbox();
  return outcome;
}

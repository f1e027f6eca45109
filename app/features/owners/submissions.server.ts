// A member adds their business (decision 0095). What they send is stored at
// once as an unpublished draft (the directory never shows it) with its proof,
// then they are e-mailed; staff decide in submission-decisions.server.ts.
// Every statement about a submission names the member in its WHERE: another
// member's submission reads nothing and changes nothing.
import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import {
  editedHours,
  halalStatementColumns,
  storeBusinessImage,
  visitColumns,
} from "~/features/admin/directory.server";
import { replaceSchedule } from "~/features/directory/hours.server";
import { storeSubmissionPhotos } from "~/features/marketplace/submission-photos.server";
import { coordinatesOf } from "~/features/places/places.server";
import { slugify } from "~/lib/slug";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { businessSubmission, directoryBusiness } from "~/server/schema";
import { isAddressAt, websiteDomain } from "./claim-domain";
import {
  CLAIM_CODE_MINUTES,
  MAX_CODE_ATTEMPTS,
  claimCodeHash,
  claimDocuments,
  newClaimCode,
  withinClaimLimits,
  type ConfirmOutcome,
} from "./claims.server";
import { addressee, claimCodeMail, submissionReceivedMail } from "./emails.server";
import type { AddBusinessEdit } from "./submission-schema";

/** Businesses added, per member and per network: a day's honest use, far from a flood. */
export const SUBMISSION_RATE_LIMITS = {
  member: { limit: 5, windowMs: 24 * 60 * 60 * 1000 },
  network: { limit: 20, windowMs: 24 * 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

const SUBMISSION_CODES_A_DAY: RateLimitRule = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };

interface Member {
  id: string;
  email: string;
  name?: string | null;
  fullName?: string | null;
}

export const submissionPath = (id: number) => `/my-businesses/added/${id}`;
const submissionUrl = (id: number) => new URL(submissionPath(id), env().SITE_URL).toString();

export type SubmitOutcome =
  | { ok: true; id: number; codeSentTo: string | null }
  | { ok: false; fieldErrors: Record<string, string[]> }
  | "rate-limited";

/**
 * Stores the business as an unpublished draft, its photo and proof documents
 * (images re-encoded without metadata; documents in the private store), and
 * the submission, then e-mails the member (and a code, when they chose one).
 */
export async function submitBusiness(member: Member, edit: AddBusinessEdit, network: string): Promise<SubmitOutcome> {
  const [byMember, byNetwork] = await Promise.all([
    hitRateLimit(db(), `business-submission:${member.id}`, SUBMISSION_RATE_LIMITS.member),
    hitRateLimit(db(), `business-submission-network:${network}`, SUBMISSION_RATE_LIMITS.network),
  ]);
  if (!byMember.allowed || !byNetwork.allowed) return "rate-limited";
  let image: string | null = null;
  if (edit.image && edit.image.size > 0) {
    const stored = await storeBusinessImage(edit.image);
    if ("error" in stored) return { ok: false, fieldErrors: { image: [stored.error] } };
    image = stored.url;
  }
  const documents = edit.documents?.length
    ? await storeSubmissionPhotos(edit.documents, claimDocuments())
    : { names: [] };
  if ("error" in documents) return { ok: false, fieldErrors: { documents: [documents.error] } };
  const position = await coordinatesOf(edit);
  const values = {
    name: edit.name,
    category: edit.category,
    description: edit.description,
    address: edit.address,
    town: edit.town,
    postcode: edit.postcode,
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
    placedAt: position?.placedAt ?? null,
    phone: edit.phone || null,
    website: edit.website ?? null,
    image,
    ...visitColumns(edit),
    ...halalStatementColumns(edit),
  };
  const { weekly, audited: hours } = editedHours(edit);
  const slug = `${slugify(edit.name) || "business"}-${crypto.randomBytes(3).toString("hex")}`;
  const code = edit.proofEmail ? newClaimCode() : null;
  const now = new Date();
  const outcome = await db().transaction(async (tx) => {
    const [draft] = await tx
      .insert(directoryBusiness)
      .values({ ...values, slug, published: false, ownerId: null })
      .returning({ id: directoryBusiness.id });
    await replaceSchedule(tx, draft!.id, weekly, edit.hoursExceptions);
    const [submission] = await tx
      .insert(businessSubmission)
      .values({
        userId: member.id,
        businessId: draft!.id,
        sent: { ...values, ...hours },
        documents: documents.names,
        note: edit.note ?? null,
        ...(code && edit.proofEmail ? codeValues(draft!.id, member.id, edit.proofEmail, code, now) : {}),
      })
      .returning({ id: businessSubmission.id });
    await recordAudit(tx, member, {
      action: "business.submission",
      entityType: "business",
      entityId: draft!.id,
      after: { submissionId: submission!.id, ...values, ...hours, documents: documents.names.length },
    });
    await enqueueMail(
      tx,
      submissionReceivedMail(addressee(member), { business: edit.name, url: submissionUrl(submission!.id) }),
    );
    if (code && edit.proofEmail) await enqueueMail(tx, codeMail(edit.proofEmail, edit.name, code));
    return { ok: true as const, id: submission!.id, codeSentTo: code ? (edit.proofEmail ?? null) : null };
  });
  wakeOutbox();
  return outcome;
}

function codeValues(draftId: number, memberId: string, email: string, code: string, now: Date) {
  return {
    proofEmail: email.toLowerCase(),
    codeHash: claimCodeHash(draftId, memberId, code),
    codeExpiresAt: new Date(now.getTime() + CLAIM_CODE_MINUTES * 60_000),
    attempts: 0,
  };
}

const codeMail = (email: string, business: string, code: string) =>
  claimCodeMail(email.toLowerCase(), { business, code, minutes: CLAIM_CODE_MINUTES });

/** The member's added businesses, newest first, for My businesses. */
export function memberSubmissions(memberId: string) {
  return db()
    .select({
      id: businessSubmission.id,
      status: businessSubmission.status,
      sent: businessSubmission.sent,
      createdAt: businessSubmission.createdAt,
    })
    .from(businessSubmission)
    .where(eq(businessSubmission.userId, memberId))
    .orderBy(desc(businessSubmission.createdAt), desc(businessSubmission.id))
    .limit(50);
}

/** One of the member's added businesses, with its draft's website (for a code), else null. */
export async function ownSubmission(memberId: string, id: number) {
  const [row] = await db()
    .select({
      submission: businessSubmission,
      business: { slug: directoryBusiness.slug, name: directoryBusiness.name, website: directoryBusiness.website },
    })
    .from(businessSubmission)
    .leftJoin(directoryBusiness, eq(directoryBusiness.id, businessSubmission.businessId))
    .where(and(eq(businessSubmission.id, id), eq(businessSubmission.userId, memberId)));
  return row ?? null;
}

export type SubmissionCodeOutcome = "sent" | "not-pending" | "proved" | "no-website" | "wrong-domain" | "rate-limited";

/** A new code to an address at the draft's website's domain; it replaces an earlier code and its tries. */
export async function sendSubmissionCode(
  member: Member,
  id: number,
  email: string,
  network: string,
  code = newClaimCode(),
  now = new Date(),
): Promise<SubmissionCodeOutcome> {
  const found = await ownSubmission(member.id, id);
  if (!found || found.submission.status !== "pending" || !found.business) return "not-pending";
  if (found.submission.provedAt) return "proved";
  const domain = websiteDomain(found.business.website);
  if (!domain) return "no-website";
  if (!isAddressAt(email, domain)) return "wrong-domain";
  if (!(await withinClaimLimits(member.id, network))) return "rate-limited";
  // A few codes a submission a day: asking again is for a lost e-mail, not for sending HBS's mail about.
  if (!(await hitRateLimit(db(), `submission-code:${id}`, SUBMISSION_CODES_A_DAY, now)).allowed) return "rate-limited";
  const sent = await db().transaction(async (tx) => {
    const [replaced] = await tx
      .update(businessSubmission)
      .set({ ...codeValues(found.submission.businessId!, member.id, email, code, now), updatedAt: now })
      .where(
        and(
          eq(businessSubmission.id, id),
          eq(businessSubmission.userId, member.id),
          eq(businessSubmission.status, "pending"),
          isNull(businessSubmission.provedAt),
        ),
      )
      .returning({ id: businessSubmission.id });
    if (!replaced) return false;
    await enqueueMail(tx, codeMail(email, found.business!.name, code));
    return true;
  });
  if (!sent) return "not-pending";
  wakeOutbox();
  return "sent";
}

/**
 * Checks the code the member typed: right, in time and within the tries, the
 * submission is proved (staff see by whom); as a claim's code, it works once.
 */
export async function confirmSubmissionCode(
  member: Member,
  id: number,
  code: string,
  network: string,
  now = new Date(),
): Promise<Exclude<ConfirmOutcome, "owned" | "approved"> | "proved"> {
  if (!(await withinClaimLimits(member.id, network))) return "rate-limited";
  const found = await ownSubmission(member.id, id);
  if (!found || found.submission.status !== "pending") return "no-code";
  const { submission } = found;
  if (submission.provedAt) return "used";
  if (!submission.codeHash || !submission.codeExpiresAt || submission.businessId === null) return "no-code";
  if (submission.attempts >= MAX_CODE_ATTEMPTS) return "too-many";
  if (submission.codeExpiresAt <= now) return "expired";
  const given = Buffer.from(claimCodeHash(submission.businessId, member.id, code.trim()));
  const kept = Buffer.from(submission.codeHash);
  const mine = and(eq(businessSubmission.id, id), eq(businessSubmission.userId, member.id));
  if (given.length !== kept.length || !crypto.timingSafeEqual(given, kept)) {
    // Counted in the statement itself: wrong codes sent at once cannot slip past the limit between a read and a write.
    const [counted] = await db()
      .update(businessSubmission)
      .set({ attempts: sql`${businessSubmission.attempts} + 1` })
      .where(and(mine, lt(businessSubmission.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ attempts: businessSubmission.attempts });
    return !counted || counted.attempts >= MAX_CODE_ATTEMPTS ? "too-many" : "wrong";
  }
  const [proved] = await db()
    .update(businessSubmission)
    .set({ provedAt: now, codeHash: null, updatedAt: now })
    .where(
      and(
        mine,
        eq(businessSubmission.codeHash, submission.codeHash),
        lt(businessSubmission.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ id: businessSubmission.id });
  return proved ? "proved" : "used";
}

/**
 * What a member's account deletion must remove beyond the rows that go with
 * it: their drafts still waiting (a business nobody will own, that staff would
 * be left to decide) and the proof documents they sent. Read before the
 * account goes, removed once it has (`removeSubmissionLeftovers`); what was
 * published stays.
 */
export async function submissionLeftovers(memberId: string) {
  const rows = await db()
    .select({
      businessId: businessSubmission.businessId,
      status: businessSubmission.status,
      documents: businessSubmission.documents,
    })
    .from(businessSubmission)
    .where(eq(businessSubmission.userId, memberId));
  return {
    drafts: rows.flatMap((row) => (row.status === "pending" && row.businessId !== null ? [row.businessId] : [])),
    documents: rows.flatMap((row) => row.documents),
  };
}

export async function removeSubmissionLeftovers({
  drafts,
  documents,
}: Awaited<ReturnType<typeof submissionLeftovers>>) {
  if (drafts.length > 0) {
    await db()
      .delete(directoryBusiness)
      .where(and(inArray(directoryBusiness.id, drafts), eq(directoryBusiness.published, false)));
  }
  await Promise.all(documents.map((name) => claimDocuments().remove(name)));
}

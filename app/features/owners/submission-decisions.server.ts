// Staff's side of businesses members added (decision 0095): the queue, one
// submission beside its likely duplicates, and the decision: approve (the
// draft is published, its adder owns it), merge into an existing business
// (its adder owns that one; the draft goes), or reject with a reason (the
// draft goes). Each is audited and e-mailed from its own transaction.
import { and, asc, count, eq, isNull, ne, or } from "drizzle-orm";
import { likelyDuplicates } from "~/features/directory/duplicates.server";
import type { AuditAction } from "~/lib/audit-actions";
import { recordAudit } from "~/server/audit.server";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { enqueueMail } from "~/server/outbox.server";
import { businessSubmission, directoryBusiness, user } from "~/server/schema";
import { isAddressAt, websiteDomain } from "./claim-domain";
import { claimDocuments } from "./claims.server";
import { addressee, submissionApprovedMail, submissionMergedMail, submissionRejectedMail } from "./emails.server";

/** The most of the waiting submissions the claims page shows; the total says if more wait. */
const QUEUE_SHOWN = 200;

const waiting = eq(businessSubmission.status, "pending");

/** Submissions waiting for staff, oldest first, with how many wait. */
export async function listPendingSubmissions() {
  const [submissions, [total]] = await Promise.all([
    db()
      .select({
        id: businessSubmission.id,
        sent: businessSubmission.sent,
        provedAt: businessSubmission.provedAt,
        documents: businessSubmission.documents,
        sentAt: businessSubmission.createdAt,
        member: user.email,
      })
      .from(businessSubmission)
      .innerJoin(user, eq(user.id, businessSubmission.userId))
      .where(waiting)
      .orderBy(asc(businessSubmission.createdAt), asc(businessSubmission.id))
      .limit(QUEUE_SHOWN),
    db().select({ n: count() }).from(businessSubmission).where(waiting),
  ]);
  return { submissions, total: total!.n };
}

async function findSubmission(id: number, database: Database = db()) {
  const [row] = await database
    .select({
      submission: businessSubmission,
      member: { id: user.id, email: user.email, name: user.name, fullName: user.fullName },
      draft: {
        id: directoryBusiness.id,
        slug: directoryBusiness.slug,
        name: directoryBusiness.name,
        postcode: directoryBusiness.postcode,
        published: directoryBusiness.published,
      },
    })
    .from(businessSubmission)
    .innerJoin(user, eq(user.id, businessSubmission.userId))
    .leftJoin(directoryBusiness, eq(directoryBusiness.id, businessSubmission.businessId))
    .where(eq(businessSubmission.id, id));
  return row ?? null;
}

/** One submission for staff, with the published businesses it may be. */
export async function submissionForStaff(id: number) {
  const found = await findSubmission(id);
  if (!found) return null;
  const sent = found.submission.sent as { name: string; postcode: string };
  const duplicates =
    found.submission.status === "pending"
      ? await likelyDuplicates(
          { name: found.draft?.name ?? sent.name, postcode: found.draft?.postcode ?? sent.postcode },
          found.draft?.id ?? null,
        )
      : [];
  return { ...found, duplicates };
}

/** A proof document of a submission, only if the submission lists it. */
export async function readSubmissionDocument(id: number, name: string) {
  const [row] = await db()
    .select({ documents: businessSubmission.documents })
    .from(businessSubmission)
    .where(eq(businessSubmission.id, id));
  if (!row?.documents.includes(name)) return null;
  return claimDocuments().read(name);
}

export type SubmissionDecision = { approve: true } | { mergeInto: number } | { approve: false; reason: string };
export type SubmissionDecisionOutcome =
  "approved" | "merged" | "rejected" | "not-pending" | "no-draft" | "owned" | "unproved" | "unproved-for-merge";

/** Thrown to undo a decision already taken in its transaction: what it could not do. */
class Undecided extends Error {
  constructor(readonly outcome: "owned" | "no-draft" | "unproved" | "unproved-for-merge") {
    super(outcome);
  }
}

const pageUrl = (slug: string) => new URL(`/halal-network-space/${slug}`, env().SITE_URL).toString();
const dashboardUrl = () => new URL("/my-businesses", env().SITE_URL).toString();

/** Staff's decision on a waiting submission; anything but "approved", "merged" or "rejected" changed nothing. */
export async function decideSubmission(
  staff: { id: string; email: string },
  id: number,
  decision: SubmissionDecision,
): Promise<SubmissionDecisionOutcome> {
  const outcome = await db()
    .transaction(async (tx): Promise<SubmissionDecisionOutcome> => {
      // Taken first: of two decisions at once, the second finds it decided.
      const [taken] = await tx
        .update(businessSubmission)
        .set({ decidedBy: staff.id, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(businessSubmission.id, id), waiting))
        .returning({ id: businessSubmission.id });
      if (!taken) return "not-pending";
      const found = (await findSubmission(id, tx))!;
      const to = addressee(found.member);
      const decided = (values: Partial<typeof businessSubmission.$inferInsert>) =>
        tx.update(businessSubmission).set(values).where(eq(businessSubmission.id, id));
      const audit = (action: AuditAction, entityId: number, after: Record<string, unknown>) =>
        recordAudit(tx, staff, { action, entityType: "business", entityId, after: { submissionId: id, ...after } });

      const { submission, member, draft } = found;
      const sentName = draft?.name ?? String(submission.sent.name);

      if (!("mergeInto" in decision) && !decision.approve) {
        // Rejected, even when its draft is already gone: the draft goes, what was sent stays on record.
        if (draft) await tx.delete(directoryBusiness).where(eq(directoryBusiness.id, draft.id));
        await decided({ status: "rejected", reason: decision.reason });
        await audit("business.submission.reject", draft?.id ?? 0, { reason: decision.reason, member: member.email });
        await enqueueMail(tx, submissionRejectedMail(to, { business: sentName, reason: decision.reason }));
        return "rejected";
      }
      // Approving or merging makes the adder an owner: only with proof, as a claim needs (decision 0036).
      if (submission.documents.length === 0 && !submission.provedAt) throw new Undecided("unproved");

      if ("mergeInto" in decision) {
        const [target] = await tx
          .select({ website: directoryBusiness.website })
          .from(directoryBusiness)
          .where(eq(directoryBusiness.id, decision.mergeInto));
        // A code proves only the domain the adder gave: for a business already listed, it must be that business's own.
        const domain = websiteDomain(target?.website);
        const codeAtItsDomain = !!submission.provedAt && !!domain && isAddressAt(submission.proofEmail ?? "", domain);
        if (submission.documents.length === 0 && !codeAtItsDomain) throw new Undecided("unproved-for-merge");
        // Only a published business without another owner, never the draft itself: a merge takes no business from its owner.
        const [into] = await tx
          .update(directoryBusiness)
          .set({ ownerId: member.id })
          .where(
            and(
              eq(directoryBusiness.id, decision.mergeInto),
              eq(directoryBusiness.published, true),
              draft ? ne(directoryBusiness.id, draft.id) : undefined,
              or(isNull(directoryBusiness.ownerId), eq(directoryBusiness.ownerId, member.id)),
            ),
          )
          .returning({ id: directoryBusiness.id, name: directoryBusiness.name });
        if (!into) throw new Undecided("owned");
        if (draft) await tx.delete(directoryBusiness).where(eq(directoryBusiness.id, draft.id));
        await decided({ status: "merged", businessId: into.id });
        await audit("business.submission.merge", into.id, { ownerId: member.id, draft: draft?.id });
        await enqueueMail(
          tx,
          submissionMergedMail(to, { added: sentName, business: into.name, dashboardUrl: dashboardUrl() }),
        );
        return "merged";
      }
      if (!draft) throw new Undecided("no-draft");
      // Staff may have given the draft an owner in the editor: approval never takes it from them.
      const [approved] = await tx
        .update(directoryBusiness)
        .set({ published: true, ownerId: member.id })
        .where(
          and(
            eq(directoryBusiness.id, draft.id),
            or(isNull(directoryBusiness.ownerId), eq(directoryBusiness.ownerId, member.id)),
          ),
        )
        .returning({ id: directoryBusiness.id });
      if (!approved) throw new Undecided("owned");
      await decided({ status: "approved" });
      await audit("business.submission.approve", draft.id, { published: true, ownerId: member.id });
      await enqueueMail(
        tx,
        submissionApprovedMail(to, { business: draft.name, url: pageUrl(draft.slug), dashboardUrl: dashboardUrl() }),
      );
      return "approved";
    })
    .catch((error: unknown) => {
      if (error instanceof Undecided) return error.outcome;
      throw error;
    });
  if (outcome === "approved" || outcome === "merged" || outcome === "rejected") wakeOutbox();
  return outcome;
}

// Staff's decision on a change a member proposed to something they do not
// publish themselves (decision 0082): a seller's revision of a live listing,
// an owner's halal details. The proposal is decided once, the change applied
// and audited, and the member told, in one transaction; each domain says
// where its proposals and their subject live, the steps are the same.
import type { AuditAction } from "~/lib/audit-actions";
import { changedFields, recordAudit } from "./audit.server";
import { db, type Database } from "./db.server";
import { wakeOutbox } from "./lifecycle.server";

export type ProposalDecision = { approve: true } | { approve: false; reason: string };

type Fields = Record<string, unknown>;

/** What a proposal row holds once decided. */
export interface Decided {
  status: "approved" | "rejected";
  reason: string | null;
  decidedAt: Date;
}

export interface ProposalQueue<Proposal extends { changes: Fields }, Subject> {
  /**
   * Stores the decision on the proposal only while it still waits and is
   * about this subject (two staff deciding at once: the second finds none).
   */
  markDecided(tx: Database, decided: Decided): Promise<Proposal[]>;
  /** What the proposal is about, as it is now. */
  subject(tx: Database): Promise<Subject | undefined>;
  /** The subject's columns a member may propose, as they are now. */
  current(subject: Subject): Fields;
  /** Only those columns, whatever the stored changes hold. */
  allowed(changes: Fields): Fields;
  /** Applies the changed columns; only called when some change. */
  apply(tx: Database, changed: Fields): Promise<unknown>;
  audit: { approve: AuditAction; reject: AuditAction; entityType: string; entityId: number };
  /** Stores the e-mail telling the member; `reason` is null when approved. */
  tell(
    tx: Database,
    decided: { proposal: Proposal; subject: Subject; changed: Fields; reason: string | null },
  ): Promise<unknown>;
}

/** Approves (applies) or rejects a waiting proposal; false when it no longer waits. */
export async function decideProposal<Proposal extends { changes: Fields }, Subject>(
  staff: { id: string; email: string },
  decision: ProposalDecision,
  queue: ProposalQueue<Proposal, Subject>,
): Promise<boolean> {
  const reason = decision.approve ? null : decision.reason;
  const decided = await db().transaction(async (tx) => {
    const [proposal] = await queue.markDecided(tx, {
      status: decision.approve ? "approved" : "rejected",
      reason,
      decidedAt: new Date(),
    });
    if (!proposal) return false;
    const subject = await queue.subject(tx);
    if (!subject) return false;
    const changes = changedFields(queue.current(subject), queue.allowed(proposal.changes));
    if (decision.approve && Object.keys(changes.after).length > 0) await queue.apply(tx, changes.after);
    await recordAudit(tx, staff, {
      action: decision.approve ? queue.audit.approve : queue.audit.reject,
      entityType: queue.audit.entityType,
      entityId: queue.audit.entityId,
      ...(decision.approve ? changes : { after: { reason } }),
    });
    await queue.tell(tx, { proposal, subject, changed: changes.after, reason });
    return true;
  });
  if (decided) wakeOutbox();
  return decided;
}

// Members' reports that a business closed (decision 0092). The mark itself,
// "Reported closed — not yet checked", is kept by a trigger
// (app/server/read-models/reported-closed.ts); here are what staff see of the
// reports and their decision, which ends the mark.
import { and, desc, eq, gt, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { directoryBusiness, enquiry, user } from "~/server/schema";

/** The members' closure reports that count towards the business's mark now: since staff last decided. */
export async function closureReportsOf(business: { id: number; closureCheckedAt: Date | null }) {
  return db()
    .select({
      id: enquiry.id,
      createdAt: enquiry.createdAt,
      details: sql<string>`${enquiry.fields}->>'details'`,
      member: user.email,
    })
    .from(enquiry)
    .innerJoin(user, eq(user.id, enquiry.userId))
    .where(
      and(
        eq(enquiry.businessId, business.id),
        // The kind as text, as app/server/read-models/reported-closed.ts says why.
        sql`${enquiry.kind}::text = 'business_report' and ${enquiry.fields}->>'change' = 'closed_down'`,
        isNotNull(enquiry.userId),
        business.closureCheckedAt ? gt(enquiry.createdAt, business.closureCheckedAt) : undefined,
      ),
    )
    .orderBy(desc(enquiry.createdAt))
    .limit(50);
}

export type ClosureDecision = "open" | "closed";

/**
 * Staff's decision on a business reported closed: still open (the mark goes,
 * and the reports so far stop counting), or closed (it leaves the directory
 * as well). Audited; false when the business is not marked any more.
 */
export async function decideClosure(
  staff: { id: string; email: string },
  businessId: number,
  decision: ClosureDecision,
) {
  return db().transaction(async (tx) => {
    const [decided] = await tx
      .update(directoryBusiness)
      .set({
        reportedClosedAt: null,
        closureCheckedAt: new Date(),
        ...(decision === "closed" ? { published: false } : {}),
      })
      .where(and(eq(directoryBusiness.id, businessId), isNotNull(directoryBusiness.reportedClosedAt)))
      .returning({ id: directoryBusiness.id });
    if (!decided) return false;
    await recordAudit(tx, staff, {
      action: decision === "closed" ? "business.closure-confirmed" : "business.closure-dismissed",
      entityType: "business",
      entityId: businessId,
      after: { decision },
    });
    return true;
  });
}

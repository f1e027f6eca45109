// Staff's list of business claims (decision 0036): by default the claims with
// documents waiting for a decision, oldest first, as the queue always was;
// its filter reaches claims by code and the ones already decided.
import { and, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { defineAdminList, orderBy } from "~/features/admin/lists/admin-list.server";
import type { ListParams } from "~/features/admin/lists/list-params";
import { db } from "~/server/db.server";
import { businessClaim, directoryBusiness, user } from "~/server/schema";
import { containsPattern } from "~/server/text-search.server";

export const claimStatusWords = {
  code_sent: "Waiting for the code",
  pending: "Documents to check",
  approved: "Approved",
  rejected: "Rejected",
} as const;

const claimSorts = { sent: businessClaim.updatedAt, business: directoryBusiness.name };
type ClaimSort = keyof typeof claimSorts;
type ClaimFilter = "status";

/**
 * The claims found by what staff typed and in the status chosen. A search
 * looks for the business and the claimant apart, so neither this nor the
 * count joins them: a join of every claim to find a few is what made a
 * search slow.
 */
function claimConditions({ q, filters }: ListParams<ClaimSort, ClaimFilter>) {
  const status = filters.status || "pending";
  const pattern = containsPattern(q);
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          inArray(
            businessClaim.businessId,
            db()
              .select({ id: directoryBusiness.id })
              .from(directoryBusiness)
              // As the directory's own list finds a name, by its trigram index.
              .where(sql`lower(${directoryBusiness.name}) like ${containsPattern(q.toLowerCase())}`),
          ),
          inArray(
            businessClaim.userId,
            db()
              .select({ id: user.id })
              .from(user)
              .where(or(ilike(user.email, pattern), ilike(user.fullName, pattern))),
          ),
          // The claim's id, as its page's address and the audit log show it.
          /^#?\d{1,9}$/.test(q) ? eq(businessClaim.id, Number(q.replace("#", ""))) : undefined,
        )
      : undefined,
    status === "all" ? undefined : eq(businessClaim.status, status as keyof typeof claimStatusWords),
  ];
  return and(...conditions);
}

/** Claims found by business, claimant or id; the documents waiting for staff unless another status is asked for. */
export const claimsList = defineAdminList({
  name: "claims",
  spec: {
    sorts: Object.keys(claimSorts) as ClaimSort[],
    defaultSort: "sent",
    defaultDirection: "asc",
    // "" (the default) is the claims with documents to check.
    filters: { status: ["code_sent", "approved", "rejected", "all"] },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: businessClaim.id,
        business: directoryBusiness.name,
        businessId: directoryBusiness.id,
        claimantId: user.id,
        claimantEmail: user.email,
        claimantName: user.fullName,
        method: businessClaim.method,
        status: businessClaim.status,
        codeEmail: businessClaim.email,
        documents: businessClaim.documents,
        sentAt: businessClaim.updatedAt,
        decidedAt: businessClaim.decidedAt,
        reason: businessClaim.reason,
      })
      .from(businessClaim)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, businessClaim.businessId))
      .innerJoin(user, eq(user.id, businessClaim.userId))
      .where(claimConditions(params))
      .orderBy(...orderBy(claimSorts, params, businessClaim.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(businessClaim).where(claimConditions(params)))[0]!.n,
  csv: [
    ["Id", (c) => c.id],
    ["Business", (c) => c.business],
    ["Claimant e-mail", (c) => c.claimantEmail],
    ["Claimant name", (c) => c.claimantName],
    ["Method", (c) => (c.method === "code" ? "Code" : "Documents")],
    ["Status", (c) => claimStatusWords[c.status]],
    ["Code sent to", (c) => c.codeEmail],
    ["Documents", (c) => c.documents.length],
    ["Sent", (c) => c.sentAt],
    ["Decided", (c) => c.decidedAt],
    ["Reason", (c) => c.reason],
  ],
});

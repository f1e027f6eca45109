// The audit log: every change staff make, with the changed fields before and
// after. Written in the same transaction as the change it describes.
import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { auditLog } from "~/server/schema";
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditAction } from "./audit-actions";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

type Executor = Pick<Database, "insert">;
type Fields = Record<string, unknown>;

export interface AuditEntry {
  /** One of AUDIT_ACTIONS: the log's filter offers exactly those. */
  action: AuditAction;
  entityType: string;
  entityId: string | number;
  before?: Fields | null;
  after?: Fields | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only the fields whose value changed, on each side. */
export function changedFields(before: Fields, after: Fields) {
  const keys = Object.keys(after).filter((key) => !same(before[key], after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** `actor` is the member of staff, or what acted without one ("command line", "scheduled job"). */
export async function recordAudit(
  executor: Executor,
  actor: { id: string; email: string } | string,
  { action, entityType, entityId, before = null, after = null }: AuditEntry,
) {
  await executor.insert(auditLog).values({
    actorId: typeof actor === "string" ? null : actor.id,
    actorEmail: typeof actor === "string" ? actor : actor.email,
    action,
    entityType,
    entityId: String(entityId),
    before,
    after,
  });
}

const auditSorts = { when: auditLog.createdAt, actor: auditLog.actorEmail };
type AuditSort = keyof typeof auditSorts;
type AuditFilter = "kind" | "subject";

function auditConditions({ q, filters }: ListParams<AuditSort, AuditFilter>) {
  // "listing 42", as the log shows an entry's subject.
  const subject = /^(\S+)\s+(\S+)$/.exec(q);
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          ilike(auditLog.actorEmail, containsPattern(q)),
          eq(auditLog.actorId, q),
          ilike(auditLog.action, containsPattern(q)),
          eq(auditLog.entityType, q.toLowerCase()),
          eq(auditLog.entityId, q),
          subject
            ? and(eq(auditLog.entityType, subject[1]!.toLowerCase()), eq(auditLog.entityId, subject[2]!))
            : undefined,
        )
      : undefined,
    filters.kind ? eq(auditLog.action, filters.kind) : undefined,
    filters.subject ? eq(auditLog.entityType, filters.subject) : undefined,
  ];
  return and(...conditions);
}

const json = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** The log, found by who, what or which subject; newest first unless staff choose. */
export const auditList = defineAdminList({
  name: "audit",
  spec: {
    sorts: Object.keys(auditSorts) as AuditSort[],
    defaultSort: "when",
    defaultDirection: "desc",
    filters: { kind: AUDIT_ACTIONS, subject: AUDIT_SUBJECTS },
  },
  rows: (params, limit, offset) =>
    db()
      .select()
      .from(auditLog)
      .where(auditConditions(params))
      .orderBy(...orderBy(auditSorts, params, auditLog.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(auditLog).where(auditConditions(params)))[0]!.n,
  csv: [
    ["Id", (e) => e.id],
    ["When", (e) => e.createdAt],
    ["Actor", (e) => e.actorEmail],
    ["Actor id", (e) => e.actorId],
    ["Action", (e) => e.action],
    ["Subject type", (e) => e.entityType],
    ["Subject id", (e) => e.entityId],
    ["Before", (e) => json(e.before)],
    ["After", (e) => json(e.after)],
  ],
});

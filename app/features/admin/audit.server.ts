// The audit log: every change staff make, with the changed fields before and
// after. Written in the same transaction as the change it describes.
import { desc } from "drizzle-orm";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { auditLog } from "~/server/schema";

type Executor = Pick<Database, "insert">;
type Fields = Record<string, unknown>;

export interface AuditEntry {
  action: string;
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

export function listAudit(limit = 200) {
  return db().select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}

// Recording in the audit log: every change staff, members, Stripe's events
// and the scheduled jobs make, with the changed fields before and after.
// Written in the same transaction as the change it describes, by whichever
// domain makes it; the log's staff page and its words live in app/features/admin.
import type { AuditAction } from "~/lib/audit-actions";
import type { Database } from "./db.server";
import { auditLog } from "./schema";

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

/**
 * `actor` is the member of staff (or member), or what acted without one, as
 * AUTOMATIC_ACTORS names it: "command line", stripeEventActor(…), scheduledJobActor(…).
 */
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

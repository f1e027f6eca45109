// The audit log as staff read it: found, filtered and exported, in words
// (audit-wording.ts, decision 0077). What writes it is recordAudit
// (app/server/audit.server.ts), called by every domain that changes things.
import { and, asc, count, eq, ilike, inArray, isNull, like, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { auditLog, businessListing, directoryBusiness, user } from "~/server/schema";
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, AUTOMATIC_ACTORS, type AutomaticActor } from "~/lib/audit-actions";
import { auditActor, auditSubject, auditTitle, describeChanges, peopleIn } from "./audit-wording";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

const auditSorts = { when: auditLog.createdAt, actor: auditLog.actorEmail };
type AuditSort = keyof typeof auditSorts;
type AuditFilter = "kind" | "subject" | "actor";

const isAutomatic = (actor: string): actor is AutomaticActor => Object.hasOwn(AUTOMATIC_ACTORS, actor);
/** A member's id as the actor filter takes it: anything else reads as no filter. */
const MEMBER_ID = /^[\w.@+-]{1,100}$/;

/** One of the automatic actors (Stripe, the scheduled jobs…), or a member by their id. */
function actorCondition(actor: string) {
  if (!actor) return undefined;
  if (!isAutomatic(actor)) return eq(auditLog.actorId, actor);
  // Recorded as a fixed beginning, then the event or the job: found through the trigram index.
  return and(isNull(auditLog.actorId), like(auditLog.actorEmail, `${AUTOMATIC_ACTORS[actor].recordedAs}%`));
}

/** The actions whose title has `q` in it: staff search by the words the log shows. */
function actionsTitled(q: string) {
  const words = q.toLowerCase();
  return AUDIT_ACTIONS.filter((action) => auditTitle(action).toLowerCase().includes(words));
}

function auditConditions({ q, filters }: ListParams<AuditSort, AuditFilter>) {
  // "listing 42", as the log shows an entry's subject.
  const subject = /^(\S+)\s+(\S+)$/.exec(q);
  const titled = q ? actionsTitled(q) : [];
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          ilike(auditLog.actorEmail, containsPattern(q)),
          eq(auditLog.actorId, q),
          ilike(auditLog.action, containsPattern(q)),
          titled.length ? inArray(auditLog.action, titled) : undefined,
          eq(auditLog.entityType, q.toLowerCase()),
          eq(auditLog.entityId, q),
          subject
            ? and(eq(auditLog.entityType, subject[1]!.toLowerCase()), eq(auditLog.entityId, subject[2]!))
            : undefined,
        )
      : undefined,
    filters.kind ? eq(auditLog.action, filters.kind) : undefined,
    filters.subject ? eq(auditLog.entityType, filters.subject) : undefined,
    actorCondition(filters.actor),
  ];
  return and(...conditions);
}

const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
const numericId = (id: string) => (/^\d{1,9}$/.test(id) ? [Number(id)] : []);

/** A member's name as the log shows it: their full name, else their e-mail. */
const personName = sql<string>`coalesce(nullif(trim(${user.fullName}), ''), nullif(trim(${user.name}), ''), ${user.email})`;

type AuditRow = typeof auditLog.$inferSelect;

/**
 * The rows in words (audit-wording.ts), with the names they mention looked up
 * together: one query each for the members, listings and businesses of the
 * whole page or export batch, not one a row.
 */
async function inWords(rows: AuditRow[]) {
  const people = [...new Set(rows.flatMap(peopleIn))];
  const ofType = (type: string) => [
    ...new Set(rows.flatMap((row) => (row.entityType === type ? numericId(row.entityId) : []))),
  ];
  const listings = ofType("listing");
  const businesses = ofType("business");
  const [personRows, listingRows, businessRows] = await Promise.all([
    people.length ? db().select({ id: user.id, name: personName }).from(user).where(inArray(user.id, people)) : [],
    listings.length
      ? db()
          .select({ id: businessListing.id, name: businessListing.title })
          .from(businessListing)
          .where(inArray(businessListing.id, listings))
      : [],
    businesses.length
      ? db()
          .select({ id: directoryBusiness.id, name: directoryBusiness.name })
          .from(directoryBusiness)
          .where(inArray(directoryBusiness.id, businesses))
      : [],
  ]);
  const byId = (found: { id: string | number; name: string }[]) => new Map(found.map((r) => [String(r.id), r.name]));
  const names = { people: byId(personRows), listings: byId(listingRows), businesses: byId(businessRows) };
  return rows.map((row) => ({
    ...row,
    title: auditTitle(row.action),
    changes: describeChanges(row, names.people),
    actor: auditActor(row.actorId, row.actorEmail, names.people),
    subject: auditSubject(row, names),
  }));
}

/** The log, found by who, what or which subject; newest first unless staff choose. */
export const auditList = defineAdminList({
  name: "audit",
  spec: {
    sorts: Object.keys(auditSorts) as AuditSort[],
    defaultSort: "when",
    defaultDirection: "desc",
    filters: {
      kind: AUDIT_ACTIONS,
      subject: AUDIT_SUBJECTS,
      actor: (actor) => isAutomatic(actor) || MEMBER_ID.test(actor),
    },
  },
  rows: async (params, limit, offset) =>
    inWords(
      await db()
        .select()
        .from(auditLog)
        .where(auditConditions(params))
        .orderBy(...orderBy(auditSorts, params, auditLog.id))
        .limit(limit)
        .offset(offset),
    ),
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
    ["What happened", (e) => `${e.title}: ${e.subject.label}`],
    ["What changed", (e) => e.changes.join("; ")],
  ],
});

/**
 * The actor filter's choices: Stripe, the scheduled jobs and the rest that
 * act by themselves, then each member of staff; and the member chosen from a
 * row of the log, who may not be staff, so that the filter shows them.
 */
export async function auditActorChoices(chosen: string): Promise<[value: string, label: string][]> {
  const people = await db()
    .select({ id: user.id, name: personName })
    .from(user)
    .where(or(eq(user.role, "admin"), chosen && !isAutomatic(chosen) ? eq(user.id, chosen) : undefined))
    .orderBy(asc(personName), asc(user.id));
  return [
    ...Object.entries(AUTOMATIC_ACTORS).map(([key, actor]): [string, string] => [key, actor.label]),
    ...people.map((person): [string, string] => [person.id, person.name]),
  ];
}

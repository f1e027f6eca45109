// Staff's inbox: every enquiry and submission, filtered and searched, with
// its status and internal notes. Status changes show in the sender's My Queries.
import { and, count, eq, ilike, or, sql } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { enquiryReference, enquirySender } from "~/features/enquiries/emails.server";
import {
  enquiryKindLabels,
  enquiryStatusLabels,
  type EnquiryKind,
  type EnquiryStatus,
} from "~/features/enquiries/enquiry-kinds";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { enquiry, enquiryNote, user } from "~/server/schema";
import { recordAudit } from "~/server/audit.server";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

const enquirySorts = {
  received: enquiry.createdAt,
  subject: enquiry.subject,
  status: enquiry.status,
  kind: enquiry.kind,
};
type EnquirySort = keyof typeof enquirySorts;
type EnquiryFilter = "kind" | "status";
type EnquiryParams = ListParams<EnquirySort, EnquiryFilter>;

/** What staff typed: the subject, anything the sender wrote (name and e-mail among it), or the reference. */
function searchCondition(q: string) {
  if (!q) return undefined;
  // "HBS-000042" (the reference in the e-mails), or 42 as the audit log shows it, finds that enquiry.
  const reference = /^(?:HBS-?)?0*(\d{1,9})$/i.exec(q);
  const pattern = containsPattern(q);
  return or(
    ilike(enquiry.subject, pattern),
    sql`${enquiry.fields}::text ilike ${pattern}`,
    reference ? eq(enquiry.id, Number(reference[1])) : undefined,
  );
}

function enquiryConditions({ q, filters }: Pick<EnquiryParams, "q" | "filters">) {
  return and(
    searchCondition(q),
    filters.kind ? eq(enquiry.kind, filters.kind as EnquiryKind) : undefined,
    filters.status ? eq(enquiry.status, filters.status as EnquiryStatus) : undefined,
  );
}

/** Every enquiry and submission, found by what was sent or its reference; of a kind; in a status. */
export const enquiriesList = defineAdminList({
  name: "enquiries",
  spec: {
    sorts: Object.keys(enquirySorts) as EnquirySort[],
    defaultSort: "received",
    defaultDirection: "desc",
    filters: {
      kind: Object.keys(enquiryKindLabels) as EnquiryKind[],
      status: Object.keys(enquiryStatusLabels) as EnquiryStatus[],
    },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: enquiry.id,
        kind: enquiry.kind,
        subject: enquiry.subject,
        status: enquiry.status,
        createdAt: enquiry.createdAt,
        fields: enquiry.fields,
      })
      .from(enquiry)
      .where(enquiryConditions(params))
      .orderBy(...orderBy(enquirySorts, params, enquiry.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(enquiry).where(enquiryConditions(params)))[0]!.n,
  csv: [
    ["Reference", (e) => enquiryReference(e.id)],
    ["Kind", (e) => enquiryKindLabels[e.kind]],
    ["Subject", (e) => e.subject],
    ["Status", (e) => enquiryStatusLabels[e.status]],
    ["Sender's name", (e) => enquirySender(e.kind, e.fields).name],
    ["Sender's e-mail", (e) => enquirySender(e.kind, e.fields).email],
    ["Received", (e) => e.createdAt],
  ],
});

/** How many enquiries of each status the search and kind find, whatever status is chosen. */
export async function countEnquiriesByStatus({ q, filters }: EnquiryParams) {
  const rows = await db()
    .select({ status: enquiry.status, count: count() })
    .from(enquiry)
    .where(enquiryConditions({ q, filters: { ...filters, status: "" } }))
    .groupBy(enquiry.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.count])) as Partial<Record<EnquiryStatus, number>>;
}

export async function getEnquiry(id: number) {
  const [row] = await db().select().from(enquiry).where(eq(enquiry.id, id)).limit(1);
  if (!row) return null;
  const notes = await db()
    .select({ id: enquiryNote.id, body: enquiryNote.body, createdAt: enquiryNote.createdAt, author: user.email })
    .from(enquiryNote)
    .leftJoin(user, eq(user.id, enquiryNote.authorId))
    .where(eq(enquiryNote.enquiryId, id))
    .orderBy(enquiryNote.createdAt, enquiryNote.id);
  return { enquiry: row, notes };
}

export async function setEnquiryStatus(admin: SessionUser, id: number, status: EnquiryStatus) {
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ status: enquiry.status }).from(enquiry).where(eq(enquiry.id, id));
    if (!before) return false;
    if (before.status === status) return true;
    await tx.update(enquiry).set({ status }).where(eq(enquiry.id, id));
    await recordAudit(tx, admin, {
      action: "enquiry.status",
      entityType: "enquiry",
      entityId: id,
      before,
      after: { status },
    });
    return true;
  });
}

export async function addEnquiryNote(admin: SessionUser, id: number, body: string) {
  return db().transaction(async (tx) => {
    const [found] = await tx.select({ id: enquiry.id }).from(enquiry).where(eq(enquiry.id, id));
    if (!found) return false;
    const [note] = await tx
      .insert(enquiryNote)
      .values({ enquiryId: id, authorId: admin.id, body })
      .returning({ id: enquiryNote.id });
    await recordAudit(tx, admin, {
      action: "enquiry.note",
      entityType: "enquiry",
      entityId: id,
      after: { noteId: note!.id, body },
    });
    return true;
  });
}

// Staff's inbox: every enquiry and submission, filtered and searched, with
// its status and internal notes. Status changes show in the sender's My Queries.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import type { EnquiryKind, EnquiryStatus } from "~/features/enquiries/enquiry-kinds";
import { db } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import { enquiry, enquiryNote, user } from "~/server/schema";
import { recordAudit } from "./audit.server";

export interface EnquiryFilter {
  kind?: EnquiryKind;
  status?: EnquiryStatus;
  q?: string;
}

const PAGE_SIZE = 100;

function filterConditions({ kind, status, q }: EnquiryFilter) {
  const conditions: SQL[] = [];
  if (kind) conditions.push(eq(enquiry.kind, kind));
  if (status) conditions.push(eq(enquiry.status, status));
  const query = q?.trim();
  if (query) {
    // "HBS-000042" (the reference in the e-mails) finds that enquiry.
    const reference = /^HBS-?0*(\d{1,9})$/i.exec(query);
    const pattern = containsPattern(query);
    conditions.push(
      or(
        ilike(enquiry.subject, pattern),
        sql`${enquiry.fields}::text ilike ${pattern}`,
        ...(reference ? [eq(enquiry.id, Number(reference[1]))] : []),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function listEnquiries(filter: EnquiryFilter) {
  return db()
    .select({
      id: enquiry.id,
      kind: enquiry.kind,
      subject: enquiry.subject,
      status: enquiry.status,
      createdAt: enquiry.createdAt,
      fields: enquiry.fields,
    })
    .from(enquiry)
    .where(filterConditions(filter))
    .orderBy(desc(enquiry.createdAt), desc(enquiry.id))
    .limit(PAGE_SIZE);
}

export async function countEnquiriesByStatus(filter: Omit<EnquiryFilter, "status">) {
  const rows = await db()
    .select({ status: enquiry.status, count: count() })
    .from(enquiry)
    .where(filterConditions(filter))
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

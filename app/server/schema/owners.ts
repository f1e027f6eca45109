// Owners: members' claims to directory businesses and their proposed halal evidence (decision 0036).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";
import { revisionStatus, timestamps } from "./shared";

export const claimMethod = pgEnum("business_claim_method", ["code", "documents"]);

/** code_sent: waiting for the e-mailed code; pending: documents waiting for staff. */
export const claimStatus = pgEnum("business_claim_status", ["code_sent", "pending", "approved", "rejected"]);

/**
 * A member's request to own a directory business. By code: only the code's
 * SHA-256 is kept, with its expiry and the wrong tries so far; it works once.
 * By documents: their stored names (private storage) for staff to check. An
 * approval sets `directory_business.owner_id`, the one owner.
 */
export const businessClaim = pgTable(
  "business_claim",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    method: claimMethod("method").notNull(),
    status: claimStatus("status").notNull(),
    // The address at the business's domain the code went to.
    email: text("email"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    documents: jsonb("documents").$type<string[]>().notNull().default([]),
    note: text("note"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open claim per member and business: a new code replaces the old one.
    uniqueIndex("business_claim_open_idx")
      .on(t.businessId, t.userId)
      .where(sql`${t.status} in ('code_sent', 'pending')`),
    index("business_claim_user_idx").on(t.userId),
    index("business_claim_status_idx").on(t.status, t.updatedAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("business_claim_updated_idx").on(t.updatedAt, t.id),
    index("business_claim_business_idx").on(t.businessId),
  ],
);

/**
 * An owner's proposed halal evidence, held for staff (the evidence must stay
 * independent of the owner): one waits per business, a newer one replaces it.
 */
export const halalProposal = pgTable(
  "business_halal_proposal",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    status: revisionStatus("status").notNull().default("pending"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("business_halal_proposal_pending_idx")
      .on(t.businessId)
      .where(sql`${t.status} = 'pending'`),
    index("business_halal_proposal_status_idx").on(t.status, t.updatedAt),
  ],
);

export const submissionStatus = pgEnum("business_submission_status", ["pending", "approved", "merged", "rejected"]);

/**
 * A business a member added (decision 0095). What they sent waits as an
 * unpublished directory business, `business_id`, which staff may correct;
 * `sent` keeps it as sent, for the record, when a merge or a rejection
 * deletes that draft. Approval publishes it with the member as its owner; a
 * merge makes them the owner of the existing business `business_id` then
 * names. Proof as a claim's: documents, or a code e-mailed to an address at
 * the website's domain (its keyed hash, expiry and wrong tries), proved once
 * `proved_at` is set.
 */
export const businessSubmission = pgTable(
  "business_submission",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    businessId: integer("business_id").references(() => directoryBusiness.id, { onDelete: "set null" }),
    status: submissionStatus("status").notNull().default("pending"),
    sent: jsonb("sent").$type<Record<string, unknown>>().notNull(),
    documents: jsonb("documents").$type<string[]>().notNull().default([]),
    note: text("note"),
    proofEmail: text("proof_email"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    provedAt: timestamp("proved_at", { withTimezone: true }),
    reason: text("reason"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("business_submission_status_idx").on(t.status, t.createdAt, t.id),
    index("business_submission_user_idx").on(t.userId),
    index("business_submission_business_idx").on(t.businessId),
  ],
);

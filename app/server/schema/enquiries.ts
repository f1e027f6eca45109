// Enquiries: what visitors send through the site's forms, and staff's notes on them.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";
import { businessListing } from "./marketplace";
import { timestamps } from "./shared";

export const enquiryKind = pgEnum("enquiry_kind", [
  "listing_interest",
  "package_interest",
  "contact",
  "listing_submission",
  "business_report",
  // A service plan bought online: the work it asks of staff (decision 0026).
  "package_order",
  // A diner's suggestion of a place the directory is missing (decision 0092).
  "place_suggestion",
]);
export const enquiryStatus = pgEnum("enquiry_status", ["new", "in_progress", "closed"]);

export const enquiry = pgTable(
  "enquiry",
  {
    id: serial("id").primaryKey(),
    kind: enquiryKind("kind").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // What it is about, as lists show it: the listing's title, the package's
    // name, the message's subject or the business offered for sale.
    subject: text("subject").notNull(),
    // What the visitor submitted, exactly as validated.
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    listingId: integer("listing_id").references(() => businessListing.id, {
      onDelete: "set null",
    }),
    // Shown to the listing's seller: only interest registered under the line that says so (UK GDPR).
    sharedWithSeller: boolean("shared_with_seller").notNull().default(false),
    // A visitor's report of a change to a directory business.
    businessId: integer("business_id").references(() => directoryBusiness.id, { onDelete: "set null" }),
    status: enquiryStatus("status").notNull().default("new"),
    ...timestamps,
  },
  (t) => [
    index("enquiry_user_created_idx").on(t.userId, t.createdAt),
    index("enquiry_kind_status_created_idx").on(t.kind, t.status, t.createdAt),
    index("enquiry_listing_idx").on(t.listingId, t.createdAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("enquiry_created_idx").on(t.createdAt, t.id),
    index("enquiry_status_created_idx").on(t.status, t.createdAt, t.id),
    index("enquiry_subject_idx").on(t.subject, t.id),
    index("enquiry_status_idx").on(t.status, t.id),
    index("enquiry_kind_idx").on(t.kind, t.id),
    index("enquiry_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    index("enquiry_fields_trgm_idx").using("gin", sql`(${t.fields}::text) gin_trgm_ops`),
    // Members' reports that a business closed, counted towards its mark
    // (decision 0092). Only a "Report a change" has a change in its fields;
    // its kind is left out, as enum_out is not immutable.
    index("enquiry_closure_report_idx")
      .on(t.businessId, t.createdAt)
      .where(sql`${t.fields}->>'change' = 'closed_down' and ${t.userId} is not null`),
    // A signed-out seller's listings find their account by the submission's contact e-mail.
    index("enquiry_submission_email_idx")
      .on(sql`lower(${t.fields}->>'contactEmail')`)
      .where(sql`${t.kind} = 'listing_submission'`),
  ],
);

/** Staff's own notes on an enquiry; the sender never sees them. */
export const enquiryNote = pgTable(
  "enquiry_note",
  {
    id: serial("id").primaryKey(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiry.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_note_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

// Figures checked by HBS (decision 0087): the evidence a seller sends for a listing's turnover and net
// profit, kept in the private storage area, and staff's record of each check made against it.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./account";
import { businessListing } from "./marketplace";

export const evidenceKind = pgEnum("listing_evidence_kind", ["accounts", "accountant_letter", "vat_returns", "other"]);

/** One file a seller sent: private to the seller and staff, stored under its random name. */
export const listingEvidence = pgTable(
  "listing_evidence",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    kind: evidenceKind("kind").notNull(),
    // The object's name in the private area's evidence folder: 32 hex digits and the extension of its type.
    storedName: text("stored_name").notNull().unique(),
    // What its first bytes say it is, never what the browser said: application/pdf, image/jpeg, image/png or image/webp.
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    // As the seller's computer named it, for the seller and staff to recognise; never a path.
    originalName: text("original_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_evidence_listing_idx").on(t.listingId, t.createdAt)],
);

/**
 * A check by staff of a listing's figures against its evidence: which figures, for which financial
 * year, and the listing's turnover and net profit as they were checked. The listing's
 * figures_checked_at is the latest check whose figures are still the listing's.
 */
export const listingFiguresCheck = pgTable(
  "listing_figures_check",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    staffId: text("staff_id").references(() => user.id, { onDelete: "set null" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
    // The last day of the financial year the evidence covers.
    yearEnded: date("year_ended", { mode: "string" }).notNull(),
    turnoverChecked: boolean("turnover_checked").notNull(),
    netProfitChecked: boolean("net_profit_checked").notNull(),
    annualRevenuePence: integer("annual_revenue_pence"),
    netProfitPence: integer("net_profit_pence"),
    // For staff: what was compared, and with what.
    note: text("note").notNull().default(""),
  },
  (t) => [
    index("listing_figures_check_listing_idx").on(t.listingId, t.checkedAt),
    check("listing_figures_check_something", sql`${t.turnoverChecked} or ${t.netProfitChecked}`),
  ],
);

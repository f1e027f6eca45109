// Selling: sellers' changes waiting for staff and the "still available?" links (decision 0030).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { businessListing } from "./marketplace";
import { revisionStatus, timestamps } from "./shared";

/**
 * A seller's changes to a published listing, waiting for staff while the
 * published version stays live. At most one waits per listing: a newer edit
 * replaces it.
 */
export const listingRevision = pgTable(
  "listing_revision",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    // The listing's columns as the seller wants them, only those the seller may change.
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    status: revisionStatus("status").notNull().default("pending"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("listing_revision_pending_idx")
      .on(t.listingId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The link in a "still available?" e-mail: only a hash of its secret is
 * kept. Used once, for either answer, before it expires.
 */
export const listingCheckLink = pgTable(
  "listing_check_link",
  {
    tokenHash: text("token_hash").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_check_link_listing_idx").on(t.listingId)],
);

// Offers a buyer and a seller make inside their message thread (decision 0088).
import { index, integer, pgEnum, pgTable, serial, text, timestamp, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "./account";
import { businessListing } from "./marketplace";
import { messageThread } from "./messages";

export const offerSide = pgEnum("offer_side", ["buyer", "seller"]);
// An open offer past its expiry is read as expired; nothing rewrites it.
export const offerStatus = pgEnum("offer_status", ["open", "accepted", "declined", "countered", "withdrawn"]);

/**
 * One amount put to the other side of a thread: a buyer's offer, or either side's counter to the
 * last one (counter_of). Private to the thread's two members and staff.
 */
export const offer = pgTable(
  "offer",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThread.id, { onDelete: "cascade" }),
    // The thread's listing, kept here so that the listing's count of offers is kept without a join.
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    madeBy: offerSide("made_by").notNull(),
    madeById: text("made_by_id").references(() => user.id, { onDelete: "set null" }),
    amountPence: integer("amount_pence").notNull(),
    conditions: text("conditions"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    status: offerStatus("status").notNull().default("open"),
    counterOfId: integer("counter_of_id").references((): AnyPgColumn => offer.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("offer_thread_created_idx").on(t.threadId, t.createdAt), index("offer_listing_idx").on(t.listingId)],
);

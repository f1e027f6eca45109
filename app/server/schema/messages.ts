// Messages between buyers and sellers (decision 0032), with members' blocks and reports to staff.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./account";
import { businessListing } from "./marketplace";

const NEVER = sql`'1970-01-01T00:00:00Z'::timestamptz`;

/**
 * A buyer's conversation about one listing: with its seller, or with HBS
 * staff when the listing has no seller account (seller_id null). Each side's
 * read mark says what it has seen; "notified" when it was last e-mailed.
 */
export const messageThread = pgTable(
  "message_thread",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true }).notNull().default(NEVER),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true }).notNull().default(NEVER),
    buyerNotifiedAt: timestamp("buyer_notified_at", { withTimezone: true }),
    sellerNotifiedAt: timestamp("seller_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_thread_listing_buyer_idx").on(t.listingId, t.buyerId),
    index("message_thread_buyer_idx").on(t.buyerId, t.lastMessageAt),
    index("message_thread_seller_idx").on(t.sellerId, t.lastMessageAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("message_thread_last_idx").on(t.lastMessageAt, t.id),
    index("message_thread_started_idx").on(t.createdAt, t.id),
  ],
);

export const message = pgTable(
  "message",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThread.id, { onDelete: "cascade" }),
    // Null once the sender's account is gone; from_staff marks HBS's own answers.
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_thread_created_idx").on(t.threadId, t.createdAt)],
);

/** A member who will not hear from another: no new messages either way. */
export const memberBlock = pgTable(
  "member_block",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

export const threadReportStatus = pgEnum("thread_report_status", ["open", "resolved"]);

/** A thread reported to staff by one of its members. */
export const threadReport = pgTable(
  "thread_report",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThread.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: threadReportStatus("status").notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("thread_report_status_created_idx").on(t.status, t.createdAt),
    // The back office's messages list finds a thread's reports (decision 0075).
    index("thread_report_thread_idx").on(t.threadId),
  ],
);

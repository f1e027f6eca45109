// Reviews of directory businesses (docs/decisions/0035-reviews.md) and reports of them.
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";
import { timestamps } from "./shared";

export const reviewStatus = pgEnum("review_status", ["published", "held", "removed"]);

/**
 * A member's review of a directory business: one per member and business.
 * Held reviews wait for staff with the reasons the checks found; removed ones
 * stay for the record (and the reviewer's e-mail) but are never shown.
 */
export const review = pgTable(
  "review",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    // The first day of the month of the visit, when given.
    visitedOn: date("visited_on"),
    status: reviewStatus("status").notNull(),
    holdReasons: text("hold_reasons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A hash of the text with case, punctuation and spacing taken out: the same words are the same review.
    fingerprint: text("fingerprint").notNull(),
    // A keyed hash of the network it was sent from, never the address.
    networkHash: text("network_hash").notNull(),
    removalReason: text("removal_reason"),
    removedAsFake: boolean("removed_as_fake").notNull().default(false),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    // The business owner's one public reply (decision 0038): it belongs to the
    // review, so it goes with it, and is read with it without another query.
    replyBody: text("reply_body"),
    replyBy: text("reply_by").references(() => user.id, { onDelete: "set null" }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    replyEditedAt: timestamp("reply_edited_at", { withTimezone: true }),
    // Off every public page while its author's (or its reply's author's) account is
    // suspended (decision 0078); its status, staff's decision, stays as it is.
    hiddenBySuspension: boolean("hidden_by_suspension").notNull().default(false),
    replyHiddenBySuspension: boolean("reply_hidden_by_suspension").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("review_business_user_idx").on(t.businessId, t.userId),
    // A business page's reviews, newest first; the few a business has are sorted by stars in memory.
    index("review_business_newest_idx").on(t.businessId, t.status, t.createdAt.desc(), t.id.desc()),
    // The staff queue of held reviews, oldest first.
    index("review_held_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'held'`),
    index("review_decided_idx")
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    index("review_fingerprint_idx").on(t.fingerprint),
    index("review_network_idx").on(t.businessId, t.networkHash, t.createdAt),
    index("review_user_idx").on(t.userId),
    // The replies an owner wrote: their back-office page and their suspension (decision 0078).
    index("review_reply_by_idx")
      .on(t.replyBy)
      .where(sql`${t.replyBy} is not null`),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("review_created_idx").on(t.createdAt, t.id),
    index("review_rating_idx").on(t.rating, t.id),
  ],
);

/**
 * A photo under a review (issue #47, decision 0093): up to four a review,
 * re-encoded without their metadata, in the public uploads' `reviews` folder
 * under `name`. Shown with their review; staff may remove one and leave the review.
 */
export const reviewPhoto = pgTable(
  "review_photo",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    name: text("name").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_photo_review_idx").on(t.reviewId, t.id)],
);

export const reviewReportStatus = pgEnum("review_report_status", ["open", "dismissed", "upheld"]);

/** A review reported by anyone (signed out too); the review stays up until staff decide. */
export const reviewReport = pgTable(
  "review_report",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    // A report of one of the review's photos; null once staff removed it (the report stays, upheld).
    photoId: integer("photo_id").references(() => reviewPhoto.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: reviewReportStatus("status").notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_report_open_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index("review_report_review_idx").on(t.reviewId),
  ],
);

// A listing's data room (decision 0089): documents its seller shares with the buyers they admit,
// who asked after accepting the listing's NDA, and every look at them.
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./account";
import { businessListing } from "./marketplace";

export const dataRoomDocumentKind = pgEnum("data_room_document_kind", [
  "accounts",
  "lease",
  "licence",
  "inventory",
  "other",
]);

/** A document, kept in the private storage area under storage_key; never public. */
export const dataRoomDocument = pgTable(
  "data_room_document",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    kind: dataRoomDocumentKind("kind").notNull(),
    title: text("title").notNull(),
    contentType: text("content_type").$type<"application/pdf" | "image/jpeg">().notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_room_document_listing_idx").on(t.listingId, t.uploadedAt)],
);

export const dataRoomAccessStatus = pgEnum("data_room_access_status", [
  "requested",
  "admitted",
  "refused",
  "withdrawn",
]);

/** A buyer's place in a listing's data room: asked, let in, turned away, or let in and then shut out. */
export const dataRoomAccess = pgTable(
  "data_room_access",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: dataRoomAccessStatus("status").notNull().default("requested"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("data_room_access_listing_buyer_idx").on(t.listingId, t.buyerId),
    index("data_room_access_buyer_idx").on(t.buyerId),
  ],
);

export const dataRoomActivityAction = pgEnum("data_room_activity_action", ["view", "download"]);

/**
 * Every view and download of a data room's documents, for its seller: who, what, when. The title and the
 * buyer's name are copied, so the record outlives a document the seller removes.
 */
export const dataRoomActivity = pgTable(
  "data_room_activity",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    documentId: integer("document_id").references(() => dataRoomDocument.id, { onDelete: "set null" }),
    documentTitle: text("document_title").notNull(),
    buyerId: text("buyer_id").references(() => user.id, { onDelete: "set null" }),
    buyerName: text("buyer_name").notNull(),
    action: dataRoomActivityAction("action").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("data_room_activity_listing_idx").on(t.listingId, t.at)],
);

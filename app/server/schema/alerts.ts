// Saved searches and their alerts (docs/decisions/0031-saved-searches-and-alerts.md).
import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./account";
import { businessListing } from "./marketplace";
import { timestamps } from "./shared";

export const alertFrequency = pgEnum("alert_frequency", ["instant", "daily", "weekly", "off"]);

/** A member's /buy filters under a name, kept as /buy's canonical query string. */
export const savedSearch = pgTable(
  "saved_search",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    frequency: alertFrequency("frequency").notNull().default("daily"),
    // Listings published after this (less a margin) are news for the next alert.
    checkedThrough: timestamp("checked_through", { withTimezone: true }).notNull().defaultNow(),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("saved_search_user_idx").on(t.userId), index("saved_search_frequency_idx").on(t.frequency, t.id)],
);

/** Each listing an alert has told of, once per search: the primary key is the guarantee. */
export const savedSearchSent = pgTable(
  "saved_search_sent",
  {
    searchId: integer("search_id")
      .notNull()
      .references(() => savedSearch.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.listingId] }), index("saved_search_sent_listing_idx").on(t.listingId)],
);

// Page views (decision 0024): who viewed a listing's or a directory business's page each day, and the daily counts.
import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { directoryBusiness } from "./directory";
import { businessListing } from "./marketplace";

/**
 * Who has viewed a listing on a UK day, as a keyed hash of their address and
 * browser that changes every day: never the address itself. The primary key
 * counts a visitor at most once a day, whichever server saw them. Kept a few
 * days only (the housekeeping job); the counts stay in `listing_view_day`.
 */
export const listingView = pgTable(
  "listing_view",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitorHash] }), index("listing_view_day_idx").on(t.day)],
);

/** Views of a listing per UK day: what the seller's dashboard charts, one row a day. */
export const listingViewDay = pgTable(
  "listing_view_day",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  // By day too: /promote reads one month of every listing's counts (decision 0070).
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index("listing_view_day_by_day_idx").on(t.day)],
);

/** Visitors of a business's page per UK day, hashed as for listings (decision 0024). */
export const businessView = pgTable(
  "business_view",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.visitorHash] }), index("business_view_day_idx").on(t.day)],
);

/** Views of a business's page per UK day: what its owner sees. */
export const businessViewDay = pgTable(
  "business_view_day",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  // By day too: /promote reads one month of every business's counts (decision 0070).
  (t) => [primaryKey({ columns: [t.businessId, t.day] }), index("business_view_day_by_day_idx").on(t.day)],
);

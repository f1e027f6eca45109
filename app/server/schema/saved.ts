// What members keep: saved listings and favourite businesses.
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";
import { businessListing } from "./marketplace";

export const savedListing = pgTable(
  "saved_listing",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // What the member's alerts last told them of this listing (decision 0031): a lower price or
    // a different under-offer date than these is news for their next alert. Null: not yet noted.
    pricePenceSeen: integer("price_pence_seen"),
    underOfferAtSeen: timestamp("under_offer_at_seen", { withTimezone: true }),
  },
  (t) => [uniqueIndex("saved_listing_user_listing_idx").on(t.userId, t.listingId)],
);

export const favouriteBusiness = pgTable(
  "favourite_business",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favourite_business_user_business_idx").on(t.userId, t.businessId),
    // The owner's count of favourites over the last 30 days (decision 0036).
    index("favourite_business_business_idx").on(t.businessId, t.createdAt),
  ],
);

// Column helpers and enums that the tables of several domains use.
import { sql, type SQL } from "drizzle-orm";
import { pgEnum, timestamp } from "drizzle-orm/pg-core";

export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// A listing's and a directory business's halal status.
export const halalStatus = pgEnum("halal_status", ["fully_halal", "halal_options"]);

// A lower-cased text's words, split where pg_trgm splits them: the words in
// which a typo'd search word is looked for, through search_word (decision 0056).
export const wordsOf = (text: SQL): SQL => sql`array_remove(regexp_split_to_array(${text}, '[^[:alnum:]]+'), '')`;

// What a paid promotion package buys (decision 0026): a place in the lists'
// showcase (featured first, with the badge), or that and the home page spotlight.
// Ordered, so max() picks the strongest of several paid packages.
export const promotionLevel = pgEnum("promotion_level", ["showcase", "spotlight"]);

// A seller's changes to a listing and an owner's halal proposal, as staff decide them.
export const revisionStatus = pgEnum("listing_revision_status", ["pending", "approved", "rejected"]);

// Tables kept by triggers from other tables' rows, never written by the application: the directory's
// counts and the search words. Each names its file in app/server/read-models/.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { directoryCategory } from "./directory";

/**
 * How many published businesses' weekly opening begins (+) and ends (−) at
 * each minute of the week, by category and whether they are featured: the
 * number open at minute m is the sum of the rows up to m (decisions 0053,
 * 0060). Triggers add a row for each minute a statement changed, from
 * directory_business.open_week (migrations 0032, 0040); rows are only ever
 * added, so writers never wait for each other, and housekeeping sums them
 * up (compactDirectoryCounts). A read model: its triggers and rebuild are in
 * app/server/read-models/open-week-change.ts.
 */
export const openWeekChange = pgTable(
  "open_week_change",
  {
    category: directoryCategory("category").notNull(),
    showcased: boolean("showcased").notNull(),
    minute: integer("minute").notNull(),
    businesses: integer("businesses").notNull(),
  },
  (t) => [index("open_week_change_minute_idx").on(t.minute, t.category, t.showcased, t.businesses)],
);

/**
 * How many businesses are published in each category, kept as changes: the
 * directory's size is the sum of the rows, where counting it read an entry
 * of an index for each of its businesses (decision 0058). Triggers add a row
 * for each category a statement changed (migration 0038); as with
 * open_week_change, rows are only ever added and housekeeping sums them up.
 * A read model: app/server/read-models/published-business-change.ts.
 */
export const publishedBusinessChange = pgTable(
  "published_business_change",
  {
    category: directoryCategory("category").notNull(),
    businesses: integer("businesses").notNull(),
  },
  (t) => [index("published_business_change_category_idx").on(t.category, t.businesses)],
);

/**
 * Every word of the listings' titles (with category label and town) and of
 * the businesses' names, kept by triggers (migrations 0034, 0036). A typo'd search
 * word is looked up here, among short words, by trigram similarity; the rows
 * holding the words found are then read from their words' indexes, where
 * word similarity tested on each candidate row cost a millisecond for every
 * hundred rows (decision 0056). Never pruned: a word no row holds any more
 * finds nothing. A read model: app/server/read-models/search-word.ts.
 */
export const searchWord = pgTable("search_word", { word: text("word").primaryKey() }, (t) => [
  index("search_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

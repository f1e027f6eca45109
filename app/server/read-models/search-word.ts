// search_word: every word of the listings' titles (with category label and
// town, or a confidential listing's generic title and postcode district) and
// of the businesses' names, from their generated word arrays
// business_listing.search_title_words and directory_business.name_words
// (app/server/schema/marketplace.ts and directory.ts).
//
// Why: a typo'd search word is looked up among these few thousand words by
// trigram similarity, and the rows holding the words found are read from
// their arrays' indexes (decision 0056): matchesAllWords in
// app/server/text-search.server.ts, for /buy's and the directory's search box.
//
// Kept once a statement that inserts rows, and for each updated row whose
// words changed (a row trigger whose WHEN skips the many updates that leave
// the words alone, migration 0036). Words are added in order, so that two
// writers adding the same new words wait for each other rather than
// deadlock. Never pruned by the triggers: a word no row holds any more finds
// nothing, so a reader sees only the words some row holds; the rebuild
// leaves exactly those.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

/** Every word some listing or business holds. */
const heldWords = `SELECT w FROM "business_listing", unnest("search_title_words") w
  UNION SELECT w FROM "directory_business", unnest("name_words") w`;

export const searchWord: ReadModel = {
  name: "search_word",
  functions: [
    // TG_ARGV[0]: the table's words column.
    `CREATE OR REPLACE FUNCTION "hbs_search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO "search_word" ("word") SELECT DISTINCT w FROM "new_rows", unnest("new_rows".%I) w ORDER BY w ON CONFLICT DO NOTHING',
    TG_ARGV[0]);
  RETURN NULL;
END $$;`,
    `CREATE OR REPLACE FUNCTION "hbs_search_words_follow_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO "search_word" ("word") SELECT DISTINCT w FROM unnest(($1).%I) w ORDER BY w ON CONFLICT DO NOTHING',
    TG_ARGV[0]) USING NEW;
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_listing_search_words_insert" AFTER INSERT ON "business_listing"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('search_title_words');`,
    `CREATE TRIGGER "business_listing_search_words_update" AFTER UPDATE ON "business_listing"
  FOR EACH ROW WHEN (OLD."search_title_words" IS DISTINCT FROM NEW."search_title_words")
  EXECUTE FUNCTION "hbs_search_words_follow_row"('search_title_words');`,
    `CREATE TRIGGER "directory_business_search_words_insert" AFTER INSERT ON "directory_business"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('name_words');`,
    `CREATE TRIGGER "directory_business_search_words_update" AFTER UPDATE ON "directory_business"
  FOR EACH ROW WHEN (OLD."name_words" IS DISTINCT FROM NEW."name_words")
  EXECUTE FUNCTION "hbs_search_words_follow_row"('name_words');`,
  ],
  rebuild: [
    `LOCK TABLE "business_listing", "directory_business" IN SHARE MODE`,
    `TRUNCATE "search_word"`,
    `INSERT INTO "search_word" ("word") ${heldWords} ORDER BY 1`,
  ],
  // The words a search can find: those some row holds.
  contents: `SELECT "word" FROM "search_word" WHERE "word" IN (${heldWords}) ORDER BY 1`,
};

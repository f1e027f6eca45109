-- The words of an updated row are added to search_word only when they
-- changed: housekeeping that updates listings and businesses many times a day
-- (lifecycle, promotion, offers, opening-hours upkeep) no longer unnests and
-- probes every updated row's words (docs/decisions/0056-typos-looked-up-among-words.md).
-- A row-level trigger with a WHEN is skipped before any function is called.
DROP TRIGGER "business_listing_search_words_update" ON "business_listing";--> statement-breakpoint
DROP TRIGGER "directory_business_search_words_update" ON "directory_business";--> statement-breakpoint
-- TG_ARGV[0]: the table's words column.
CREATE FUNCTION "hbs_search_words_follow_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO "search_word" ("word") SELECT DISTINCT w FROM unnest(($1).%I) w ORDER BY w ON CONFLICT DO NOTHING',
    TG_ARGV[0]) USING NEW;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_listing_search_words_update" AFTER UPDATE ON "business_listing"
  FOR EACH ROW WHEN (OLD."search_title_words" IS DISTINCT FROM NEW."search_title_words")
  EXECUTE FUNCTION "hbs_search_words_follow_row"('search_title_words');--> statement-breakpoint
CREATE TRIGGER "directory_business_search_words_update" AFTER UPDATE ON "directory_business"
  FOR EACH ROW WHEN (OLD."name_words" IS DISTINCT FROM NEW."name_words")
  EXECUTE FUNCTION "hbs_search_words_follow_row"('name_words');

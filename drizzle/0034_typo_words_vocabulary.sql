-- A typo'd search word is forgiven against the words of a listing's title
-- (with its category label and town) or of a business's name, looked up
-- among the distinct words in search_word, not tested on each candidate row
-- (docs/decisions/0056-typos-looked-up-among-words.md).
CREATE TABLE "search_word" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "business_listing_search_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "search_title_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(case when "business_listing"."confidential" then lower(coalesce("business_listing"."confidential_title", '') || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || coalesce(split_part("business_listing"."postcode", ' ', 1), '')) else lower("business_listing"."title" || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || "business_listing"."town") end, '[^[:alnum:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "name_words" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(lower("directory_business"."name"), '[^[:alnum:]]+'), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_word_trgm_idx" ON "search_word" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_listing_search_title_words_idx" ON "business_listing" USING gin ("search_title_words");--> statement-breakpoint
CREATE INDEX "directory_business_name_words_idx" ON "directory_business" USING gin ("name_words");--> statement-breakpoint
ALTER TABLE "business_listing" DROP COLUMN "search_title";--> statement-breakpoint
-- Once a statement, the words of the rows it wrote, in order so that two
-- writers adding the same new words wait for each other rather than deadlock.
-- TG_ARGV[0]: the table's words column.
CREATE FUNCTION "hbs_search_words_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO "search_word" ("word") SELECT DISTINCT w FROM "new_rows", unnest("new_rows".%I) w ORDER BY w ON CONFLICT DO NOTHING',
    TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_listing_search_words_insert" AFTER INSERT ON "business_listing"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('search_title_words');--> statement-breakpoint
CREATE TRIGGER "business_listing_search_words_update" AFTER UPDATE ON "business_listing"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('search_title_words');--> statement-breakpoint
CREATE TRIGGER "directory_business_search_words_insert" AFTER INSERT ON "directory_business"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('name_words');--> statement-breakpoint
CREATE TRIGGER "directory_business_search_words_update" AFTER UPDATE ON "directory_business"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_search_words_follow"('name_words');--> statement-breakpoint
INSERT INTO "search_word" ("word")
  SELECT w FROM "business_listing", unnest("search_title_words") w
  UNION SELECT w FROM "directory_business", unnest("name_words") w
  ON CONFLICT DO NOTHING;

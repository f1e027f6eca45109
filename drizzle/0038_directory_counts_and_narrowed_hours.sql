-- How many businesses are published in each category, kept as changes: the
-- directory's size is the sum of the rows
-- (docs/decisions/0058-directory-counted-from-its-changes.md). As with
-- open_week_change (migration 0032), each statement that writes
-- directory_business adds one row for each category whose count it changed;
-- rows are only added, never updated, so no writer waits for another, and
-- housekeeping sums them up.
CREATE TABLE "published_business_change" (
	"category" "directory_category" NOT NULL,
	"businesses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "published_business_change_category_idx" ON "published_business_change" USING btree ("category","businesses");--> statement-breakpoint
-- Once a statement: the published businesses as they were come off, as they
-- are go on. An update that left every business's published flag and
-- category as they were sums to nothing in each category and adds no row.
CREATE FUNCTION "hbs_published_business_changes_follow_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- TRUNCATE, not DELETE: rows this transaction's snapshot cannot see go too.
    TRUNCATE "published_business_change";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "published_business_change" ("category", "businesses")
      SELECT "category", count(*)::int FROM "new_businesses" WHERE "published" GROUP BY 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "published_business_change" ("category", "businesses")
      SELECT "category", -count(*)::int FROM "old_businesses" WHERE "published" GROUP BY 1;
  ELSE
    INSERT INTO "published_business_change" ("category", "businesses")
      SELECT "category", sum("businesses")::int FROM (
        SELECT "category", 1 AS "businesses" FROM "new_businesses" WHERE "published"
        UNION ALL
        SELECT "category", -1 FROM "old_businesses" WHERE "published"
      ) "changes" GROUP BY 1 HAVING sum("businesses") <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "published_business_changes_follow_inserted_businesses" AFTER INSERT ON "directory_business" REFERENCING NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "published_business_changes_follow_updated_businesses" AFTER UPDATE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "published_business_changes_follow_deleted_businesses" AFTER DELETE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "published_business_changes_follow_truncated_businesses" AFTER TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();--> statement-breakpoint
INSERT INTO "published_business_change" ("category", "businesses")
  SELECT "category", count(*)::int FROM "directory_business" WHERE "published" GROUP BY 1;--> statement-breakpoint
-- "Open now" with a location or a certifier counted from the town's or the
-- certifier's periods of the day, where business_hours_open_now_filters_idx
-- read every period of the day still open at the minute (decision 0058).
CREATE INDEX "business_hours_open_now_town_idx" ON "business_hours" USING btree ("weekday","published","town_key","closes_after_minute","opens_minute","business_id","category","halal_status","halal_certifier_body","alcohol_served");--> statement-breakpoint
CREATE INDEX "business_hours_open_now_certifier_idx" ON "business_hours" USING btree ("weekday","published","halal_certifier_body","closes_after_minute","opens_minute","business_id","category","town_key","halal_status","alcohol_served");

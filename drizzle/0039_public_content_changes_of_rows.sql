-- A statement that changed no row announces nothing (decision 0016 as
-- amended by 0059). Once a statement, as before, but each of insert, update
-- and delete now has a trigger of its own, with the rows it wrote as a
-- transition table (PostgreSQL allows one only to a trigger of one event):
-- an update that matched nothing, as the hourly promotions job's usually
-- does, no longer empties every server's page cache. TRUNCATE still always
-- announces: it has no rows to look at.
CREATE OR REPLACE FUNCTION "hbs_public_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changed" boolean;
BEGIN
  -- One statement per branch: each is planned only when reached, and an
  -- insert's trigger has no "old_rows" to plan against.
  IF TG_OP = 'TRUNCATE' THEN
    "changed" := true;
  ELSIF TG_OP = 'DELETE' THEN
    "changed" := EXISTS (SELECT 1 FROM "old_rows");
  ELSE
    "changed" := EXISTS (SELECT 1 FROM "new_rows");
  END IF;
  IF "changed" THEN
    PERFORM pg_notify('hbs_public_content', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "business_listing_public_content_changed" ON "business_listing";--> statement-breakpoint
CREATE TRIGGER "business_listing_public_content_inserted" AFTER INSERT ON "business_listing" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_listing_public_content_updated" AFTER UPDATE ON "business_listing" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_listing_public_content_deleted" AFTER DELETE ON "business_listing" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_listing_public_content_truncated" AFTER TRUNCATE ON "business_listing" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
DROP TRIGGER "directory_business_public_content_changed" ON "directory_business";--> statement-breakpoint
CREATE TRIGGER "directory_business_public_content_inserted" AFTER INSERT ON "directory_business" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "directory_business_public_content_updated" AFTER UPDATE ON "directory_business" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "directory_business_public_content_deleted" AFTER DELETE ON "directory_business" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "directory_business_public_content_truncated" AFTER TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
DROP TRIGGER "service_package_public_content_changed" ON "service_package";--> statement-breakpoint
CREATE TRIGGER "service_package_public_content_inserted" AFTER INSERT ON "service_package" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "service_package_public_content_updated" AFTER UPDATE ON "service_package" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "service_package_public_content_deleted" AFTER DELETE ON "service_package" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "service_package_public_content_truncated" AFTER TRUNCATE ON "service_package" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
DROP TRIGGER "business_hours_public_content_changed" ON "business_hours";--> statement-breakpoint
CREATE TRIGGER "business_hours_public_content_inserted" AFTER INSERT ON "business_hours" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_public_content_updated" AFTER UPDATE ON "business_hours" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_public_content_deleted" AFTER DELETE ON "business_hours" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_public_content_truncated" AFTER TRUNCATE ON "business_hours" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
DROP TRIGGER "business_hours_exception_public_content_changed" ON "business_hours_exception";--> statement-breakpoint
CREATE TRIGGER "business_hours_exception_public_content_inserted" AFTER INSERT ON "business_hours_exception" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_exception_public_content_updated" AFTER UPDATE ON "business_hours_exception" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_exception_public_content_deleted" AFTER DELETE ON "business_hours_exception" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_exception_public_content_truncated" AFTER TRUNCATE ON "business_hours_exception" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
DROP TRIGGER "review_public_content_changed" ON "review";--> statement-breakpoint
CREATE TRIGGER "review_public_content_inserted" AFTER INSERT ON "review" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_public_content_updated" AFTER UPDATE ON "review" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_public_content_deleted" AFTER DELETE ON "review" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_public_content_truncated" AFTER TRUNCATE ON "review" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();

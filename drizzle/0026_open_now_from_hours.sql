-- "Open now" counted from the hours alone (docs/decisions/0043-open-now-counted-from-the-hours.md).
DROP INDEX "business_hours_open_idx";--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "closes_after_minute" smallint GENERATED ALWAYS AS (case when closes_minute <= opens_minute then closes_minute + 1440 else closes_minute end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "category" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "business_hours" SET "published" = b."published", "category" = b."category" FROM "directory_business" b WHERE b."id" = "business_hours"."business_id";--> statement-breakpoint
CREATE INDEX "business_hours_open_now_idx" ON "business_hours" USING btree ("weekday","published","closes_after_minute","opens_minute","business_id","category");--> statement-breakpoint
-- A period takes its business's published flag and category as it is written,
-- whatever the application sent for them.
CREATE FUNCTION "hbs_business_hours_copy_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b."published", b."category" INTO NEW."published", NEW."category"
    FROM "directory_business" b WHERE b."id" = NEW."business_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "business_hours_copy_business" BEFORE INSERT OR UPDATE ON "business_hours" FOR EACH ROW EXECUTE FUNCTION "hbs_business_hours_copy_business"();--> statement-breakpoint
-- And follows the business when staff publish, unpublish or recategorise it.
CREATE FUNCTION "hbs_business_hours_follow_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_hours" SET "published" = NEW."published", "category" = NEW."category"
    WHERE "business_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "business_hours_follow_business" AFTER UPDATE OF "published", "category" ON "directory_business" FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published" OR OLD."category" IS DISTINCT FROM NEW."category") EXECUTE FUNCTION "hbs_business_hours_follow_business"();

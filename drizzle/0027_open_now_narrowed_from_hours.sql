-- "Open now" with a location or halal filters counted from the hours alone
-- (docs/decisions/0045-open-now-narrowed-from-the-hours.md): the periods
-- carry their business's town and halal facts as they carry its published
-- flag and category (migration 0026).
ALTER TABLE "business_hours" ADD COLUMN "town_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "halal_status" "halal_status";--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "halal_certifier_body" "halal_certifier_body";--> statement-breakpoint
ALTER TABLE "business_hours" ADD COLUMN "alcohol_served" boolean;--> statement-breakpoint
-- FOR SHARE: a period written while staff change its business waits for
-- them, and then takes what they wrote; without it, it took the business as
-- it was, and the follow trigger below, already run, never corrected it.
CREATE OR REPLACE FUNCTION "hbs_business_hours_copy_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b."published", b."category", lower(b."town"), b."halal_status", b."halal_certifier_body", b."alcohol_served"
    INTO NEW."published", NEW."category", NEW."town_key", NEW."halal_status", NEW."halal_certifier_body", NEW."alcohol_served"
    FROM "directory_business" b WHERE b."id" = NEW."business_id" FOR SHARE;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Every period rewritten once, by the trigger above.
UPDATE "business_hours" SET "business_id" = "business_id";--> statement-breakpoint
-- Each period follows its business: rewritten, it takes the business's columns again from the trigger above.
CREATE OR REPLACE FUNCTION "hbs_business_hours_follow_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_hours" SET "business_id" = "business_id" WHERE "business_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "business_hours_follow_business" ON "directory_business";--> statement-breakpoint
CREATE TRIGGER "business_hours_follow_business" AFTER UPDATE OF "published", "category", "town", "halal_status", "halal_certifier_body", "alcohol_served" ON "directory_business" FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published" OR OLD."category" IS DISTINCT FROM NEW."category" OR lower(OLD."town") IS DISTINCT FROM lower(NEW."town") OR OLD."halal_status" IS DISTINCT FROM NEW."halal_status" OR OLD."halal_certifier_body" IS DISTINCT FROM NEW."halal_certifier_body" OR OLD."alcohol_served" IS DISTINCT FROM NEW."alcohol_served") EXECUTE FUNCTION "hbs_business_hours_follow_business"();--> statement-breakpoint
CREATE INDEX "business_hours_open_now_filters_idx" ON "business_hours" USING btree ("weekday","published","closes_after_minute","opens_minute","business_id","category","town_key","halal_status","halal_certifier_body","alcohol_served");

-- "Open now" tested in the business's own row, from the minutes of the week
-- its weekly periods cover (docs/decisions/0051-open-now-tested-in-the-row.md).
-- Minute 0 is Monday 00:00 London time; a period past Sunday midnight wraps
-- to Monday morning.
DROP INDEX "directory_business_published_lat_lng_name_idx";--> statement-breakpoint
DROP INDEX "directory_business_featured_position_idx";--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "open_week" "int4multirange" DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE FUNCTION "hbs_open_week"("business" integer) RETURNS int4multirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg("minutes"), '{}'::int4multirange) FROM (
    SELECT int4range(("weekday" - 1) * 1440 + "opens_minute", least(("weekday" - 1) * 1440 + "closes_after_minute", 10080)) AS "minutes"
      FROM "business_hours" WHERE "business_id" = "business"
    UNION ALL
    SELECT int4range(0, ("weekday" - 1) * 1440 + "closes_after_minute" - 10080)
      FROM "business_hours" WHERE "business_id" = "business" AND ("weekday" - 1) * 1440 + "closes_after_minute" > 10080
  ) "periods"
$$;--> statement-breakpoint
-- Once a statement, for the businesses whose periods it wrote: replacing a
-- schedule deletes and inserts its periods, and the bulk seed inserts
-- thousands at once. Only a business whose minutes changed is written.
CREATE FUNCTION "hbs_business_open_week_follow_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE "directory_business" b SET "open_week" = "hbs_open_week"(b."id")
      WHERE b."id" IN (SELECT "business_id" FROM "new_periods") AND b."open_week" IS DISTINCT FROM "hbs_open_week"(b."id");
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE "directory_business" b SET "open_week" = "hbs_open_week"(b."id")
      WHERE b."id" IN (SELECT "business_id" FROM "old_periods") AND b."open_week" IS DISTINCT FROM "hbs_open_week"(b."id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "business_open_week_follow_inserted_hours" AFTER INSERT ON "business_hours" REFERENCING NEW TABLE AS "new_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();--> statement-breakpoint
CREATE TRIGGER "business_open_week_follow_updated_hours" AFTER UPDATE ON "business_hours" REFERENCING OLD TABLE AS "old_periods" NEW TABLE AS "new_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();--> statement-breakpoint
CREATE TRIGGER "business_open_week_follow_deleted_hours" AFTER DELETE ON "business_hours" REFERENCING OLD TABLE AS "old_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();--> statement-breakpoint
UPDATE "directory_business" SET "open_week" = "hbs_open_week"("id") WHERE "id" IN (SELECT "business_id" FROM "business_hours");--> statement-breakpoint
CREATE INDEX "directory_business_published_lat_lng_name_idx" ON "directory_business" USING btree ("published","latitude","longitude","name","id","showcased","open_week");--> statement-breakpoint
CREATE INDEX "directory_business_featured_position_idx" ON "directory_business" USING btree ("published","latitude","longitude","name","id","open_week") WHERE "directory_business"."showcased";

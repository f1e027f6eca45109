ALTER TABLE "directory_business" ADD COLUMN "weekly_open" "int4multirange" DEFAULT '{}'::int4multirange NOT NULL;--> statement-breakpoint
CREATE INDEX "directory_business_weekly_open_idx" ON "directory_business" USING gist ("weekly_open");--> statement-breakpoint
-- Hand-written (decision 0039): a business's weekly periods as ranges of minutes
-- of the London week (Monday 00:00 is 0, Sunday ends at 10080). A period that
-- closes at or before it opens runs to midnight and on into the next day
-- (Sunday's into Monday's start); 0–0 is all day.
CREATE FUNCTION "hbs_weekly_open_of"(business integer) RETURNS int4multirange
LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg(period), '{}'::int4multirange) FROM (
    SELECT int4range((weekday - 1) * 1440 + opens_minute,
                     (weekday - 1) * 1440 + CASE WHEN closes_minute > opens_minute THEN closes_minute ELSE 1440 END) AS period
      FROM business_hours WHERE business_id = business
    UNION ALL
    SELECT int4range((weekday % 7) * 1440, (weekday % 7) * 1440 + closes_minute)
      FROM business_hours WHERE business_id = business AND closes_minute <= opens_minute AND closes_minute > 0
  ) periods
$$;--> statement-breakpoint
CREATE FUNCTION "hbs_refresh_weekly_open"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE directory_business SET weekly_open = '{}'::int4multirange WHERE weekly_open <> '{}'::int4multirange;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE directory_business b SET weekly_open = "hbs_weekly_open_of"(b.id)
      WHERE b.id IN (SELECT business_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE directory_business b SET weekly_open = "hbs_weekly_open_of"(b.id)
      WHERE b.id IN (SELECT business_id FROM changed_old);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "business_hours_weekly_open_insert" AFTER INSERT ON "business_hours"
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "hbs_refresh_weekly_open"();--> statement-breakpoint
CREATE TRIGGER "business_hours_weekly_open_update" AFTER UPDATE ON "business_hours"
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION "hbs_refresh_weekly_open"();--> statement-breakpoint
CREATE TRIGGER "business_hours_weekly_open_delete" AFTER DELETE ON "business_hours"
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION "hbs_refresh_weekly_open"();--> statement-breakpoint
CREATE TRIGGER "business_hours_weekly_open_truncate" AFTER TRUNCATE ON "business_hours"
  FOR EACH STATEMENT EXECUTE FUNCTION "hbs_refresh_weekly_open"();--> statement-breakpoint
UPDATE "directory_business" SET "weekly_open" = "hbs_weekly_open_of"("id")
  WHERE "id" IN (SELECT "business_id" FROM "business_hours");

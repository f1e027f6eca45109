-- How many published businesses open at each minute of the week, by category,
-- kept as the changes at each minute: the number open at minute m is the sum
-- of the changes up to m (docs/decisions/0053-open-now-counted-from-its-changes.md).
-- Each statement that writes directory_business adds one row for each
-- category and minute whose count it changed. Rows are only added, never
-- updated, so no writer waits for another; housekeeping sums them up.
CREATE TABLE "open_week_change" (
	"category" "directory_category" NOT NULL,
	"minute" integer NOT NULL,
	"businesses" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_week_change_minute_idx" ON "open_week_change" USING btree ("minute","category","businesses");--> statement-breakpoint
-- A business's weekly minutes as changes: +1 where each period begins, -1 where it ends.
CREATE FUNCTION "hbs_open_week_changes"("week" int4multirange) RETURNS TABLE("minute" integer, "businesses" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT lower("period"), 1 FROM unnest("week") "period"
  UNION ALL
  SELECT upper("period"), -1 FROM unnest("week") "period"
$$;--> statement-breakpoint
-- Once a statement: the published businesses as they were come off, as they
-- are go on. An update that left a business's published flag, category and
-- minutes as they were changes nothing.
CREATE FUNCTION "hbs_open_week_changes_follow_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- TRUNCATE, not DELETE: rows this transaction's snapshot cannot see go too.
    TRUNCATE "open_week_change";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "open_week_change" ("category", "minute", "businesses")
      SELECT b."category", c."minute", sum(c."businesses")::int
        FROM "new_businesses" b, "hbs_open_week_changes"(b."open_week") c
        WHERE b."published" GROUP BY 1, 2 HAVING sum(c."businesses") <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "open_week_change" ("category", "minute", "businesses")
      SELECT b."category", c."minute", -sum(c."businesses")::int
        FROM "old_businesses" b, "hbs_open_week_changes"(b."open_week") c
        WHERE b."published" GROUP BY 1, 2 HAVING sum(c."businesses") <> 0;
  ELSE
    -- A business left as it was is paired with itself and skipped; one whose
    -- id changed pairs with nothing, and comes off as it was and goes on as it is.
    INSERT INTO "open_week_change" ("category", "minute", "businesses")
      WITH "changed" AS (
        SELECT o."published" AS "was_published", o."category" AS "was_category", o."open_week" AS "was_open_week",
               n."published", n."category", n."open_week"
          FROM "old_businesses" o FULL JOIN "new_businesses" n USING ("id")
          WHERE (o."published", o."category", o."open_week") IS DISTINCT FROM (n."published", n."category", n."open_week")
      )
      SELECT "category", "minute", sum("businesses")::int FROM (
        SELECT b."category", c."minute", c."businesses"
          FROM "changed" b, "hbs_open_week_changes"(b."open_week") c WHERE b."published"
        UNION ALL
        SELECT b."was_category", c."minute", -c."businesses"
          FROM "changed" b, "hbs_open_week_changes"(b."was_open_week") c WHERE b."was_published"
      ) "changes" GROUP BY 1, 2 HAVING sum("businesses") <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "open_week_changes_follow_inserted_businesses" AFTER INSERT ON "directory_business" REFERENCING NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "open_week_changes_follow_updated_businesses" AFTER UPDATE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "open_week_changes_follow_deleted_businesses" AFTER DELETE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();--> statement-breakpoint
CREATE TRIGGER "open_week_changes_follow_truncated_businesses" AFTER TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();--> statement-breakpoint
INSERT INTO "open_week_change" ("category", "minute", "businesses")
  SELECT b."category", c."minute", sum(c."businesses")::int
    FROM "directory_business" b, "hbs_open_week_changes"(b."open_week") c
    WHERE b."published" GROUP BY 1, 2 HAVING sum(c."businesses") <> 0;

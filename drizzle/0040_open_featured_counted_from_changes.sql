-- The week's changes kept apart for the featured businesses, so that "open
-- now", nearest first, past the page where they end, sums how many of them
-- are open rather than testing each
-- (docs/decisions/0060-open-featured-counted-from-changes.md). The rows are
-- worked out again below, with the featured flag.
TRUNCATE "open_week_change";--> statement-breakpoint
DROP INDEX "open_week_change_minute_idx";--> statement-breakpoint
ALTER TABLE "open_week_change" ADD COLUMN "showcased" boolean NOT NULL;--> statement-breakpoint
CREATE INDEX "open_week_change_minute_idx" ON "open_week_change" USING btree ("minute","category","showcased","businesses");--> statement-breakpoint
-- As migration 0032's, with the featured flag beside the category: a
-- business featured or no longer featured comes off one and goes on the other.
CREATE OR REPLACE FUNCTION "hbs_open_week_changes_follow_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- TRUNCATE, not DELETE: rows this transaction's snapshot cannot see go too.
    TRUNCATE "open_week_change";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "open_week_change" ("category", "showcased", "minute", "businesses")
      SELECT b."category", b."showcased", c."minute", sum(c."businesses")::int
        FROM "new_businesses" b, "hbs_open_week_changes"(b."open_week") c
        WHERE b."published" GROUP BY 1, 2, 3 HAVING sum(c."businesses") <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "open_week_change" ("category", "showcased", "minute", "businesses")
      SELECT b."category", b."showcased", c."minute", -sum(c."businesses")::int
        FROM "old_businesses" b, "hbs_open_week_changes"(b."open_week") c
        WHERE b."published" GROUP BY 1, 2, 3 HAVING sum(c."businesses") <> 0;
  ELSE
    -- A business left as it was is paired with itself and skipped; one whose
    -- id changed pairs with nothing, and comes off as it was and goes on as it is.
    INSERT INTO "open_week_change" ("category", "showcased", "minute", "businesses")
      WITH "changed" AS (
        SELECT o."published" AS "was_published", o."category" AS "was_category",
               o."showcased" AS "was_showcased", o."open_week" AS "was_open_week",
               n."published", n."category", n."showcased", n."open_week"
          FROM "old_businesses" o FULL JOIN "new_businesses" n USING ("id")
          WHERE (o."published", o."category", o."showcased", o."open_week")
            IS DISTINCT FROM (n."published", n."category", n."showcased", n."open_week")
      )
      SELECT "category", "showcased", "minute", sum("businesses")::int FROM (
        SELECT b."category", b."showcased", c."minute", c."businesses"
          FROM "changed" b, "hbs_open_week_changes"(b."open_week") c WHERE b."published"
        UNION ALL
        SELECT b."was_category", b."was_showcased", c."minute", -c."businesses"
          FROM "changed" b, "hbs_open_week_changes"(b."was_open_week") c WHERE b."was_published"
      ) "changes" GROUP BY 1, 2, 3 HAVING sum("businesses") <> 0;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO "open_week_change" ("category", "showcased", "minute", "businesses")
  SELECT b."category", b."showcased", c."minute", sum(c."businesses")::int
    FROM "directory_business" b, "hbs_open_week_changes"(b."open_week") c
    WHERE b."published" GROUP BY 1, 2, 3 HAVING sum(c."businesses") <> 0;

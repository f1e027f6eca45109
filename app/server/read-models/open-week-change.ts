// open_week_change: how many published businesses' weekly opening begins (+)
// and ends (−) at each minute of the week, by category and whether they are
// featured. The number open at minute m is the sum of the rows up to m.
//
// Why: "open now", alone or with a category, is counted from a few dozen rows
// rather than an index entry for each open business (decision 0053), and
// nearest first sums how many featured businesses are open before its page
// (decision 0060): countOpenNow in app/features/directory/hours.server.ts,
// on the directory (/halal-network-space?open=now).
//
// Kept once a statement that writes directory_business, from transition
// tables and each business's open_week (open-week.ts): the published
// businesses as they were come off, as they are go on. Rows are only ever
// added, so no writer waits for another; the hourly housekeeping sums them up
// (compactDirectoryCounts in app/features/directory/counts.server.ts), which
// changes no sum. Its table is open_week_change in app/server/schema/read-models.ts.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

export const openWeekChange: ReadModel = {
  name: "open_week_change",
  functions: [
    // A business's weekly minutes as changes: +1 where each period begins, -1 where it ends.
    `CREATE OR REPLACE FUNCTION "hbs_open_week_changes"("week" int4multirange) RETURNS TABLE("minute" integer, "businesses" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT lower("period"), 1 FROM unnest("week") "period"
  UNION ALL
  SELECT upper("period"), -1 FROM unnest("week") "period"
$$;`,
    // An update that left a business's published flag, category, featured
    // flag and minutes as they were changes nothing; a business featured or
    // no longer featured comes off one and goes on the other (migration 0040).
    `CREATE OR REPLACE FUNCTION "hbs_open_week_changes_follow_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;`,
  ],
  triggers: [
    `CREATE TRIGGER "open_week_changes_follow_inserted_businesses" AFTER INSERT ON "directory_business" REFERENCING NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();`,
    `CREATE TRIGGER "open_week_changes_follow_updated_businesses" AFTER UPDATE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();`,
    `CREATE TRIGGER "open_week_changes_follow_deleted_businesses" AFTER DELETE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();`,
    `CREATE TRIGGER "open_week_changes_follow_truncated_businesses" AFTER TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_open_week_changes_follow_businesses"();`,
  ],
  // Summed up as housekeeping leaves it: a row for each key whose sum is not 0.
  rebuild: [
    `LOCK TABLE "directory_business" IN SHARE MODE`,
    `TRUNCATE "open_week_change"`,
    `INSERT INTO "open_week_change" ("category", "showcased", "minute", "businesses")
  SELECT b."category", b."showcased", c."minute", sum(c."businesses")::int
    FROM "directory_business" b, "hbs_open_week_changes"(b."open_week") c
    WHERE b."published" GROUP BY 1, 2, 3 HAVING sum(c."businesses") <> 0`,
  ],
  // The sums, which is all a reader takes from it.
  contents: `SELECT "category", "showcased", "minute", sum("businesses")::int AS "businesses"
  FROM "open_week_change" GROUP BY 1, 2, 3 HAVING sum("businesses") <> 0 ORDER BY 1, 2, 3`,
};

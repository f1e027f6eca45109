// directory_business.open_week: the minutes of the week a business's weekly
// periods cover, as an int4multirange counted from Monday 00:00 London time
// (0–10,079). A period past midnight runs into the next day's minutes, and
// Sunday's into Monday morning's.
//
// Why: "open now" is tested in the business's own row, `open_week @> minute`
// (openNowProbe and openNowCondition in app/features/directory/hours.server.ts),
// and from the position indexes that hold it, on the directory
// (/halal-network-space?open=now, nearest first among them) (decision 0051).
// Exceptions are not in it: those few businesses are tested from their
// periods and exceptions instead. open_week_change (open-week-change.ts)
// is kept from it.
//
// Kept once a statement that writes periods, for the businesses whose periods
// it wrote, from transition tables: replacing a schedule deletes and inserts
// its periods, and the bulk seed inserts thousands at once. A business whose
// minutes did not change is not written. The application never writes it.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

export const openWeek: ReadModel = {
  name: "directory_business.open_week",
  functions: [
    // A business's minutes from its periods, as of now: the definition the
    // trigger and the rebuild share.
    `CREATE OR REPLACE FUNCTION "hbs_open_week"("business" integer) RETURNS int4multirange LANGUAGE sql STABLE AS $$
  SELECT coalesce(range_agg("minutes"), '{}'::int4multirange) FROM (
    SELECT int4range(("weekday" - 1) * 1440 + "opens_minute", least(("weekday" - 1) * 1440 + "closes_after_minute", 10080)) AS "minutes"
      FROM "business_hours" WHERE "business_id" = "business"
    UNION ALL
    SELECT int4range(0, ("weekday" - 1) * 1440 + "closes_after_minute" - 10080)
      FROM "business_hours" WHERE "business_id" = "business" AND ("weekday" - 1) * 1440 + "closes_after_minute" > 10080
  ) "periods"
$$;`,
    `CREATE OR REPLACE FUNCTION "hbs_business_open_week_follow_hours"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_open_week_follow_inserted_hours" AFTER INSERT ON "business_hours" REFERENCING NEW TABLE AS "new_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();`,
    `CREATE TRIGGER "business_open_week_follow_updated_hours" AFTER UPDATE ON "business_hours" REFERENCING OLD TABLE AS "old_periods" NEW TABLE AS "new_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();`,
    `CREATE TRIGGER "business_open_week_follow_deleted_hours" AFTER DELETE ON "business_hours" REFERENCING OLD TABLE AS "old_periods" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_business_open_week_follow_hours"();`,
  ],
  // Writing directory_business runs its own triggers: open_week_change
  // follows the businesses corrected here.
  rebuild: [
    `LOCK TABLE "business_hours" IN SHARE MODE`,
    `UPDATE "directory_business" b SET "open_week" = "hbs_open_week"(b."id") WHERE b."open_week" IS DISTINCT FROM "hbs_open_week"(b."id")`,
  ],
  contents: `SELECT "id", "open_week"::text FROM "directory_business" ORDER BY "id"`,
};

// published_business_change: how many businesses are published in each
// category, kept as changes; the directory's size is the sum of the rows.
//
// Why: the directory (/halal-network-space with no search, or only a
// category), "open now" choosing its page's plan, and the sitemap's index
// read a row or two rather than an index entry for each published business:
// publishedBusinesses in app/features/directory/counts.server.ts
// (decision 0058).
//
// Kept as open_week_change is (open-week-change.ts): once a statement that
// writes directory_business, from transition tables, the published rows as
// they were come off and as they are go on, summed per category; rows are
// only ever added, and the hourly housekeeping sums them up
// (compactDirectoryCounts). Its table is published_business_change in
// app/server/schema/read-models.ts.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

export const publishedBusinessChange: ReadModel = {
  name: "published_business_change",
  functions: [
    // An update that left every business's published flag and category as
    // they were sums to nothing in each category and adds no row.
    `CREATE OR REPLACE FUNCTION "hbs_published_business_changes_follow_businesses"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;`,
  ],
  triggers: [
    `CREATE TRIGGER "published_business_changes_follow_inserted_businesses" AFTER INSERT ON "directory_business" REFERENCING NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();`,
    `CREATE TRIGGER "published_business_changes_follow_updated_businesses" AFTER UPDATE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" NEW TABLE AS "new_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();`,
    `CREATE TRIGGER "published_business_changes_follow_deleted_businesses" AFTER DELETE ON "directory_business" REFERENCING OLD TABLE AS "old_businesses" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();`,
    `CREATE TRIGGER "published_business_changes_follow_truncated_businesses" AFTER TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_published_business_changes_follow_businesses"();`,
  ],
  rebuild: [
    `LOCK TABLE "directory_business" IN SHARE MODE`,
    `TRUNCATE "published_business_change"`,
    `INSERT INTO "published_business_change" ("category", "businesses")
  SELECT "category", count(*)::int FROM "directory_business" WHERE "published" GROUP BY 1`,
  ],
  // The sums, which is all a reader takes from it.
  contents: `SELECT "category", sum("businesses")::int AS "businesses"
  FROM "published_business_change" GROUP BY 1 HAVING sum("businesses") <> 0 ORDER BY 1`,
};

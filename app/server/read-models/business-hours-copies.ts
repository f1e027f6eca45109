// business_hours' copies of six columns of their business: published,
// category, town_key (the town lower-cased), halal_status,
// halal_certifier_body and alcohol_served.
//
// Why: "open now" with a category, a town or the halal filters is counted
// from the hours' indexes alone, without reading a business row for each
// open period (decisions 0043, 0045, 0058). The directory
// (/halal-network-space?open=now…) reads them through
// openNowCondition and countOpenNow (app/features/directory/hours.server.ts).
// The application never writes them: a period takes them from its business
// as it is written, whatever was sent, and follows the business when staff
// change any of them. Triggers, not application code, so that no path that
// writes a business or its hours can forget them.
//
// To change what keeps them, edit the SQL here and write a migration that
// runs the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

export const businessHoursCopies: ReadModel = {
  name: "business_hours (copies of its business)",
  functions: [
    // FOR SHARE: a period written while staff change its business waits for
    // them, and then takes what they wrote (migration 0027).
    `CREATE OR REPLACE FUNCTION "hbs_business_hours_copy_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b."published", b."category", lower(b."town"), b."halal_status", b."halal_certifier_body", b."alcohol_served"
    INTO NEW."published", NEW."category", NEW."town_key", NEW."halal_status", NEW."halal_certifier_body", NEW."alcohol_served"
    FROM "directory_business" b WHERE b."id" = NEW."business_id" FOR SHARE;
  RETURN NEW;
END
$$;`,
    // Each period rewritten takes its business's columns again from the trigger above.
    `CREATE OR REPLACE FUNCTION "hbs_business_hours_follow_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_hours" SET "business_id" = "business_id" WHERE "business_id" = NEW."id";
  RETURN NULL;
END
$$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_hours_copy_business" BEFORE INSERT OR UPDATE ON "business_hours" FOR EACH ROW EXECUTE FUNCTION "hbs_business_hours_copy_business"();`,
    `CREATE TRIGGER "business_hours_follow_business" AFTER UPDATE OF "published", "category", "town", "halal_status", "halal_certifier_body", "alcohol_served" ON "directory_business" FOR EACH ROW WHEN (OLD."published" IS DISTINCT FROM NEW."published" OR OLD."category" IS DISTINCT FROM NEW."category" OR lower(OLD."town") IS DISTINCT FROM lower(NEW."town") OR OLD."halal_status" IS DISTINCT FROM NEW."halal_status" OR OLD."halal_certifier_body" IS DISTINCT FROM NEW."halal_certifier_body" OR OLD."alcohol_served" IS DISTINCT FROM NEW."alcohol_served") EXECUTE FUNCTION "hbs_business_hours_follow_business"();`,
  ],
  // The columns set here as well as by the trigger above, so that the
  // rebuild does not depend on the trigger it stands in for.
  rebuild: [
    `LOCK TABLE "directory_business" IN SHARE MODE`,
    `UPDATE "business_hours" h SET "published" = b."published", "category" = b."category"::text, "town_key" = lower(b."town"),
    "halal_status" = b."halal_status", "halal_certifier_body" = b."halal_certifier_body", "alcohol_served" = b."alcohol_served"
  FROM "directory_business" b
  WHERE b."id" = h."business_id"
    AND (h."published", h."category", h."town_key", h."halal_status", h."halal_certifier_body", h."alcohol_served")
      IS DISTINCT FROM (b."published", b."category"::text, lower(b."town"), b."halal_status", b."halal_certifier_body", b."alcohol_served")`,
  ],
  contents: `SELECT "id", "business_id", "published", "category", "town_key", "halal_status", "halal_certifier_body", "alcohol_served"
  FROM "business_hours" ORDER BY "id"`,
};

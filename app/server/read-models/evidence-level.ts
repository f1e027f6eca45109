// directory_business.evidence_level and last_confirmed_on: how strong a
// business's halal evidence is, 0 to 4, by the rules of decision 0091 (and
// the public page /halal-evidence, which says them in words), and the last
// UK day a diner confirmed it "still as described".
//
// Why: the directory filters by a minimum level and sorts by it, at 100,000
// businesses, from an index; worked out per row on each search it could use none.
//
// The level depends on the day as well as on the row: a certificate expires,
// a check grows older than 12 months, a diner's confirmation older than six.
// So three things keep it: a trigger when the business's halal facts are
// written (on London's day as the database sees it), a trigger when a
// confirmation is recorded or removed, and the daily job directory.evidence
// (app/jobs.server.ts), which works every level out again for its own day:
// `refreshEvidenceLevels` below is that job's statement, and the rebuild's.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

/** Every business whose level or last confirmation is not what `day` (an SQL date) makes it. */
export const refreshEvidenceLevels = (day: string) =>
  `UPDATE "directory_business" b SET "evidence_level" = "hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", ${day}),
    "last_confirmed_on" = (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id")
  WHERE ("evidence_level", "last_confirmed_on") IS DISTINCT FROM ("hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", ${day}),
    (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id"))`;

const londonToday = `(now() AT TIME ZONE 'Europe/London')::date`;

export const evidenceLevel: ReadModel = {
  name: "directory_business.evidence_level, last_confirmed_on (from its halal facts and business_confirmation)",
  functions: [
    // The rules, highest first (decision 0091). Nothing is claimed without a
    // stated halal status. 4: a certificate HBS saw within 12 months, in date
    // on the day. 3: HBS visited within 12 months. 2: three members or more
    // confirmed it within six months. 1: the business's word, or evidence gone stale.
    `CREATE OR REPLACE FUNCTION "hbs_evidence_level"("of_business" integer, "status" halal_status, "evidence" halal_evidence, "checked_on" date, "expires" date, "on_day" date) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE
    WHEN "status" IS NULL THEN 0
    WHEN "evidence" = 'certificate_seen' AND "checked_on" >= "on_day" - 365 AND "expires" >= "on_day" THEN 4
    WHEN "evidence" = 'visited' AND "checked_on" >= "on_day" - 365 THEN 3
    WHEN (SELECT count(DISTINCT c."user_id") FROM "business_confirmation" c
          WHERE c."business_id" = "of_business" AND c."confirmed_on" > "on_day" - 183) >= 3 THEN 2
    ELSE 1
  END)::smallint
$$;`,
    // Before a business's halal facts are written: its level on today's date.
    `CREATE OR REPLACE FUNCTION "hbs_evidence_level_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."evidence_level" := "hbs_evidence_level"(NEW."id", NEW."halal_status", NEW."halal_evidence", NEW."halal_checked_on", NEW."halal_certificate_expires", ${londonToday});
  RETURN NEW;
END $$;`,
    // After a confirmation is recorded or removed (a member's account deleted): its business's level and last day.
    `CREATE OR REPLACE FUNCTION "hbs_evidence_level_confirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "confirmed" integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."business_id" ELSE NEW."business_id" END;
BEGIN
  UPDATE "directory_business" b SET
    "evidence_level" = "hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", ${londonToday}),
    "last_confirmed_on" = (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id")
  WHERE b."id" = "confirmed";
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "directory_business_evidence_level" BEFORE INSERT OR UPDATE OF "halal_status", "halal_evidence", "halal_checked_on", "halal_certificate_expires" ON "directory_business" FOR EACH ROW EXECUTE FUNCTION "hbs_evidence_level_of_business"();`,
    `CREATE TRIGGER "business_confirmation_evidence_level" AFTER INSERT OR DELETE ON "business_confirmation" FOR EACH ROW EXECUTE FUNCTION "hbs_evidence_level_confirmed"();`,
  ],
  rebuild: [`LOCK TABLE "business_confirmation" IN SHARE MODE`, refreshEvidenceLevels(londonToday)],
  contents: `SELECT "id", "evidence_level", "last_confirmed_on" FROM "directory_business" ORDER BY "id"`,
};

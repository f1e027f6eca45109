// directory_business.reported_closed_at: when a business was reported closed
// by three members within 30 days (decision 0092), from their "Report a
// change" reports (enquiry, kind business_report, change closed_down).
//
// Why: a place three members say has closed is marked "Reported closed — not
// yet checked" on its card and page at once, before staff can look; the mark
// is read from the row, with no count per card.
//
// A visitor who is not signed in can still report a closure, but only
// members count: a count of distinct members is what three people means.
// Staff's decision (app/features/directory/closures.server.ts) clears the mark
// and sets closure_checked_at: reports from before it no longer count. The
// mark stays until staff decide, however old its reports grow.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

/**
 * Whether the enquiry `e` is a member's report that business `b` closed, since
 * staff last decided. The kind is compared as text: on a new database every
 * migration runs in one transaction, where 'business_report' (added to the
 * enum by migration 0015) is not yet committed, and PostgreSQL refuses to read
 * an uncommitted enum value from a literal. The partial index
 * enquiry_closure_report_idx holds the other conditions.
 */
const closureReport = (e: string, b: string) =>
  `${e}."business_id" = ${b}."id" AND ${e}."kind"::text = 'business_report' AND ${e}."fields"->>'change' = 'closed_down' AND ${e}."user_id" IS NOT NULL AND ${e}."created_at" > coalesce(${b}."closure_checked_at", '-infinity')`;

/** The instant business `b` reached three members' reports within 30 days, if it has. */
const markedAt = (b: string) =>
  `(SELECT min(r."created_at") FROM "enquiry" r WHERE ${closureReport("r", b)}
    AND (SELECT count(DISTINCT e."user_id") FROM "enquiry" e WHERE ${closureReport("e", b)} AND e."created_at" <= r."created_at" AND e."created_at" > r."created_at" - interval '30 days') >= 3)`;

export const reportedClosed: ReadModel = {
  name: "directory_business.reported_closed_at (from members' closure reports in enquiry)",
  functions: [
    // After a member's closure report is stored: the business is marked once three members reported within 30 days.
    `CREATE OR REPLACE FUNCTION "hbs_closure_reported"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_business" b SET "reported_closed_at" = NEW."created_at"
  WHERE b."id" = NEW."business_id" AND b."reported_closed_at" IS NULL
    AND (SELECT count(DISTINCT e."user_id") FROM "enquiry" e WHERE ${closureReport("e", "b")} AND e."created_at" > NEW."created_at" - interval '30 days') >= 3;
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "enquiry_closure_reported" AFTER INSERT ON "enquiry" FOR EACH ROW WHEN (NEW."kind"::text = 'business_report' AND NEW."business_id" IS NOT NULL AND NEW."user_id" IS NOT NULL AND (NEW."fields"->>'change') = 'closed_down') EXECUTE FUNCTION "hbs_closure_reported"();`,
  ],
  rebuild: [
    `LOCK TABLE "enquiry" IN SHARE MODE`,
    `UPDATE "directory_business" b SET "reported_closed_at" = ${markedAt("b")}
  WHERE b."reported_closed_at" IS DISTINCT FROM ${markedAt("b")}`,
  ],
  contents: `SELECT "id", "reported_closed_at" FROM "directory_business" ORDER BY "id"`,
};

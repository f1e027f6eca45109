// business_listing.figures_checked_at, from staff's checks of the figures,
// listing_figures_check (decision 0087).
//
// Why: /buy's "Figures checked by HBS" filter and badge read the listing row
// alone, by a partial index, with no join to the checks.
//
// The date is that of the latest check whose turnover and net profit are the
// listing's now. A figure reaches a listing by several paths (a seller's
// edit while it waits for review, a revision staff approve, a staff edit,
// the seed), so a trigger, not the application, takes the badge away when
// either figure changes: no path can forget it. A check recorded later brings
// it back, and so do the very figures staff checked put back (what the badge
// says is then true again).
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

/** The latest check of these figures of the listing `l`. */
const latestCheckOf = (l: string) =>
  `SELECT max(c."checked_at") FROM "listing_figures_check" c WHERE c."listing_id" = ${l}."id" AND c."annual_revenue_pence" IS NOT DISTINCT FROM ${l}."annual_revenue_pence" AND c."net_profit_pence" IS NOT DISTINCT FROM ${l}."net_profit_pence"`;

export const listingFiguresChecked: ReadModel = {
  name: "business_listing.figures_checked_at (from listing_figures_check)",
  functions: [
    // Before a listing's figures are written: the check of the new figures, if any.
    `CREATE OR REPLACE FUNCTION "hbs_listing_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."figures_checked_at" := (${latestCheckOf("NEW")});
  RETURN NEW;
END $$;`,
    // After a check is recorded: the listing shows it while its figures are those checked.
    `CREATE OR REPLACE FUNCTION "hbs_listing_figures_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_listing" l SET "figures_checked_at" = NEW."checked_at"
  WHERE l."id" = NEW."listing_id"
    AND l."annual_revenue_pence" IS NOT DISTINCT FROM NEW."annual_revenue_pence"
    AND l."net_profit_pence" IS NOT DISTINCT FROM NEW."net_profit_pence"
    AND (l."figures_checked_at" IS NULL OR l."figures_checked_at" < NEW."checked_at");
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_listing_figures_changed" BEFORE UPDATE OF "annual_revenue_pence", "net_profit_pence" ON "business_listing"
  FOR EACH ROW WHEN (OLD."annual_revenue_pence" IS DISTINCT FROM NEW."annual_revenue_pence" OR OLD."net_profit_pence" IS DISTINCT FROM NEW."net_profit_pence")
  EXECUTE FUNCTION "hbs_listing_figures_changed"();`,
    `CREATE TRIGGER "listing_figures_check_recorded" AFTER INSERT ON "listing_figures_check"
  FOR EACH ROW EXECUTE FUNCTION "hbs_listing_figures_checked"();`,
  ],
  rebuild: [
    `LOCK TABLE "listing_figures_check" IN SHARE MODE`,
    `UPDATE "business_listing" l SET "figures_checked_at" = (${latestCheckOf("l")})
  WHERE l."figures_checked_at" IS DISTINCT FROM (${latestCheckOf("l")})`,
  ],
  contents: `SELECT "id", "figures_checked_at" FROM "business_listing" ORDER BY "id"`,
};

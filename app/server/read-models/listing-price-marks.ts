// business_listing.first_published_price_pence and price_reduced_at, with the
// price history they are worked out from, listing_price (decision 0084).
//
// Why: /buy's "New this week" and "Price reduced" badges, filter and "Biggest
// price reduction" sort (searchListings in
// app/features/marketplace/listings.server.ts) read the listing row alone, by
// an index, with no join to its history.
//
// listing_price itself is history, not a read model: one row per asking price
// a listing had while published, from when. Nothing else holds those prices
// once they have changed, so it is never rebuilt. Both are written by these
// triggers, not by the application, because a price reaches a listing by
// several paths (publishing, a seller's revision staff approve, a staff edit,
// the seed) and none of them may forget it. The marks are worked out again
// from listing_price by the rebuild.
//
// To change what keeps them, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

const latestPrice = `SELECT p."asking_price_pence" FROM "listing_price" p WHERE p."listing_id" = NEW."id" ORDER BY p."since" DESC, p."id" DESC LIMIT 1`;

export const listingPriceMarks: ReadModel = {
  name: "business_listing.first_published_price_pence, price_reduced_at (from listing_price)",
  functions: [
    // Before the row is written, against the history before this price: the
    // first published price once, and the reduction's date when the price
    // goes down below it; a price back at or above it is no longer reduced.
    `CREATE OR REPLACE FUNCTION "hbs_listing_price_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
BEGIN
  IF NEW."first_published_price_pence" IS NULL THEN
    NEW."first_published_price_pence" := NEW."asking_price_pence";
    NEW."price_reduced_at" := NULL;
  ELSIF NEW."asking_price_pence" >= NEW."first_published_price_pence" THEN
    NEW."price_reduced_at" := NULL;
  ELSE
    ${latestPrice} INTO latest;
    IF NEW."asking_price_pence" < latest THEN
      NEW."price_reduced_at" := now();
    END IF;
  END IF;
  RETURN NEW;
END $$;`,
    // After the row is written, so that the history's foreign key finds it.
    `CREATE OR REPLACE FUNCTION "hbs_listing_price_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_price" ("listing_id", "asking_price_pence", "since")
  SELECT NEW."id", NEW."asking_price_pence", now()
  WHERE NEW."asking_price_pence" IS DISTINCT FROM (${latestPrice});
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_listing_price_marks" BEFORE INSERT OR UPDATE OF "asking_price_pence", "status" ON "business_listing"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "hbs_listing_price_marks"();`,
    `CREATE TRIGGER "business_listing_price_history" AFTER INSERT OR UPDATE OF "asking_price_pence", "status" ON "business_listing"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "hbs_listing_price_history"();`,
  ],
  // The last reduction: the latest price below both the one before it and the
  // first, while the price is still below the first.
  rebuild: [
    `LOCK TABLE "listing_price" IN SHARE MODE`,
    `UPDATE "business_listing" l SET "first_published_price_pence" = m."first", "price_reduced_at" = m."reduced_at"
  FROM (
    SELECT "listing_id", min("first") AS "first",
      CASE WHEN min("latest") < min("first")
        THEN max("since") FILTER (WHERE "asking_price_pence" < "before" AND "asking_price_pence" < "first") END AS "reduced_at"
    FROM (
      SELECT "listing_id", "asking_price_pence", "since",
        first_value("asking_price_pence") OVER w AS "first",
        lag("asking_price_pence") OVER w AS "before",
        last_value("asking_price_pence") OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "latest"
      FROM "listing_price" WINDOW w AS (PARTITION BY "listing_id" ORDER BY "since", "id")
    ) steps
    GROUP BY "listing_id"
  ) m
  WHERE m."listing_id" = l."id"
    AND (l."first_published_price_pence", l."price_reduced_at") IS DISTINCT FROM (m."first", m."reduced_at")`,
  ],
  contents: `SELECT "id", "first_published_price_pence", "price_reduced_at" FROM "business_listing" ORDER BY "id"`,
};

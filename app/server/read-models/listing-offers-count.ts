// business_listing.offers_count: the "N Offers Made" a listing shows, worked
// out as its earlier_offers_count (offers recorded before HBS took offers
// itself: the sample listings' counts) plus every offer a buyer has made on
// HBS, first offers and counters alike (decision 0088).
//
// Why: cards on /buy, the home page and saved listings show the count without
// counting a listing's offers.
//
// Kept by triggers, not by the application, so that no path that adds or
// removes an offer (a buyer's offer, a thread deleted with an account) can
// forget it: one on the listing, when its earlier count is written, and one on
// each offer a buyer makes or that is deleted. Offers are private; the count is not, as before.
//
// To change what keeps it, edit the SQL here and write a migration that runs
// the same SQL: tests/integration/read-models.test.ts fails until the
// migrated database and this file agree (docs/design/read-models.md).
import type { ReadModel } from "./read-model";

const buyersOffers = (listingId: string) =>
  `SELECT count(*)::int FROM "offer" o WHERE o."listing_id" = ${listingId} AND o."made_by" = 'buyer'`;

export const listingOffersCount: ReadModel = {
  name: "business_listing.offers_count (from earlier_offers_count and offer)",
  functions: [
    `CREATE OR REPLACE FUNCTION "hbs_listing_offers_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."offers_count" := NEW."earlier_offers_count" + (${buyersOffers(`NEW."id"`)});
  RETURN NEW;
END $$;`,
    `CREATE OR REPLACE FUNCTION "hbs_offer_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "business_listing" SET "offers_count" = "offers_count" + 1 WHERE "id" = NEW."listing_id";
  ELSE
    UPDATE "business_listing" SET "offers_count" = "offers_count" - 1 WHERE "id" = OLD."listing_id";
  END IF;
  RETURN NULL;
END $$;`,
  ],
  triggers: [
    `CREATE TRIGGER "business_listing_offers_count" BEFORE INSERT OR UPDATE OF "earlier_offers_count" ON "business_listing"
  FOR EACH ROW EXECUTE FUNCTION "hbs_listing_offers_count"();`,
    `CREATE TRIGGER "offer_counted" AFTER INSERT ON "offer"
  FOR EACH ROW WHEN (NEW."made_by" = 'buyer') EXECUTE FUNCTION "hbs_offer_counted"();`,
    `CREATE TRIGGER "offer_uncounted" AFTER DELETE ON "offer"
  FOR EACH ROW WHEN (OLD."made_by" = 'buyer') EXECUTE FUNCTION "hbs_offer_counted"();`,
  ],
  rebuild: [
    `LOCK TABLE "offer" IN SHARE MODE`,
    `UPDATE "business_listing" l SET "offers_count" = l."earlier_offers_count" + (${buyersOffers(`l."id"`)})
  WHERE l."offers_count" IS DISTINCT FROM l."earlier_offers_count" + (${buyersOffers(`l."id"`)})`,
  ],
  contents: `SELECT "id", "offers_count" FROM "business_listing" ORDER BY "id"`,
};

-- Two of /buy's filters counted from an index alone (docs/decisions/0053-open-now-counted-from-its-changes.md):
-- "net profit at least" with whether a confidential listing shows its profit,
-- and "hide under offer" as a partial index in the default order.
DROP INDEX "business_listing_status_profit_idx";--> statement-breakpoint
CREATE INDEX "business_listing_not_under_offer_idx" ON "business_listing" USING btree ("status","published_at") WHERE "business_listing"."under_offer_at" is null;--> statement-breakpoint
CREATE INDEX "business_listing_status_profit_idx" ON "business_listing" USING btree ("status","net_profit_pence","confidential","confidential_figures");
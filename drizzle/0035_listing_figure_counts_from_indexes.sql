-- /buy's price, turnover and lease filters counted from an index alone, as
-- the profit filter is (migration 0033), and each of the four with a category
-- too: each index holds whether a confidential listing shows the figure, and
-- the category (docs/decisions/0056-typos-looked-up-among-words.md).
DROP INDEX "business_listing_status_price_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_revenue_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_profit_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_lease_years_idx";--> statement-breakpoint
CREATE INDEX "business_listing_status_price_idx" ON "business_listing" USING btree ("status","asking_price_pence","confidential","confidential_figures","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_revenue_idx" ON "business_listing" USING btree ("status","annual_revenue_pence","confidential","confidential_figures","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_profit_idx" ON "business_listing" USING btree ("status","net_profit_pence","confidential","confidential_figures","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_lease_years_idx" ON "business_listing" USING btree ("status","lease_years_remaining","confidential","confidential_figures","category");
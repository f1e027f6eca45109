-- /buy's filters, sorts and counts, and the alerts, read a listing's position
-- and figures as anyone may know them: generated columns, null while a
-- confidential listing hides them, and the indexes on them instead of the
-- stored values (docs/decisions/0062-confidential-listings-searched-as-shown.md).
DROP INDEX "business_listing_status_lat_lng_newest_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_price_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_revenue_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_revenue_order_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_profit_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_lease_years_idx";--> statement-breakpoint
DROP INDEX "business_listing_status_tenure_idx";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_latitude" double precision GENERATED ALWAYS AS (case when not "business_listing"."confidential" then "business_listing"."latitude" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_longitude" double precision GENERATED ALWAYS AS (case when not "business_listing"."confidential" then "business_listing"."longitude" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_asking_price_pence" integer GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'askingPrice' then "business_listing"."asking_price_pence" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_monthly_lease_pence" integer GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'lease' then "business_listing"."monthly_lease_pence" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_annual_revenue_pence" integer GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'turnover' then "business_listing"."annual_revenue_pence" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_net_profit_pence" integer GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'netProfit' then "business_listing"."net_profit_pence" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_tenure" "listing_tenure" GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'tenure' then "business_listing"."tenure" end) STORED;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_lease_years_remaining" integer GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'tenure' then "business_listing"."lease_years_remaining" end) STORED;--> statement-breakpoint
CREATE INDEX "business_listing_status_price_order_idx" ON "business_listing" USING btree ("status","public_asking_price_pence" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "business_listing_status_lat_lng_newest_idx" ON "business_listing" USING btree ("status","public_latitude","public_longitude","published_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_price_idx" ON "business_listing" USING btree ("status","public_asking_price_pence","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_revenue_idx" ON "business_listing" USING btree ("status","public_annual_revenue_pence","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_revenue_order_idx" ON "business_listing" USING btree ("status","public_annual_revenue_pence" DESC NULLS LAST,"public_monthly_lease_pence" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "business_listing_status_profit_idx" ON "business_listing" USING btree ("status","public_net_profit_pence","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_lease_years_idx" ON "business_listing" USING btree ("status","public_lease_years_remaining","category");--> statement-breakpoint
CREATE INDEX "business_listing_status_tenure_idx" ON "business_listing" USING btree ("status","public_tenure","published_at");
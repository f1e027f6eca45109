DROP INDEX "business_listing_status_lat_lng_idx";--> statement-breakpoint
DROP INDEX "directory_business_town_order_idx";--> statement-breakpoint
CREATE INDEX "business_listing_status_lat_lng_newest_idx" ON "business_listing" USING btree ("status","latitude","longitude","published_at","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_revenue_order_idx" ON "business_listing" USING btree ("status","annual_revenue_pence" DESC NULLS LAST,"monthly_lease_pence" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "directory_business_town_order_idx" ON "directory_business" USING btree ("published",lower("town"),"showcased" DESC NULLS FIRST,"name","id","town");
-- "Open now" tests a business from its hours' index alone, and nearest first
-- keeps the businesses not featured from the position index alone
-- (docs/decisions/0050-nearest-first-tested-as-sorted.md).
DROP INDEX "business_hours_business_idx";--> statement-breakpoint
DROP INDEX "directory_business_published_lat_lng_name_idx";--> statement-breakpoint
CREATE INDEX "business_hours_business_idx" ON "business_hours" USING btree ("business_id","weekday","opens_minute","closes_after_minute");--> statement-breakpoint
CREATE INDEX "directory_business_published_lat_lng_name_idx" ON "directory_business" USING btree ("published","latitude","longitude","name","id","showcased");
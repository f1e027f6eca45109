-- The radius search's count reads a narrow index of positions and category;
-- its page, and nearest first's circles, find the category in the wide one
-- (docs/decisions/0057-radius-counts-from-a-narrow-index.md).
DROP INDEX "directory_business_published_lat_lng_name_idx";--> statement-breakpoint
CREATE INDEX "directory_business_published_position_idx" ON "directory_business" USING btree ("published","latitude","longitude","category");--> statement-breakpoint
CREATE INDEX "directory_business_published_lat_lng_name_idx" ON "directory_business" USING btree ("published","latitude","longitude","name","id","showcased","open_week","category");
CREATE INDEX "business_view_day_by_day_idx" ON "business_view_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listing_view_day_by_day_idx" ON "listing_view_day" USING btree ("day");
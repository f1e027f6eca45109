CREATE INDEX "business_listing_status_town_name_idx" ON "business_listing" USING btree ("status","town");--> statement-breakpoint
CREATE INDEX "directory_business_published_town_idx" ON "directory_business" USING btree ("published","town");--> statement-breakpoint
-- Nearest first on the directory: with parallel plans PostgreSQL computes the
-- distance of every row in a parallel sequential scan (45–65 ms at 100,000
-- businesses on 2 cores); without, it walks directory_business_order_idx and
-- sorts only the featured rows by distance (about 4 ms). See bench/README.md.
ALTER TABLE "directory_business" SET (parallel_workers = 0);

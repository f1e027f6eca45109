-- Nearest first sorts the featured businesses apart, by their positions read
-- from this index alone (docs/decisions/0049-nearest-first-featured-apart-the-rest-in-circles.md).
CREATE INDEX "directory_business_featured_position_idx" ON "directory_business" USING btree ("published","latitude","longitude","name","id") WHERE "directory_business"."showcased";
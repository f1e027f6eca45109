-- The certifier filter's index, with the halal status and alcohol after the id,
-- so that a count with those filters reads the index alone
-- (docs/decisions/0053-open-now-counted-from-its-changes.md).
DROP INDEX "directory_business_certifier_order_idx";--> statement-breakpoint
CREATE INDEX "directory_business_certifier_order_idx" ON "directory_business" USING btree ("published","halal_certifier_body","showcased" DESC NULLS FIRST,"name","id","halal_status","alcohol_served");
CREATE TYPE "public"."lease_type" AS ENUM('new_lease', 'assignment');--> statement-breakpoint
CREATE TYPE "public"."listing_tenure" AS ENUM('leasehold', 'freehold', 'no_premises');--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "under_offer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "tenure" "listing_tenure";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "annual_rent_pence" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "lease_years_remaining" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "lease_type" "lease_type";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "net_profit_pence" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "staff_full_time" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "staff_part_time" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "stock_value_pence" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "rateable_value_pence" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "year_established" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "reason_for_sale" text;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "trading_hours" text;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "accommodation_included" boolean;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "accommodation_description" text;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "relocatable" boolean;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "halal_certifier" text;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "halal_status" "halal_status";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "alcohol_licence" boolean;--> statement-breakpoint
CREATE INDEX "business_listing_status_profit_idx" ON "business_listing" USING btree ("status","net_profit_pence");--> statement-breakpoint
CREATE INDEX "business_listing_status_lease_years_idx" ON "business_listing" USING btree ("status","lease_years_remaining");--> statement-breakpoint
CREATE INDEX "business_listing_status_tenure_idx" ON "business_listing" USING btree ("status","tenure","published_at");--> statement-breakpoint
CREATE INDEX "business_listing_accommodation_idx" ON "business_listing" USING btree ("status","published_at") WHERE "business_listing"."accommodation_included";--> statement-breakpoint
CREATE INDEX "business_listing_relocatable_idx" ON "business_listing" USING btree ("status","published_at") WHERE "business_listing"."relocatable";
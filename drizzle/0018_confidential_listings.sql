-- Confidential listings (decision 0033): the listing's flag, generic title and shown figures;
-- its search document holds only the generic text while it is confidential (the two
-- generated columns are rebuilt, and their trigram indexes with them); and the NDA acceptances.
CREATE TABLE "listing_nda" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"full_name" text NOT NULL,
	"nda_version" text NOT NULL,
	"ip_address" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "confidential_title" text;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "confidential_figures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "business_listing" drop column "search_text";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "search_text" text GENERATED ALWAYS AS (case when "business_listing"."confidential" then lower(coalesce("business_listing"."confidential_title", '') || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || coalesce(split_part("business_listing"."postcode", ' ', 1), '')) else lower("business_listing"."title" || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || "business_listing"."town" || ' ' || "business_listing"."description") end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "business_listing" drop column "search_title";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "search_title" text GENERATED ALWAYS AS (case when "business_listing"."confidential" then lower(coalesce("business_listing"."confidential_title", '') || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || coalesce(split_part("business_listing"."postcode", ' ', 1), '')) else lower("business_listing"."title" || ' ' || (case category when 'food' then 'Food & Beverage' when 'retail' then 'Retail' when 'ecommerce' then 'E-commerce' when 'distribution' then 'Distribution' when 'services' then 'Services' when 'other' then 'Other' else category end) || ' ' || "business_listing"."town") end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "business_listing_search_trgm_idx" ON "business_listing" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_listing_search_title_trgm_idx" ON "business_listing" USING gin ("search_title" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "listing_nda" ADD CONSTRAINT "listing_nda_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_nda" ADD CONSTRAINT "listing_nda_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_nda_listing_user_idx" ON "listing_nda" USING btree ("listing_id","user_id");--> statement-breakpoint
CREATE INDEX "listing_nda_user_idx" ON "listing_nda" USING btree ("user_id");

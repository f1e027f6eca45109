CREATE TABLE "listing_price" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"asking_price_pence" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "first_published_price_pence" integer;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "price_reduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "public_price_reduced_at" timestamp with time zone GENERATED ALWAYS AS (case when not "business_listing"."confidential" or "business_listing"."confidential_figures" ? 'askingPrice' then "business_listing"."price_reduced_at" end) STORED;--> statement-breakpoint
ALTER TABLE "listing_price" ADD CONSTRAINT "listing_price_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_price_listing_since_idx" ON "listing_price" USING btree ("listing_id","since","id");--> statement-breakpoint
CREATE INDEX "business_listing_status_price_reduced_idx" ON "business_listing" USING btree ("status","public_price_reduced_at");
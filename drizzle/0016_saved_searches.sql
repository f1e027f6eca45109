CREATE TYPE "public"."alert_frequency" AS ENUM('instant', 'daily', 'weekly', 'off');--> statement-breakpoint
CREATE TABLE "saved_search" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"frequency" "alert_frequency" DEFAULT 'daily' NOT NULL,
	"checked_through" timestamp with time zone DEFAULT now() NOT NULL,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_sent" (
	"search_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_sent_search_id_listing_id_pk" PRIMARY KEY("search_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "saved_listing" ADD COLUMN "price_pence_seen" integer;--> statement-breakpoint
ALTER TABLE "saved_listing" ADD COLUMN "under_offer_at_seen" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_search" ADD CONSTRAINT "saved_search_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent" ADD CONSTRAINT "saved_search_sent_search_id_saved_search_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_search"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent" ADD CONSTRAINT "saved_search_sent_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_user_idx" ON "saved_search" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_search_frequency_idx" ON "saved_search" USING btree ("frequency","id");--> statement-breakpoint
CREATE INDEX "saved_search_sent_listing_idx" ON "saved_search_sent" USING btree ("listing_id");--> statement-breakpoint
-- Saved listings kept before alerts existed start from what they show now: only later changes are news.
UPDATE "saved_listing" SET "price_pence_seen" = l."asking_price_pence", "under_offer_at_seen" = l."under_offer_at"
FROM "business_listing" l WHERE l."id" = "saved_listing"."listing_id";

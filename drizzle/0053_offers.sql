CREATE TYPE "public"."offer_side" AS ENUM('buyer', 'seller');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('open', 'accepted', 'declined', 'countered', 'withdrawn');--> statement-breakpoint
CREATE TABLE "offer" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"made_by" "offer_side" NOT NULL,
	"made_by_id" text,
	"amount_pence" integer NOT NULL,
	"conditions" text,
	"expires_at" timestamp with time zone NOT NULL,
	"status" "offer_status" DEFAULT 'open' NOT NULL,
	"counter_of_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "earlier_offers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_thread_id_message_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_thread"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_made_by_id_user_id_fk" FOREIGN KEY ("made_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer" ADD CONSTRAINT "offer_counter_of_id_offer_id_fk" FOREIGN KEY ("counter_of_id") REFERENCES "public"."offer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_thread_created_idx" ON "offer" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_listing_idx" ON "offer" USING btree ("listing_id");--> statement-breakpoint
UPDATE "business_listing" SET "earlier_offers_count" = "offers_count";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_listing_offers_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."offers_count" := NEW."earlier_offers_count" + (SELECT count(*)::int FROM "offer" o WHERE o."listing_id" = NEW."id" AND o."made_by" = 'buyer');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_offer_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "business_listing" SET "offers_count" = "offers_count" + 1 WHERE "id" = NEW."listing_id";
  ELSE
    UPDATE "business_listing" SET "offers_count" = "offers_count" - 1 WHERE "id" = OLD."listing_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_listing_offers_count" BEFORE INSERT OR UPDATE OF "earlier_offers_count" ON "business_listing"
  FOR EACH ROW EXECUTE FUNCTION "hbs_listing_offers_count"();--> statement-breakpoint
CREATE TRIGGER "offer_counted" AFTER INSERT ON "offer"
  FOR EACH ROW WHEN (NEW."made_by" = 'buyer') EXECUTE FUNCTION "hbs_offer_counted"();--> statement-breakpoint
CREATE TRIGGER "offer_uncounted" AFTER DELETE ON "offer"
  FOR EACH ROW WHEN (OLD."made_by" = 'buyer') EXECUTE FUNCTION "hbs_offer_counted"();

CREATE TYPE "public"."package_billing" AS ENUM('monthly', 'one_month');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('payment', 'failure', 'refund');--> statement-breakpoint
CREATE TYPE "public"."promotion_level" AS ENUM('showcase', 'spotlight');--> statement-breakpoint
ALTER TYPE "public"."enquiry_kind" ADD VALUE 'package_order';--> statement-breakpoint
CREATE TABLE "payment" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"stripe_object_id" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"receipt_url" text,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_customer" (
	"user_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customer_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_event" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
DROP INDEX "directory_business_order_idx";--> statement-breakpoint
DROP INDEX "directory_business_category_order_idx";--> statement-breakpoint
DROP INDEX "directory_business_town_order_idx";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "promotion" "promotion_level";--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "showcased" boolean GENERATED ALWAYS AS ("business_listing"."featured" or "business_listing"."promotion" is not null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "promotion" "promotion_level";--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "showcased" boolean GENERATED ALWAYS AS ("directory_business"."featured" or "directory_business"."promotion" is not null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "service_package" ADD COLUMN "billing" "package_billing" DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "service_package" ADD COLUMN "promotion" "promotion_level";--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "package_id" integer;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "stripe_state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customer" ADD CONSTRAINT "stripe_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_kind_object_idx" ON "payment" USING btree ("kind","stripe_object_id");--> statement-breakpoint
CREATE INDEX "payment_subscription_idx" ON "payment" USING btree ("subscription_id","occurred_at");--> statement-breakpoint
CREATE INDEX "stripe_event_unprocessed_idx" ON "stripe_event" USING btree ("received_at") WHERE "stripe_event"."processed_at" is null;--> statement-breakpoint
ALTER TABLE "directory_business" ADD CONSTRAINT "directory_business_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_package_id_service_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."service_package"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_listing_promoted_idx" ON "business_listing" USING btree ("id") WHERE "business_listing"."promotion" is not null;--> statement-breakpoint
CREATE INDEX "directory_business_owner_idx" ON "directory_business" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "directory_business_promoted_idx" ON "directory_business" USING btree ("id") WHERE "directory_business"."promotion" is not null;--> statement-breakpoint
CREATE INDEX "subscription_business_idx" ON "subscription" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "subscription_listing_idx" ON "subscription" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "subscription_active_end_idx" ON "subscription" USING btree ("end_date") WHERE "subscription"."status" = 'active';--> statement-breakpoint
CREATE INDEX "directory_business_order_idx" ON "directory_business" USING btree ("published","showcased" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "directory_business_category_order_idx" ON "directory_business" USING btree ("published","category","showcased" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "directory_business_town_order_idx" ON "directory_business" USING btree ("published",lower("town"),"showcased" DESC NULLS FIRST,"name","id");--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_stripe_checkout_session_id_unique" UNIQUE("stripe_checkout_session_id");--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id");--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id");--> statement-breakpoint
-- The seeded packages as section 9 sells them (a new database gets these from the seed).
UPDATE "service_package" SET "billing" = 'one_month' WHERE "slug" IN ('feature-package', 'premier-package');--> statement-breakpoint
UPDATE "service_package" SET "promotion" = 'showcase' WHERE "slug" = 'starter-package';--> statement-breakpoint
UPDATE "service_package" SET "promotion" = 'spotlight' WHERE "slug" IN ('feature-package', 'premier-package');

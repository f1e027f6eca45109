CREATE TYPE "public"."listing_revision_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "listing_check_link" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_revision" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"status" "listing_revision_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "shared_with_seller" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_check_link" ADD CONSTRAINT "listing_check_link_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_revision" ADD CONSTRAINT "listing_revision_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_check_link_listing_idx" ON "listing_check_link" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_revision_pending_idx" ON "listing_revision" USING btree ("listing_id") WHERE "listing_revision"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_listing_lifecycle_idx" ON "business_listing" USING btree (coalesce("confirmed_at", "published_at")) WHERE "business_listing"."status" = 'published';--> statement-breakpoint
CREATE INDEX "enquiry_listing_idx" ON "enquiry" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "enquiry_submission_email_idx" ON "enquiry" USING btree (lower("fields"->>'contactEmail')) WHERE "enquiry"."kind" = 'listing_submission';
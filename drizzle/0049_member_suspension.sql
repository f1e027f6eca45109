ALTER TYPE "public"."listing_status" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "status_before_suspension" "listing_status";--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "hidden_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "reply_hidden_by_suspension" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "review_reply_by_idx" ON "review" USING btree ("reply_by") WHERE "review"."reply_by" is not null;
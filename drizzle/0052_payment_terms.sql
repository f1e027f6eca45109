CREATE TYPE "public"."payment_term" AS ENUM('full', 'deferred', 'staged', 'shariah_finance');--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "payment_terms" "payment_term"[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "business_listing_payment_terms_idx" ON "business_listing" USING gin ("payment_terms");
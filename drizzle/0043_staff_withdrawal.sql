ALTER TABLE "business_listing" ADD COLUMN "withdrawn_by_staff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "withdrawal_reason" text;
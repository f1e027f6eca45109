ALTER TYPE "public"."enquiry_kind" ADD VALUE 'place_suggestion';--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "reported_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "closure_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "enquiry_closure_report_idx" ON "enquiry" USING btree ("business_id","created_at") WHERE "enquiry"."fields"->>'change' = 'closed_down' and "enquiry"."user_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_closure_reported"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "directory_business" b SET "reported_closed_at" = NEW."created_at"
  WHERE b."id" = NEW."business_id" AND b."reported_closed_at" IS NULL
    AND (SELECT count(DISTINCT e."user_id") FROM "enquiry" e WHERE e."business_id" = b."id" AND e."kind"::text = 'business_report' AND e."fields"->>'change' = 'closed_down' AND e."user_id" IS NOT NULL AND e."created_at" > coalesce(b."closure_checked_at", '-infinity') AND e."created_at" > NEW."created_at" - interval '30 days') >= 3;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "enquiry_closure_reported" AFTER INSERT ON "enquiry" FOR EACH ROW WHEN (NEW."kind"::text = 'business_report' AND NEW."business_id" IS NOT NULL AND NEW."user_id" IS NOT NULL AND (NEW."fields"->>'change') = 'closed_down') EXECUTE FUNCTION "hbs_closure_reported"();--> statement-breakpoint
UPDATE "directory_business" b SET "reported_closed_at" = (SELECT min(r."created_at") FROM "enquiry" r WHERE r."business_id" = b."id" AND r."kind"::text = 'business_report' AND r."fields"->>'change' = 'closed_down' AND r."user_id" IS NOT NULL AND r."created_at" > coalesce(b."closure_checked_at", '-infinity')
    AND (SELECT count(DISTINCT e."user_id") FROM "enquiry" e WHERE e."business_id" = b."id" AND e."kind"::text = 'business_report' AND e."fields"->>'change' = 'closed_down' AND e."user_id" IS NOT NULL AND e."created_at" > coalesce(b."closure_checked_at", '-infinity') AND e."created_at" <= r."created_at" AND e."created_at" > r."created_at" - interval '30 days') >= 3)
  WHERE b."reported_closed_at" IS DISTINCT FROM (SELECT min(r."created_at") FROM "enquiry" r WHERE r."business_id" = b."id" AND r."kind"::text = 'business_report' AND r."fields"->>'change' = 'closed_down' AND r."user_id" IS NOT NULL AND r."created_at" > coalesce(b."closure_checked_at", '-infinity')
    AND (SELECT count(DISTINCT e."user_id") FROM "enquiry" e WHERE e."business_id" = b."id" AND e."kind"::text = 'business_report' AND e."fields"->>'change' = 'closed_down' AND e."user_id" IS NOT NULL AND e."created_at" > coalesce(b."closure_checked_at", '-infinity') AND e."created_at" <= r."created_at" AND e."created_at" > r."created_at" - interval '30 days') >= 3);
CREATE TYPE "public"."halal_certifier_body" AS ENUM('hmc', 'hfa', 'hmb', 'hab', 'mfb', 'other');--> statement-breakpoint
CREATE TYPE "public"."halal_evidence" AS ENUM('certificate_seen', 'business_declared', 'visited');--> statement-breakpoint
CREATE TYPE "public"."halal_slaughter" AS ENUM('hand', 'machine');--> statement-breakpoint
ALTER TYPE "public"."enquiry_kind" ADD VALUE 'business_report';--> statement-breakpoint
CREATE TABLE "business_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_hours_exception" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"on_date" date NOT NULL,
	"opens_minute" smallint,
	"closes_minute" smallint,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_certifier_body" "halal_certifier_body";--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_certificate_number" text;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_certificate_expires" date;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_slaughter" "halal_slaughter";--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_stunned" boolean;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_evidence" "halal_evidence";--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_checked_on" date;--> statement-breakpoint
ALTER TABLE "enquiry" ADD COLUMN "business_id" integer;--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_hours_exception" ADD CONSTRAINT "business_hours_exception_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_hours_business_idx" ON "business_hours" USING btree ("business_id","weekday");--> statement-breakpoint
CREATE INDEX "business_hours_open_idx" ON "business_hours" USING btree ("weekday","opens_minute","closes_minute","business_id");--> statement-breakpoint
CREATE INDEX "business_hours_exception_business_idx" ON "business_hours_exception" USING btree ("business_id","on_date");--> statement-breakpoint
CREATE INDEX "business_hours_exception_date_idx" ON "business_hours_exception" USING btree ("on_date","business_id");--> statement-breakpoint
ALTER TABLE "enquiry" ADD CONSTRAINT "enquiry_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_business_certifier_order_idx" ON "directory_business" USING btree ("published","halal_certifier_body","showcased" DESC NULLS FIRST,"name","id");--> statement-breakpoint
CREATE INDEX "directory_business_fully_halal_order_idx" ON "directory_business" USING btree ("published","showcased" DESC NULLS FIRST,"name","id") WHERE "directory_business"."halal_status" = 'fully_halal';--> statement-breakpoint
CREATE INDEX "directory_business_no_alcohol_order_idx" ON "directory_business" USING btree ("published","showcased" DESC NULLS FIRST,"name","id") WHERE "directory_business"."alcohol_served" = false;--> statement-breakpoint
-- The free-text certifier becomes a body, keeping the text only for others.
UPDATE "directory_business" SET
	"halal_certifier_body" = (CASE upper(trim("halal_certifier"))
		WHEN 'HMC' THEN 'hmc' WHEN 'HFA' THEN 'hfa' WHEN 'HMB' THEN 'hmb'
		WHEN 'HALAL AUTHORITY BOARD' THEN 'hab' WHEN 'HAB' THEN 'hab'
		WHEN 'MUSLIM FOOD BOARD' THEN 'mfb' WHEN 'MFB' THEN 'mfb'
		ELSE 'other' END)::"halal_certifier_body",
	"halal_certifier" = (CASE WHEN upper(trim("halal_certifier")) IN ('HMC', 'HFA', 'HMB', 'HALAL AUTHORITY BOARD', 'HAB', 'MUSLIM FOOD BOARD', 'MFB') THEN NULL ELSE "halal_certifier" END)
WHERE "halal_certifier" IS NOT NULL;--> statement-breakpoint
-- Stored periods are whole minutes of a day, weekdays ISO (1 = Monday).
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_valid" CHECK ("weekday" BETWEEN 1 AND 7 AND "opens_minute" BETWEEN 0 AND 1439 AND "closes_minute" BETWEEN 0 AND 1439);--> statement-breakpoint
ALTER TABLE "business_hours_exception" ADD CONSTRAINT "business_hours_exception_valid" CHECK (("opens_minute" IS NULL) = ("closes_minute" IS NULL) AND coalesce("opens_minute" BETWEEN 0 AND 1439 AND "closes_minute" BETWEEN 0 AND 1439, true));
--> statement-breakpoint
-- Hours are shown on public pages: a change empties every server's page cache (decision 0016).
CREATE TRIGGER "business_hours_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_hours" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "business_hours_exception_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_hours_exception" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();

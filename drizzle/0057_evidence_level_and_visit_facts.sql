CREATE TABLE "business_confirmation" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"confirmed_on" date NOT NULL,
	"month" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_confirmation_once_a_month" UNIQUE("business_id","user_id","month")
);
--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "halal_meat_supplier" text;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "evidence_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "last_confirmed_on" date;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "menu_url" text;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "price_band" smallint;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "dine_in" boolean;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "takeaway" boolean;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "delivery" boolean;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "prayer_space" boolean;--> statement-breakpoint
ALTER TABLE "business_confirmation" ADD CONSTRAINT "business_confirmation_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_confirmation" ADD CONSTRAINT "business_confirmation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_confirmation_business_idx" ON "business_confirmation" USING btree ("business_id","confirmed_on");--> statement-breakpoint
CREATE INDEX "business_confirmation_user_idx" ON "business_confirmation" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "directory_business_evidence_order_idx" ON "directory_business" USING btree ("published","evidence_level" DESC NULLS FIRST,"showcased" DESC NULLS FIRST,"name","id","category");--> statement-breakpoint
CREATE INDEX "directory_business_facts_order_idx" ON "directory_business" USING btree ("published","showcased" DESC NULLS FIRST,"name","id","evidence_level","prayer_space","dine_in","takeaway","delivery");--> statement-breakpoint
ALTER TABLE "directory_business" ADD CONSTRAINT "directory_business_price_band_check" CHECK ("directory_business"."price_band" between 1 and 4);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_evidence_level"("of_business" integer, "status" halal_status, "evidence" halal_evidence, "checked_on" date, "expires" date, "on_day" date) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE
    WHEN "status" IS NULL THEN 0
    WHEN "evidence" = 'certificate_seen' AND "checked_on" >= "on_day" - 365 AND "expires" >= "on_day" THEN 4
    WHEN "evidence" = 'visited' AND "checked_on" >= "on_day" - 365 THEN 3
    WHEN (SELECT count(DISTINCT c."user_id") FROM "business_confirmation" c
          WHERE c."business_id" = "of_business" AND c."confirmed_on" > "on_day" - 183) >= 3 THEN 2
    ELSE 1
  END)::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_evidence_level_of_business"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."evidence_level" := "hbs_evidence_level"(NEW."id", NEW."halal_status", NEW."halal_evidence", NEW."halal_checked_on", NEW."halal_certificate_expires", (now() AT TIME ZONE 'Europe/London')::date);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_evidence_level_confirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "confirmed" integer := CASE WHEN TG_OP = 'DELETE' THEN OLD."business_id" ELSE NEW."business_id" END;
BEGIN
  UPDATE "directory_business" b SET
    "evidence_level" = "hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", (now() AT TIME ZONE 'Europe/London')::date),
    "last_confirmed_on" = (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id")
  WHERE b."id" = "confirmed";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "directory_business_evidence_level" BEFORE INSERT OR UPDATE OF "halal_status", "halal_evidence", "halal_checked_on", "halal_certificate_expires" ON "directory_business" FOR EACH ROW EXECUTE FUNCTION "hbs_evidence_level_of_business"();--> statement-breakpoint
CREATE TRIGGER "business_confirmation_evidence_level" AFTER INSERT OR DELETE ON "business_confirmation" FOR EACH ROW EXECUTE FUNCTION "hbs_evidence_level_confirmed"();--> statement-breakpoint
UPDATE "directory_business" b SET "evidence_level" = "hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", (now() AT TIME ZONE 'Europe/London')::date),
    "last_confirmed_on" = (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id")
  WHERE ("evidence_level", "last_confirmed_on") IS DISTINCT FROM ("hbs_evidence_level"(b."id", b."halal_status", b."halal_evidence", b."halal_checked_on", b."halal_certificate_expires", (now() AT TIME ZONE 'Europe/London')::date),
    (SELECT max(c."confirmed_on") FROM "business_confirmation" c WHERE c."business_id" = b."id"));
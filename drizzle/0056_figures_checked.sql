CREATE TYPE "public"."listing_evidence_kind" AS ENUM('accounts', 'accountant_letter', 'vat_returns', 'other');--> statement-breakpoint
CREATE TABLE "listing_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"uploaded_by" text,
	"kind" "listing_evidence_kind" NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"original_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_evidence_stored_name_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "listing_figures_check" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"staff_id" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"year_ended" date NOT NULL,
	"turnover_checked" boolean NOT NULL,
	"net_profit_checked" boolean NOT NULL,
	"annual_revenue_pence" integer,
	"net_profit_pence" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "listing_figures_check_something" CHECK ("listing_figures_check"."turnover_checked" or "listing_figures_check"."net_profit_checked")
);
--> statement-breakpoint
ALTER TABLE "business_listing" ADD COLUMN "figures_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_evidence" ADD CONSTRAINT "listing_evidence_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_evidence" ADD CONSTRAINT "listing_evidence_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_figures_check" ADD CONSTRAINT "listing_figures_check_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_figures_check" ADD CONSTRAINT "listing_figures_check_staff_id_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_evidence_listing_idx" ON "listing_evidence" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_figures_check_listing_idx" ON "listing_figures_check" USING btree ("listing_id","checked_at");--> statement-breakpoint
CREATE INDEX "business_listing_figures_checked_idx" ON "business_listing" USING btree ("status","published_at") WHERE "business_listing"."figures_checked_at" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_listing_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."figures_checked_at" := (SELECT max(c."checked_at") FROM "listing_figures_check" c WHERE c."listing_id" = NEW."id" AND c."annual_revenue_pence" IS NOT DISTINCT FROM NEW."annual_revenue_pence" AND c."net_profit_pence" IS NOT DISTINCT FROM NEW."net_profit_pence");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_listing_figures_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "business_listing" l SET "figures_checked_at" = NEW."checked_at"
  WHERE l."id" = NEW."listing_id"
    AND l."annual_revenue_pence" IS NOT DISTINCT FROM NEW."annual_revenue_pence"
    AND l."net_profit_pence" IS NOT DISTINCT FROM NEW."net_profit_pence"
    AND (l."figures_checked_at" IS NULL OR l."figures_checked_at" < NEW."checked_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_listing_figures_changed" BEFORE UPDATE OF "annual_revenue_pence", "net_profit_pence" ON "business_listing"
  FOR EACH ROW WHEN (OLD."annual_revenue_pence" IS DISTINCT FROM NEW."annual_revenue_pence" OR OLD."net_profit_pence" IS DISTINCT FROM NEW."net_profit_pence")
  EXECUTE FUNCTION "hbs_listing_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "listing_figures_check_recorded" AFTER INSERT ON "listing_figures_check"
  FOR EACH ROW EXECUTE FUNCTION "hbs_listing_figures_checked"();
CREATE TYPE "public"."review_report_status" AS ENUM('open', 'dismissed', 'upheld');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('published', 'held', 'removed');--> statement-breakpoint
CREATE TABLE "review" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text NOT NULL,
	"visited_on" date,
	"status" "review_status" NOT NULL,
	"hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"fingerprint" text NOT NULL,
	"network_hash" text NOT NULL,
	"removal_reason" text,
	"removed_as_fake" boolean DEFAULT false NOT NULL,
	"decided_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"status" "review_report_status" DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "review_warning" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "reviews_banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_business_user_idx" ON "review" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "review_business_newest_idx" ON "review" USING btree ("business_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_held_idx" ON "review" USING btree ("created_at","id") WHERE "review"."status" = 'held';--> statement-breakpoint
CREATE INDEX "review_decided_idx" ON "review" USING btree ("decided_at") WHERE "review"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "review_fingerprint_idx" ON "review" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "review_network_idx" ON "review" USING btree ("business_id","network_hash","created_at");--> statement-breakpoint
CREATE INDEX "review_user_idx" ON "review" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "review_report_open_idx" ON "review_report" USING btree ("created_at","id") WHERE "review_report"."status" = 'open';--> statement-breakpoint
CREATE INDEX "review_report_review_idx" ON "review_report" USING btree ("review_id");--> statement-breakpoint
-- A business page shows its reviews: a change to one empties every server's page cache (decision 0016), as
-- the business's own row does.
CREATE TRIGGER "review_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();

CREATE TABLE "review_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photo_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "review_report" ADD COLUMN "photo_id" integer;--> statement-breakpoint
ALTER TABLE "review_photo" ADD CONSTRAINT "review_photo_review_id_review_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photo_review_idx" ON "review_photo" USING btree ("review_id","id");--> statement-breakpoint
ALTER TABLE "review_report" ADD CONSTRAINT "review_report_photo_id_review_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."review_photo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "review_photo_public_content_inserted" AFTER INSERT ON "review_photo" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_photo_public_content_updated" AFTER UPDATE ON "review_photo" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_photo_public_content_deleted" AFTER DELETE ON "review_photo" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "review_photo_public_content_truncated" AFTER TRUNCATE ON "review_photo" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
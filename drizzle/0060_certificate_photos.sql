CREATE TYPE "public"."certificate_photo_status" AS ENUM('pending', 'shown', 'rejected');--> statement-breakpoint
CREATE TABLE "certificate_photo" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text,
	"from_owner" boolean NOT NULL,
	"name" text NOT NULL,
	"status" "certificate_photo_status" DEFAULT 'pending' NOT NULL,
	"checked_by" text,
	"checked_by_name" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_photo_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "certificate_photo" ADD CONSTRAINT "certificate_photo_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_photo" ADD CONSTRAINT "certificate_photo_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_photo" ADD CONSTRAINT "certificate_photo_checked_by_user_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_photo_business_idx" ON "certificate_photo" USING btree ("business_id","status","checked_at");--> statement-breakpoint
CREATE INDEX "certificate_photo_pending_idx" ON "certificate_photo" USING btree ("created_at","id") WHERE "certificate_photo"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "certificate_photo_user_idx" ON "certificate_photo" USING btree ("user_id");--> statement-breakpoint
CREATE TRIGGER "certificate_photo_public_content_inserted" AFTER INSERT ON "certificate_photo" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "certificate_photo_public_content_updated" AFTER UPDATE ON "certificate_photo" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "certificate_photo_public_content_deleted" AFTER DELETE ON "certificate_photo" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "certificate_photo_public_content_truncated" AFTER TRUNCATE ON "certificate_photo" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
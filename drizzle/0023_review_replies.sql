ALTER TABLE "review" ADD COLUMN "reply_body" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "reply_by" text;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review" ADD COLUMN "reply_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_reply_by_user_id_fk" FOREIGN KEY ("reply_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;
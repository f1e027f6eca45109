CREATE TYPE "public"."business_submission_status" AS ENUM('pending', 'approved', 'merged', 'rejected');--> statement-breakpoint
CREATE TABLE "business_submission" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" integer,
	"status" "business_submission_status" DEFAULT 'pending' NOT NULL,
	"sent" jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"proof_email" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"proved_at" timestamp with time zone,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_submission" ADD CONSTRAINT "business_submission_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_submission" ADD CONSTRAINT "business_submission_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_submission" ADD CONSTRAINT "business_submission_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_submission_status_idx" ON "business_submission" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "business_submission_user_idx" ON "business_submission" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_submission_business_idx" ON "business_submission" USING btree ("business_id");
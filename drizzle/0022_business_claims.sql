CREATE TYPE "public"."business_claim_method" AS ENUM('code', 'documents');--> statement-breakpoint
CREATE TYPE "public"."business_claim_status" AS ENUM('code_sent', 'pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "business_claim" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"method" "business_claim_method" NOT NULL,
	"status" "business_claim_status" NOT NULL,
	"email" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_view" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "business_view_business_id_day_visitor_hash_pk" PRIMARY KEY("business_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "business_view_day" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "business_view_day_business_id_day_pk" PRIMARY KEY("business_id","day")
);
--> statement-breakpoint
CREATE TABLE "business_halal_proposal" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"changes" jsonb NOT NULL,
	"status" "listing_revision_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_claim" ADD CONSTRAINT "business_claim_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_view" ADD CONSTRAINT "business_view_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_view_day" ADD CONSTRAINT "business_view_day_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_halal_proposal" ADD CONSTRAINT "business_halal_proposal_business_id_directory_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."directory_business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_halal_proposal" ADD CONSTRAINT "business_halal_proposal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_claim_open_idx" ON "business_claim" USING btree ("business_id","user_id") WHERE "business_claim"."status" in ('code_sent', 'pending');--> statement-breakpoint
CREATE INDEX "business_claim_user_idx" ON "business_claim" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "business_claim_status_idx" ON "business_claim" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "business_view_day_idx" ON "business_view" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "business_halal_proposal_pending_idx" ON "business_halal_proposal" USING btree ("business_id") WHERE "business_halal_proposal"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "business_halal_proposal_status_idx" ON "business_halal_proposal" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "favourite_business_business_idx" ON "favourite_business" USING btree ("business_id","created_at");
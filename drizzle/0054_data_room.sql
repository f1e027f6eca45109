CREATE TYPE "public"."data_room_access_status" AS ENUM('requested', 'admitted', 'refused', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."data_room_activity_action" AS ENUM('view', 'download');--> statement-breakpoint
CREATE TYPE "public"."data_room_document_kind" AS ENUM('accounts', 'lease', 'licence', 'inventory', 'other');--> statement-breakpoint
CREATE TABLE "data_room_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"status" "data_room_access_status" DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_room_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"document_id" integer,
	"document_title" text NOT NULL,
	"buyer_id" text,
	"buyer_name" text NOT NULL,
	"action" "data_room_activity_action" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_room_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"kind" "data_room_document_kind" NOT NULL,
	"title" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_room_document_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "data_room_access" ADD CONSTRAINT "data_room_access_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_access" ADD CONSTRAINT "data_room_access_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_activity" ADD CONSTRAINT "data_room_activity_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_activity" ADD CONSTRAINT "data_room_activity_document_id_data_room_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."data_room_document"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_activity" ADD CONSTRAINT "data_room_activity_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_room_document" ADD CONSTRAINT "data_room_document_listing_id_business_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."business_listing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "data_room_access_listing_buyer_idx" ON "data_room_access" USING btree ("listing_id","buyer_id");--> statement-breakpoint
CREATE INDEX "data_room_access_buyer_idx" ON "data_room_access" USING btree ("buyer_id");--> statement-breakpoint
CREATE INDEX "data_room_activity_listing_idx" ON "data_room_activity" USING btree ("listing_id","at");--> statement-breakpoint
CREATE INDEX "data_room_document_listing_idx" ON "data_room_document" USING btree ("listing_id","uploaded_at");
CREATE TABLE "fsa_establishment" (
	"fhrsid" integer PRIMARY KEY NOT NULL,
	"local_authority_code" text NOT NULL,
	"local_authority_name" text,
	"business_name" text NOT NULL,
	"business_type" text,
	"address" text,
	"postcode" text,
	"scheme_type" text NOT NULL,
	"rating_value" text NOT NULL,
	"rating_date" date,
	"new_rating_pending" boolean DEFAULT false NOT NULL,
	"name_key" text NOT NULL,
	"postcode_key" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "fhrsid" integer;--> statement-breakpoint
CREATE INDEX "fsa_establishment_postcode_idx" ON "fsa_establishment" USING btree ("postcode_key");--> statement-breakpoint
CREATE INDEX "fsa_establishment_name_trgm_idx" ON "fsa_establishment" USING gin ("name_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fsa_establishment_authority_idx" ON "fsa_establishment" USING btree ("local_authority_code");--> statement-breakpoint
ALTER TABLE "directory_business" ADD CONSTRAINT "directory_business_fhrsid_fsa_establishment_fhrsid_fk" FOREIGN KEY ("fhrsid") REFERENCES "public"."fsa_establishment"("fhrsid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_business_fhrsid_idx" ON "directory_business" USING btree ("fhrsid");
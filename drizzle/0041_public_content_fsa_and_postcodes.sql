-- Every table a public page reads announces its changes (decision 0016, as
-- 0039 made it: only a statement that changed rows). The hygiene ratings that
-- npm run fsa:import loads, and the postcodes that npm run db:postcodes loads
-- (which place businesses and listings for "near"), were missing: a new rating
-- waited for the page's copy to expire.
CREATE TRIGGER "fsa_establishment_public_content_inserted" AFTER INSERT ON "fsa_establishment" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fsa_establishment_public_content_updated" AFTER UPDATE ON "fsa_establishment" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fsa_establishment_public_content_deleted" AFTER DELETE ON "fsa_establishment" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "fsa_establishment_public_content_truncated" AFTER TRUNCATE ON "fsa_establishment" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "postcode_location_public_content_inserted" AFTER INSERT ON "postcode_location" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "postcode_location_public_content_updated" AFTER UPDATE ON "postcode_location" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "postcode_location_public_content_deleted" AFTER DELETE ON "postcode_location" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "postcode_location_public_content_truncated" AFTER TRUNCATE ON "postcode_location" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();

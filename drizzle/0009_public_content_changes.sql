-- Every server keeps rendered public pages for a while (decision 0016). A
-- change to what those pages show — listings, directory businesses, packages
-- — is announced on the channel hbs_public_content when it commits, and every
-- server listening empties its page cache. Once per statement, not per row:
-- a bulk import is one message.
CREATE FUNCTION "hbs_public_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hbs_public_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "business_listing_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_listing" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "directory_business_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "directory_business" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();--> statement-breakpoint
CREATE TRIGGER "service_package_public_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "service_package" FOR EACH STATEMENT EXECUTE FUNCTION "hbs_public_content_changed"();

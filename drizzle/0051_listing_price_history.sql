CREATE OR REPLACE FUNCTION "hbs_listing_price_marks"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
BEGIN
  IF NEW."first_published_price_pence" IS NULL THEN
    NEW."first_published_price_pence" := NEW."asking_price_pence";
    NEW."price_reduced_at" := NULL;
  ELSIF NEW."asking_price_pence" >= NEW."first_published_price_pence" THEN
    NEW."price_reduced_at" := NULL;
  ELSE
    SELECT p."asking_price_pence" FROM "listing_price" p WHERE p."listing_id" = NEW."id" ORDER BY p."since" DESC, p."id" DESC LIMIT 1 INTO latest;
    IF NEW."asking_price_pence" < latest THEN
      NEW."price_reduced_at" := now();
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "hbs_listing_price_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_price" ("listing_id", "asking_price_pence", "since")
  SELECT NEW."id", NEW."asking_price_pence", now()
  WHERE NEW."asking_price_pence" IS DISTINCT FROM (SELECT p."asking_price_pence" FROM "listing_price" p WHERE p."listing_id" = NEW."id" ORDER BY p."since" DESC, p."id" DESC LIMIT 1);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "business_listing_price_marks" BEFORE INSERT OR UPDATE OF "asking_price_pence", "status" ON "business_listing"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "hbs_listing_price_marks"();--> statement-breakpoint
CREATE TRIGGER "business_listing_price_history" AFTER INSERT OR UPDATE OF "asking_price_pence", "status" ON "business_listing"
  FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "hbs_listing_price_history"();--> statement-breakpoint
-- Each listing ever published starts its history with the price it has now, from when it was published.
INSERT INTO "listing_price" ("listing_id", "asking_price_pence", "since")
SELECT "id", "asking_price_pence", "published_at" FROM "business_listing" WHERE "published_at" IS NOT NULL;--> statement-breakpoint
UPDATE "business_listing" l SET "first_published_price_pence" = m."first", "price_reduced_at" = m."reduced_at"
  FROM (
    SELECT "listing_id", min("first") AS "first",
      CASE WHEN min("latest") < min("first")
        THEN max("since") FILTER (WHERE "asking_price_pence" < "before" AND "asking_price_pence" < "first") END AS "reduced_at"
    FROM (
      SELECT "listing_id", "asking_price_pence", "since",
        first_value("asking_price_pence") OVER w AS "first",
        lag("asking_price_pence") OVER w AS "before",
        last_value("asking_price_pence") OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "latest"
      FROM "listing_price" WINDOW w AS (PARTITION BY "listing_id" ORDER BY "since", "id")
    ) steps
    GROUP BY "listing_id"
  ) m
  WHERE m."listing_id" = l."id"
    AND (l."first_published_price_pence", l."price_reduced_at") IS DISTINCT FROM (m."first", m."reduced_at");

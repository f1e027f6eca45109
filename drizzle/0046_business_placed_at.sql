CREATE TYPE "public"."placed_at" AS ENUM('given', 'postcode', 'district', 'town');--> statement-breakpoint
ALTER TABLE "directory_business" ADD COLUMN "placed_at" "placed_at";--> statement-breakpoint
-- Businesses already placed: at their full postcode, their district's centre
-- or their town's (the mean of its districts' centres, as a town is resolved)
-- when their position is exactly that one, else as given (typed by staff).
UPDATE "directory_business" b SET "placed_at" = CASE
  WHEN EXISTS (SELECT 1 FROM "postcode_location" p WHERE p."kind" = 'full'
    AND replace(p."postcode", ' ', '') = replace(upper(b."postcode"), ' ', '')
    AND p."latitude" = b."latitude" AND p."longitude" = b."longitude") THEN 'postcode'::"placed_at"
  WHEN EXISTS (SELECT 1 FROM "postcode_location" p WHERE p."kind" = 'district'
    AND p."postcode" = left(replace(upper(b."postcode"), ' ', ''), length(replace(b."postcode", ' ', '')) - 3)
    AND p."latitude" = b."latitude" AND p."longitude" = b."longitude") THEN 'district'::"placed_at"
  WHEN EXISTS (SELECT 1 FROM "postcode_location" p WHERE p."kind" = 'district'
    AND (lower(p."town") = lower(b."town") OR lower(p."area") = lower(b."town"))
    GROUP BY p."area"
    HAVING abs(avg(p."latitude") - b."latitude") < 1e-9 AND abs(avg(p."longitude") - b."longitude") < 1e-9)
    THEN 'town'::"placed_at"
  ELSE 'given'::"placed_at" END
WHERE b."latitude" IS NOT NULL AND b."longitude" IS NOT NULL;

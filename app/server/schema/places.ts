// Places: postcodes and towns (decision 0034).
import { sql } from "drizzle-orm";
import { doublePrecision, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";

export const postcodeKind = pgEnum("postcode_kind", ["district", "full"]);

/**
 * Where a postcode is, from data the server holds: the centroid of every
 * postcode district (shipped, loaded by migration 0019 from
 * db/reference/uk-outcodes.csv) and full postcodes an operator loads with
 * `npm run db:postcodes`. `postcode` is upper case with one space ("NP44 1PU"),
 * a district's is its outward code ("NP44"). Towns are the districts' `town`
 * (a locality) and `area` (its local authority).
 */
export const postcodeLocation = pgTable(
  "postcode_location",
  {
    postcode: text("postcode").primaryKey(),
    kind: postcodeKind("kind").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    town: text("town"),
    area: text("area"),
    region: text("region"),
  },
  // Towns are looked up among the districts only: partial indexes leave out the millions of full postcodes.
  (t) => [
    index("postcode_location_town_idx")
      .on(sql`lower(${t.town})`)
      .where(sql`${t.kind} = 'district'`),
    index("postcode_location_area_idx")
      .on(sql`lower(${t.area})`)
      .where(sql`${t.kind} = 'district'`),
    index("postcode_location_region_idx")
      .on(sql`lower(${t.region})`)
      .where(sql`${t.kind} = 'district'`),
  ],
);

// A directory business's opening hours: its weekly periods and the dates they do not apply (decision 0028).
import { sql, type SQL } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { directoryBusiness, halalCertifierBody } from "./directory";
import { halalStatus } from "./shared";

/**
 * Weekly opening periods in Europe/London wall-clock time (docs/decisions/
 * 0028-opening-hours.md). Weekday 1 is Monday. A period whose closing minute
 * is not after its opening minute runs past midnight into the next day, and
 * belongs to the day it opens.
 */
export const businessHours = pgTable(
  "business_hours",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    opensMinute: smallint("opens_minute").notNull(),
    closesMinute: smallint("closes_minute").notNull(),
    // The closing minute counted from the opening day's midnight, past 1,440
    // for a period that runs past midnight: "open at minute m" is then one
    // range of this column, today's and yesterday's alike.
    closesAfterMinute: smallint("closes_after_minute")
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`case when closes_minute <= opens_minute then closes_minute + 1440 else closes_minute end`,
      ),
    // Copies of the business's, kept by triggers (migrations 0026, 0027), so
    // that "open now" is counted from this table alone, with the directory's
    // category, location and halal filters (decisions 0043, 0045). Never
    // written by the application: the triggers overwrite whatever it sends.
    // A read model: app/server/read-models/business-hours-copies.ts.
    published: boolean("published").notNull().default(false),
    category: text("category").notNull().default(""),
    // The town lower-cased, as the location filter compares it.
    townKey: text("town_key").notNull().default(""),
    halalStatus: halalStatus("halal_status"),
    halalCertifierBody: halalCertifierBody("halal_certifier_body"),
    alcoholServed: boolean("alcohol_served"),
  },
  (t) => {
    // "Open now" reads the periods of today and yesterday, and counts them, from these indexes alone.
    const openAtMinute = [
      t.weekday,
      t.published,
      t.closesAfterMinute,
      t.opensMinute,
      t.businessId,
      t.category,
    ] as const;
    return [
      // With the minutes, so "open now" tests a business from this index alone (decision 0050).
      index("business_hours_business_idx").on(t.businessId, t.weekday, t.opensMinute, t.closesAfterMinute),
      index("business_hours_open_now_idx").on(...openAtMinute),
      // With a location or halal filters: twice the width, so "open now"
      // alone reads the narrower one above (decision 0045).
      index("business_hours_open_now_filters_idx").on(
        ...openAtMinute,
        t.townKey,
        t.halalStatus,
        t.halalCertifierBody,
        t.alcoholServed,
      ),
      // With a location or a certifier, the two filters that keep a few
      // businesses in a hundred: their periods of the day alone, where the
      // index above reads every period of the day still open at the minute
      // and tests each one's town and certifier (decision 0058).
      index("business_hours_open_now_town_idx").on(
        t.weekday,
        t.published,
        t.townKey,
        t.closesAfterMinute,
        t.opensMinute,
        t.businessId,
        t.category,
        t.halalStatus,
        t.halalCertifierBody,
        t.alcoholServed,
      ),
      index("business_hours_open_now_certifier_idx").on(
        t.weekday,
        t.published,
        t.halalCertifierBody,
        t.closesAfterMinute,
        t.opensMinute,
        t.businessId,
        t.category,
        t.townKey,
        t.halalStatus,
        t.alcoholServed,
      ),
    ];
  },
);

/**
 * A London date on which the weekly schedule does not apply: closed all day
 * (no minutes) or open for the periods given, one row each.
 */
export const businessHoursException = pgTable(
  "business_hours_exception",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    onDate: date("on_date").notNull(),
    opensMinute: smallint("opens_minute"),
    closesMinute: smallint("closes_minute"),
    note: text("note"),
  },
  (t) => [
    index("business_hours_exception_business_idx").on(t.businessId, t.onDate),
    index("business_hours_exception_date_idx").on(t.onDate, t.businessId),
  ],
);

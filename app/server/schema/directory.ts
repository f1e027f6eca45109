// Directory: halal businesses, and the FSA's food hygiene data staff link them to (decision 0029).
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { user } from "./account";
import { halalStatus, promotionLevel, timestamps, wordsOf } from "./shared";

/**
 * A set of integer ranges (PostgreSQL's int4multirange), kept as its text,
 * "{[540,1050),[1980,2490)}": only SQL reads it (`@>`), never the application.
 */
const int4Multirange = customType<{ data: string; driverData: string }>({ dataType: () => "int4multirange" });

export const directoryCategory = pgEnum("directory_category", ["food", "other"]);
/**
 * How a business's position was found (decision 0074): given as coordinates,
 * at its full postcode, or only at its postcode district's or town's centre,
 * where a distance would be false.
 */
export const placedAt = pgEnum("placed_at", ["given", "postcode", "district", "town"]);
// Halal evidence (docs/decisions/0027-halal-evidence.md).
export const halalCertifierBody = pgEnum("halal_certifier_body", ["hmc", "hfa", "hmb", "hab", "mfb", "other"]);
export const halalSlaughter = pgEnum("halal_slaughter", ["hand", "machine"]);
export const halalEvidence = pgEnum("halal_evidence", ["certificate_seen", "business_declared", "visited"]);

export const directoryBusiness = pgTable(
  "directory_business",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    // The name's words, where a typo'd search word is forgiven (decision 0056).
    nameWords: text("name_words")
      .array()
      .notNull()
      .generatedAlwaysAs((): SQL => wordsOf(sql`lower(${directoryBusiness.name})`)),
    category: directoryCategory("category").notNull(),
    description: text("description").notNull(),
    town: text("town").notNull(),
    address: text("address"),
    postcode: text("postcode"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    // Null when the business has no position.
    placedAt: placedAt("placed_at"),
    phone: text("phone"),
    website: text("website"),
    image: text("image"),
    // Who may buy promotion for it (set by staff); null: no member.
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    // Set by staff; `promotion` by what the owner has paid for (decision 0026).
    featured: boolean("featured").notNull().default(false),
    promotion: promotionLevel("promotion"),
    // Featured in the directory (first, with the badge): by staff or by a paid package.
    showcased: boolean("showcased")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${directoryBusiness.featured} or ${directoryBusiness.promotion} is not null`),
    published: boolean("published").notNull().default(true),
    // The certifying body; `halal_certifier` holds its name when it is 'other'.
    halalCertifierBody: halalCertifierBody("halal_certifier_body"),
    halalCertifier: text("halal_certifier"),
    halalStatus: halalStatus("halal_status"),
    halalCertificateNumber: text("halal_certificate_number"),
    halalCertificateExpires: date("halal_certificate_expires"),
    // As the certifier states it; null when not stated.
    halalSlaughter: halalSlaughter("halal_slaughter"),
    halalStunned: boolean("halal_stunned"),
    alcoholServed: boolean("alcohol_served"),
    // How HBS knows, and the UK day it was last checked.
    halalEvidence: halalEvidence("halal_evidence"),
    halalCheckedOn: date("halal_checked_on"),
    // Where its meat comes from, as the business or its certifier names the supplier.
    halalMeatSupplier: text("halal_meat_supplier"),
    // How strong the halal evidence is, 0 (not stated) to 4 (certificate
    // checked), by the rules of decision 0091; and the UK day a diner last
    // confirmed it. Kept by triggers and a daily job, never written by the
    // application. A read model: app/server/read-models/evidence-level.ts.
    evidenceLevel: smallint("evidence_level").notNull().default(0),
    lastConfirmedOn: date("last_confirmed_on"),
    // Set when three members reported it closed within 30 days (decision
    // 0092), until staff decide; kept by a trigger on enquiry, never written
    // by the application but for staff's decision, which also sets
    // `closure_checked_at`: reports before it no longer count.
    // A read model: app/server/read-models/reported-closed.ts.
    reportedClosedAt: timestamp("reported_closed_at", { withTimezone: true }),
    closureCheckedAt: timestamp("closure_checked_at", { withTimezone: true }),
    // What diners need to go (issue #47): null when not stated.
    menuUrl: text("menu_url"),
    // £ to ££££.
    priceBand: smallint("price_band"),
    dineIn: boolean("dine_in"),
    takeaway: boolean("takeaway"),
    delivery: boolean("delivery"),
    prayerSpace: boolean("prayer_space"),
    // Its establishment in the FSA's food hygiene data, linked by staff (decision 0029).
    fhrsid: integer("fhrsid").references(() => fsaEstablishment.fhrsid),
    // Published reviews' count and star total, kept in the transaction that
    // changes a review, so lists show the average without aggregating (decision 0035).
    // A read model: app/server/read-models/review-totals.ts.
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    // Set by staff when the business was found buying reviews; shown on its page.
    reviewWarning: text("review_warning"),
    // The minutes of the week it is open, from Monday 00:00 London time
    // (0–10,079), as its weekly periods give them: kept by triggers on
    // business_hours (migration 0030), never written by the application.
    // "Open now" tests it in the row (decision 0051). A read model: its
    // triggers and rebuild are in app/server/read-models/open-week.ts.
    openWeek: int4Multirange("open_week").notNull().default("{}"),
    ...timestamps,
  },
  // Each list order has an index that returns a page without sorting.
  (t) => [
    index("directory_business_order_idx").on(t.published, t.showcased.desc().nullsFirst(), t.name, t.id),
    index("directory_business_category_order_idx").on(
      t.published,
      t.category,
      t.showcased.desc().nullsFirst(),
      t.name,
      t.id,
    ),
    // The town itself last: PostgreSQL reads an index alone only when it holds
    // the columns of its expressions, so a town's count(*) reads its thousands
    // of entries here rather than every business's (decision 0042).
    index("directory_business_town_order_idx").on(
      t.published,
      sql`lower(${t.town})`,
      t.showcased.desc().nullsFirst(),
      t.name,
      t.id,
      t.town,
    ),
    // The 'All Locations' dropdown's SELECT DISTINCT town reads only this index.
    index("directory_business_published_town_idx").on(t.published, t.town),
    // "Near a postcode or town": the radius search's bounding box (decision 0034),
    // with the page's order after the distance, so the page is chosen from
    // the index alone (decision 0042); nearest first's circles keep the
    // businesses not featured from it alone too (decision 0050), and test
    // them for "open now" (decision 0051); a category too (decision 0057).
    index("directory_business_published_lat_lng_name_idx").on(
      t.published,
      t.latitude,
      t.longitude,
      t.name,
      t.id,
      t.showcased,
      t.openWeek,
      t.category,
    ),
    // The radius search's count, with or without a category: the box read
    // from an index a third of the size of the one above (decision 0057).
    index("directory_business_published_position_idx").on(t.published, t.latitude, t.longitude, t.category),
    // Nearest first sorts the featured businesses apart (decision 0049): their positions from this index alone.
    index("directory_business_featured_position_idx")
      .on(t.published, t.latitude, t.longitude, t.name, t.id, t.openWeek)
      .where(sql`${t.showcased}`),
    index("directory_business_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("directory_business_name_words_idx").using("gin", t.nameWords),
    // "Fully halal only" and "No alcohol" keep about half the rows: partial
    // indexes in the default order let their count(*) read the index alone.
    index("directory_business_fully_halal_order_idx")
      .on(t.published, t.showcased.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.halalStatus} = 'fully_halal'`),
    index("directory_business_no_alcohol_order_idx")
      .on(t.published, t.showcased.desc().nullsFirst(), t.name, t.id)
      .where(sql`${t.alcoholServed} = false`),
    // The certifier filter in the default order. The halal status and
    // alcohol after the id (unique, so they change no order) let a count
    // with those filters too read the index alone (decision 0053).
    index("directory_business_certifier_order_idx").on(
      t.published,
      t.halalCertifierBody,
      t.showcased.desc().nullsFirst(),
      t.name,
      t.id,
      t.halalStatus,
      t.alcoholServed,
    ),
    // "Strongest halal evidence first", and a minimum level in that order
    // (decision 0091); the category after the id, so that a category's count
    // and page read the index alone.
    index("directory_business_evidence_order_idx").on(
      t.published,
      t.evidenceLevel.desc().nullsFirst(),
      t.showcased.desc().nullsFirst(),
      t.name,
      t.id,
      t.category,
    ),
    // A minimum level, a prayer space or a service in the default order:
    // the columns after the id (unique, so they change no order) let the
    // page and its count test them in the index alone.
    index("directory_business_facts_order_idx").on(
      t.published,
      t.showcased.desc().nullsFirst(),
      t.name,
      t.id,
      t.evidenceLevel,
      t.prayerSpace,
      t.dineIn,
      t.takeaway,
      t.delivery,
    ),
    check("directory_business_price_band_check", sql`${t.priceBand} between 1 and 4`),
    index("directory_business_owner_idx").on(t.ownerId),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("directory_business_updated_idx").on(t.updatedAt, t.id),
    index("directory_business_created_idx").on(t.createdAt, t.id),
    index("directory_business_name_id_idx").on(t.name, t.id),
    index("directory_business_town_id_idx").on(t.town, t.id),
    index("directory_business_town_trgm_idx").using("gin", sql`lower(${t.town}) gin_trgm_ops`),
    index("directory_business_postcode_trgm_idx").using(
      "gin",
      sql`upper(replace(${t.postcode}, ' ', '')) gin_trgm_ops`,
    ),
    index("directory_business_fhrsid_idx").on(t.fhrsid),
    index("directory_business_promoted_idx")
      .on(t.id)
      .where(sql`${t.promotion} is not null`),
  ],
);

/**
 * Food businesses as the Food Standards Agency's open data lists them
 * (docs/decisions/0029-food-hygiene-ratings.md), one row per FHRSID, as last
 * imported from its local authority's file. The rating is the FSA's own text:
 * 0–5 or a status in England, Wales and Northern Ireland (FHRS), "Pass" or
 * "Improvement Required" and the like in Scotland (FHIS).
 */
export const fsaEstablishment = pgTable(
  "fsa_establishment",
  {
    fhrsid: integer("fhrsid").primaryKey(),
    localAuthorityCode: text("local_authority_code").notNull(),
    localAuthorityName: text("local_authority_name"),
    businessName: text("business_name").notNull(),
    businessType: text("business_type"),
    address: text("address"),
    postcode: text("postcode"),
    schemeType: text("scheme_type").notNull(),
    ratingValue: text("rating_value").notNull(),
    ratingDate: date("rating_date"),
    newRatingPending: boolean("new_rating_pending").notNull().default(false),
    // For staff's suggestions: the name lower-cased without punctuation, the postcode without spaces.
    nameKey: text("name_key").notNull(),
    postcodeKey: text("postcode_key"),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fsa_establishment_postcode_idx").on(t.postcodeKey),
    index("fsa_establishment_name_trgm_idx").using("gin", sql`${t.nameKey} gin_trgm_ops`),
    // The daily job's "which authorities' files": linked establishments, by authority.
    index("fsa_establishment_authority_idx").on(t.localAuthorityCode),
  ],
);

/**
 * A member's "still as described" on a business they visited (decision
 * 0091): once per business in each London month, so a month's repeat
 * changes nothing. Counted into its business's evidence level.
 */
export const businessConfirmation = pgTable(
  "business_confirmation",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // The London day it was confirmed; `month` its first day, for the once-a-month key.
    confirmedOn: date("confirmed_on").notNull(),
    month: date("month").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("business_confirmation_once_a_month").on(t.businessId, t.userId, t.month),
    index("business_confirmation_business_idx").on(t.businessId, t.confirmedOn),
    index("business_confirmation_user_idx").on(t.userId),
  ],
);

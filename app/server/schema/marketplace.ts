// Marketplace: businesses for sale, and who accepted a confidential listing's NDA (decision 0033).
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  type AnyPgColumn,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
// Relative, not "~/": drizzle-kit loads this file without our path aliases.
import { listingCategories } from "../../lib/categories";
import { user } from "./account";
import { halalStatus, promotionLevel, timestamps, wordsOf } from "./shared";

export const listingStatus = pgEnum("listing_status", [
  "pending",
  "published",
  "rejected",
  "sold",
  "withdrawn",
  // Not confirmed by its seller for 90 days (decision 0030); the seller can renew it.
  "expired",
  // Its seller's account is suspended (decision 0078): the status it had waits in
  // status_before_suspension, and restoring the account puts it back.
  "suspended",
]);
// The UK facts a buyer looks for (decision 0023): typed columns, so /buy can filter on them.
export const listingTenure = pgEnum("listing_tenure", ["leasehold", "freehold", "no_premises"]);
export const leaseType = pgEnum("lease_type", ["new_lease", "assignment"]);
// The ways a seller accepts to be paid (decision 0085): none of them with interest.
export const paymentTerm = pgEnum("payment_term", ["full", "deferred", "staged", "shariah_finance"]);

// The category's label inside SQL, so that searching "beverage" finds food.
const categoryLabelSql = sql.raw(
  `(case category ${Object.entries(listingCategories)
    .map(([code, label]) => `when '${code}' then '${label}'`)
    .join(" ")} else category end)`,
);

// A confidential listing's search document (decision 0033): only what anyone may see — the
// generic title, the category and the postcode district — so search never matches the hidden text.
const confidentialSearchSql = (): SQL =>
  sql`lower(coalesce(${businessListing.confidentialTitle}, '') || ' ' || ${categoryLabelSql} || ' ' || coalesce(split_part(${businessListing.postcode}, ' ', 1), ''))`;

/**
 * The figures a seller may show on a confidential listing, as confidential_figures stores them;
 * their labels and the fields each one shows are the marketplace's (confidential.ts).
 */
export type ConfidentialFigure =
  "askingPrice" | "turnover" | "netProfit" | "lease" | "tenure" | "staff" | "stock" | "rateableValue" | "established";

// What anyone may know of a confidential listing (decision 0062): a figure only while the seller
// shows it, and no position at all, as if the seller had never given them. /buy's filters, sorts and
// counts and the alerts read only these, so nothing hidden can narrow, order or count a listing.
const publicFigure = (column: AnyPgColumn, figure: ConfidentialFigure): SQL =>
  sql`case when not ${businessListing.confidential} or ${businessListing.confidentialFigures} ? ${sql.raw(`'${figure}'`)} then ${column} end`;
const publicPosition = (column: AnyPgColumn): SQL =>
  sql`case when not ${businessListing.confidential} then ${column} end`;

export const businessListing = pgTable(
  "business_listing",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    category: text("category").notNull(),
    town: text("town").notNull(),
    postcode: text("postcode"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    askingPricePence: integer("asking_price_pence").notNull(),
    // The spec's "revenue", shown as Lease/Month.
    monthlyLeasePence: integer("monthly_lease_pence"),
    annualRevenuePence: integer("annual_revenue_pence"),
    description: text("description").notNull(),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    // Set by staff; `promotion` by what the seller has paid for (decision 0026).
    featured: boolean("featured").notNull().default(false),
    promotion: promotionLevel("promotion"),
    // Featured in the lists: by staff or by a paid package.
    showcased: boolean("showcased")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${businessListing.featured} or ${businessListing.promotion} is not null`),
    // "N Offers Made": offers recorded before HBS took offers itself (the sample listings' counts),
    // written by the application, and offers_count, kept by the triggers in
    // app/server/read-models/listing-offers-count.ts as those plus the buyers' offers made on HBS
    // (decision 0088). Never written by the application.
    earlierOffersCount: integer("earlier_offers_count").notNull().default(0),
    offersCount: integer("offers_count").notNull().default(0),
    status: listingStatus("status").notNull().default("pending"),
    // Told to the seller when staff turn a submission down.
    rejectionReason: text("rejection_reason"),
    // Set while staff have taken the listing down, with the reason the seller was told: only staff
    // put it back (decision 0063); a seller's own withdrawal leaves them null.
    withdrawnByStaffAt: timestamp("withdrawn_by_staff_at", { withTimezone: true }),
    withdrawalReason: text("withdrawal_reason"),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "set null" }),
    // What the status was before its seller was suspended; set only while the status is "suspended".
    statusBeforeSuspension: listingStatus("status_before_suspension"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // Under offer while set and the listing is still published; shown with its date, hidden on request.
    underOfferAt: timestamp("under_offer_at", { withTimezone: true }),
    // When the seller last said it is still for sale (decision 0030); the 60- and 90-day clock runs
    // from this, or from publishedAt before the first confirmation.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // When the seller was last asked "Is your listing still available?".
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    // Key facts, all optional and all the seller's word (null: not said).
    tenure: listingTenure("tenure"),
    annualRentPence: integer("annual_rent_pence"),
    leaseYearsRemaining: integer("lease_years_remaining"),
    leaseType: leaseType("lease_type"),
    netProfitPence: integer("net_profit_pence"),
    staffFullTime: integer("staff_full_time"),
    staffPartTime: integer("staff_part_time"),
    // Stock at valuation, on top of the asking price.
    stockValuePence: integer("stock_value_pence"),
    rateableValuePence: integer("rateable_value_pence"),
    yearEstablished: integer("year_established"),
    reasonForSale: text("reason_for_sale"),
    tradingHours: text("trading_hours"),
    accommodationIncluded: boolean("accommodation_included"),
    accommodationDescription: text("accommodation_description"),
    relocatable: boolean("relocatable"),
    halalCertifier: text("halal_certifier"),
    halalStatus: halalStatus("halal_status"),
    alcoholLicence: boolean("alcohol_licence"),
    // The payment terms the seller accepts (decision 0085), in paymentTerms' order; empty: not said.
    // Not a figure a confidential listing hides: they say nothing of which business it is.
    paymentTerms: paymentTerm("payment_terms")
      .array()
      .notNull()
      .default(sql`'{}'`),
    // A confidential sale (decision 0033): anyone without access sees only the generic title,
    // the postcode district and the figures named in confidential_figures.
    confidential: boolean("confidential").notNull().default(false),
    confidentialTitle: text("confidential_title"),
    confidentialFigures: jsonb("confidential_figures").$type<string[]>().notNull().default([]),
    // Kept by the price-history trigger (app/server/read-models/listing-price-marks.ts, decision 0084),
    // never written by the application: the asking price when first published, and when the price last
    // went down while below it (null while it is not below it).
    firstPublishedPricePence: integer("first_published_price_pence"),
    priceReducedAt: timestamp("price_reduced_at", { withTimezone: true }),
    // Kept by the figures-check trigger (app/server/read-models/listing-figures-checked.ts, decision 0087),
    // never written by the application: when staff last checked the turnover and net profit the listing
    // shows now against the seller's evidence; null once either figure differs from those checked.
    figuresCheckedAt: timestamp("figures_checked_at", { withTimezone: true }),
    // The position and figures /buy searches by (decision 0062): null where a confidential listing hides them.
    publicLatitude: doublePrecision("public_latitude").generatedAlwaysAs((): SQL =>
      publicPosition(businessListing.latitude),
    ),
    publicLongitude: doublePrecision("public_longitude").generatedAlwaysAs((): SQL =>
      publicPosition(businessListing.longitude),
    ),
    publicAskingPricePence: integer("public_asking_price_pence").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.askingPricePence, "askingPrice"),
    ),
    publicMonthlyLeasePence: integer("public_monthly_lease_pence").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.monthlyLeasePence, "lease"),
    ),
    publicAnnualRevenuePence: integer("public_annual_revenue_pence").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.annualRevenuePence, "turnover"),
    ),
    publicNetProfitPence: integer("public_net_profit_pence").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.netProfitPence, "netProfit"),
    ),
    publicTenure: listingTenure("public_tenure").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.tenure, "tenure"),
    ),
    publicLeaseYearsRemaining: integer("public_lease_years_remaining").generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.leaseYearsRemaining, "tenure"),
    ),
    // "Price reduced" only where the asking price is public (decision 0084).
    publicPriceReducedAt: timestamp("public_price_reduced_at", { withTimezone: true }).generatedAlwaysAs((): SQL =>
      publicFigure(businessListing.priceReducedAt, "askingPrice"),
    ),
    // What the /buy search box looks through, lower-cased: every word as a
    // substring of search_text (title, category label, town, description),
    // with a trigram index; typos forgiven against the words of the title,
    // category label and town only (search_title_words, decision 0056).
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`case when ${businessListing.confidential} then ${confidentialSearchSql()} else lower(${businessListing.title} || ' ' || ${categoryLabelSql} || ' ' || ${businessListing.town} || ' ' || ${businessListing.description}) end`,
      ),
    searchTitleWords: text("search_title_words")
      .array()
      .notNull()
      .generatedAlwaysAs((): SQL =>
        wordsOf(
          sql`case when ${businessListing.confidential} then ${confidentialSearchSql()} else lower(${businessListing.title} || ' ' || ${categoryLabelSql} || ' ' || ${businessListing.town}) end`,
        ),
      ),
    ...timestamps,
  },
  (t) => [
    index("business_listing_status_published_idx").on(t.status, t.publishedAt),
    // "Near a postcode or town": the radius search's bounding box (decision 0034),
    // with nearest first's order after the distance, so its page is chosen
    // from the index alone (decision 0042). On the public position (0062).
    index("business_listing_status_lat_lng_newest_idx").on(
      t.status,
      t.publicLatitude,
      t.publicLongitude,
      t.publishedAt,
      t.id,
    ),
    // Each on the public figure (decision 0062), with the category, so that a
    // filter's count reads the index alone, with a category too (decisions
    // 0053, 0056). Price's is also "price, lowest first" in its order.
    index("business_listing_status_price_idx").on(t.status, t.publicAskingPricePence, t.category),
    // "Price, highest first" in its own order: a hidden price comes last, as in
    // "lowest first", which a backward scan of the one above cannot give.
    index("business_listing_status_price_order_idx").on(t.status, t.publicAskingPricePence.desc().nullsLast(), t.id),
    index("business_listing_status_revenue_idx").on(t.status, t.publicAnnualRevenuePence, t.category),
    // "Revenue, highest first" in its own order, so its page is the index's first
    // entries. Not instead of the one above: wider, it lost the turnover filter's
    // count to a scan of the table (19 ms rather than 9; decision 0042).
    index("business_listing_status_revenue_order_idx").on(
      t.status,
      t.publicAnnualRevenuePence.desc().nullsLast(),
      t.publicMonthlyLeasePence.desc().nullsLast(),
      t.id,
    ),
    index("business_listing_status_town_idx").on(t.status, sql`lower(${t.town})`),
    // The location dropdown's SELECT DISTINCT town reads only this index.
    index("business_listing_status_town_name_idx").on(t.status, t.town),
    index("business_listing_status_category_idx").on(t.status, t.category),
    // The fair price guide (decision 0086): a category's published and sold listings' public figures
    // from the index alone, in category order for the grouping; the seller for "other sellers' listings".
    index("business_listing_price_guide_idx").on(
      t.category,
      t.status,
      t.publicAskingPricePence,
      t.publicNetProfitPence,
      t.publicAnnualRevenuePence,
      t.sellerId,
    ),
    // The key-facts filters of /buy (decision 0023): ranges on (status, value) as for price and
    // revenue; the yes-only filters as partial indexes in the default order.
    // As price and revenue: a count from the index alone (decisions 0053, 0056).
    index("business_listing_status_profit_idx").on(t.status, t.publicNetProfitPence, t.category),
    index("business_listing_status_lease_years_idx").on(t.status, t.publicLeaseYearsRemaining, t.category),
    index("business_listing_status_tenure_idx").on(t.status, t.publicTenure, t.publishedAt),
    index("business_listing_accommodation_idx")
      .on(t.status, t.publishedAt)
      .where(sql`${t.accommodationIncluded}`),
    index("business_listing_relocatable_idx")
      .on(t.status, t.publishedAt)
      .where(sql`${t.relocatable}`),
    index("business_listing_not_under_offer_idx")
      .on(t.status, t.publishedAt)
      .where(sql`${t.underOfferAt} is null`),
    // "Price reduced" on /buy (decision 0084): a range on the public date of the reduction.
    index("business_listing_status_price_reduced_idx").on(t.status, t.publicPriceReducedAt),
    // "Figures checked by HBS" on /buy (decision 0087): the few checked listings, in the default order.
    index("business_listing_figures_checked_idx")
      .on(t.status, t.publishedAt)
      .where(sql`${t.figuresCheckedAt} is not null`),
    // "Accepts": any of the ticked terms, as an overlap (&&) with the array (decision 0085).
    index("business_listing_payment_terms_idx").using("gin", t.paymentTerms),
    index("business_listing_seller_idx").on(t.sellerId),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("business_listing_status_updated_idx").on(t.status, t.updatedAt, t.id),
    index("business_listing_status_created_idx").on(t.status, t.createdAt, t.id),
    index("business_listing_status_title_idx").on(t.status, t.title, t.id),
    index("business_listing_status_asking_idx").on(t.status, t.askingPricePence, t.id),
    index("business_listing_updated_idx").on(t.updatedAt, t.id),
    index("business_listing_created_idx").on(t.createdAt, t.id),
    index("business_listing_asking_idx").on(t.askingPricePence, t.id),
    index("business_listing_title_idx").on(t.title, t.id),
    index("business_listing_confidential_title_trgm_idx").using("gin", sql`${t.confidentialTitle} gin_trgm_ops`),
    index("business_listing_slug_trgm_idx").using("gin", sql`${t.slug} gin_trgm_ops`),
    index("business_listing_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // The lifecycle job's scan: published listings by the start of their clock.
    index("business_listing_lifecycle_idx")
      .on(sql`coalesce(${t.confirmedAt}, ${t.publishedAt})`)
      .where(sql`${t.status} = 'published'`),
    // The few promoted listings, which the promotion sync revisits (decision 0026).
    index("business_listing_promoted_idx")
      .on(t.id)
      .where(sql`${t.promotion} is not null`),
    index("business_listing_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("business_listing_search_title_words_idx").using("gin", t.searchTitleWords),
  ],
);

/**
 * A member's acceptance of a confidential listing's NDA: the name they typed,
 * when, from where and which version of the text. Revoking keeps the row (the
 * record of what was signed) and ends access; one row per listing and member.
 */
export const listingNda = pgTable(
  "listing_nda",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    ndaVersion: text("nda_version").notNull(),
    ipAddress: text("ip_address"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("listing_nda_listing_user_idx").on(t.listingId, t.userId),
    index("listing_nda_user_idx").on(t.userId),
  ],
);

/**
 * Every asking price a listing has had while published, from when (decision 0084): history, written
 * only by the trigger on business_listing (app/server/read-models/listing-price-marks.ts), whatever
 * path changed the price — a revision staff approved, a staff edit, publishing, the seed.
 */
export const listingPrice = pgTable(
  "listing_price",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    askingPricePence: integer("asking_price_pence").notNull(),
    since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_price_listing_since_idx").on(t.listingId, t.since, t.id)],
);

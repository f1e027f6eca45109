// The whole database schema. One file so that a reader sees every table and
// every index in one place; `npm run db:generate` turns changes into SQL under
// drizzle/. Money is integer pence; times are timestamptz (UTC).
import { sql, type SQL } from "drizzle-orm";
// Relative, not "~/": drizzle-kit loads this file without our path aliases.
import { listingCategories } from "../lib/categories";
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  type AnyPgColumn,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A set of integer ranges (PostgreSQL's int4multirange), kept as its text,
 * "{[540,1050),[1980,2490)}": only SQL reads it (`@>`), never the application.
 */
const int4Multirange = customType<{ data: string; driverData: string }>({ dataType: () => "int4multirange" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------
// Accounts (Better Auth's tables, with the spec's profile fields on `user`)
// ---------------------------------------------------------------------------

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // The spec's profile: full_name, phone, marketing_consent.
    fullName: text("full_name"),
    phone: text("phone"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    // Set for an account made with a one-time password (npm run admin:create): until its first new
    // password, every page sends it to /my-account to choose one (decision 0065).
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    // Better Auth admin and two-factor plugins.
    role: text("role").notNull().default("user"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    // Set when staff remove one of the member's reviews as fake: no more reviews (decision 0035).
    reviewsBannedAt: timestamp("reviews_banned_at", { withTimezone: true }),
    // Set when staff stop the member messaging after a reported conversation: they send no more
    // messages and start no threads until staff lift it; what they wrote stays readable (decision 0079).
    messagingBlockedAt: timestamp("messaging_blocked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The back office's list of members (decision 0075): newest first, by name, staff first; found by
    // any part of an e-mail or name.
    index("user_created_idx").on(t.createdAt, t.id),
    index("user_full_name_idx").on(t.fullName, t.id),
    index("user_role_created_idx").on(t.role, t.createdAt, t.id),
    index("user_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("user_full_name_trgm_idx").using("gin", sql`${t.fullName} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Better Auth's own request counts, for the requests its HTTP handler serves (/api/auth/*). */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // False until the member has entered a first code from their app.
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    aaguid: text("aaguid"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
  },
  // Signing in looks a passkey up by its credential id.
  (t) => [index("passkey_user_id_idx").on(t.userId), uniqueIndex("passkey_credential_id_idx").on(t.credentialID)],
);

// ---------------------------------------------------------------------------
// Marketplace: businesses for sale
// ---------------------------------------------------------------------------

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
// Shared with the directory's halal details.
export const halalStatus = pgEnum("halal_status", ["fully_halal", "halal_options"]);

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

// A lower-cased text's words, split where pg_trgm splits them: the words in
// which a typo'd search word is looked for, through search_word (decision 0056).
const wordsOf = (text: SQL): SQL => sql`array_remove(regexp_split_to_array(${text}, '[^[:alnum:]]+'), '')`;

// What a paid promotion package buys (decision 0026): a place in the lists'
// showcase (featured first, with the badge), or that and the home page spotlight.
// Ordered, so max() picks the strongest of several paid packages.
export const promotionLevel = pgEnum("promotion_level", ["showcase", "spotlight"]);

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
    // A confidential sale (decision 0033): anyone without access sees only the generic title,
    // the postcode district and the figures named in confidential_figures.
    confidential: boolean("confidential").notNull().default(false),
    confidentialTitle: text("confidential_title"),
    confidentialFigures: jsonb("confidential_figures").$type<string[]>().notNull().default([]),
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

// ---------------------------------------------------------------------------
// Directory: halal businesses
// ---------------------------------------------------------------------------

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

/**
 * How many published businesses' weekly opening begins (+) and ends (−) at
 * each minute of the week, by category and whether they are featured: the
 * number open at minute m is the sum of the rows up to m (decisions 0053,
 * 0060). Triggers add a row for each minute a statement changed, from
 * directory_business.open_week (migrations 0032, 0040); rows are only ever
 * added, so writers never wait for each other, and housekeeping sums them
 * up (compactDirectoryCounts). A read model: its triggers and rebuild are in
 * app/server/read-models/open-week-change.ts.
 */
export const openWeekChange = pgTable(
  "open_week_change",
  {
    category: directoryCategory("category").notNull(),
    showcased: boolean("showcased").notNull(),
    minute: integer("minute").notNull(),
    businesses: integer("businesses").notNull(),
  },
  (t) => [index("open_week_change_minute_idx").on(t.minute, t.category, t.showcased, t.businesses)],
);

/**
 * How many businesses are published in each category, kept as changes: the
 * directory's size is the sum of the rows, where counting it read an entry
 * of an index for each of its businesses (decision 0058). Triggers add a row
 * for each category a statement changed (migration 0038); as with
 * open_week_change, rows are only ever added and housekeeping sums them up.
 * A read model: app/server/read-models/published-business-change.ts.
 */
export const publishedBusinessChange = pgTable(
  "published_business_change",
  {
    category: directoryCategory("category").notNull(),
    businesses: integer("businesses").notNull(),
  },
  (t) => [index("published_business_change_category_idx").on(t.category, t.businesses)],
);

/**
 * Every word of the listings' titles (with category label and town) and of
 * the businesses' names, kept by triggers (migrations 0034, 0036). A typo'd search
 * word is looked up here, among short words, by trigram similarity; the rows
 * holding the words found are then read from their words' indexes, where
 * word similarity tested on each candidate row cost a millisecond for every
 * hundred rows (decision 0056). Never pruned: a word no row holds any more
 * finds nothing. A read model: app/server/read-models/search-word.ts.
 */
export const searchWord = pgTable("search_word", { word: text("word").primaryKey() }, (t) => [
  index("search_word_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

// ---------------------------------------------------------------------------
// What members keep
// ---------------------------------------------------------------------------

export const savedListing = pgTable(
  "saved_listing",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // What the member's alerts last told them of this listing (decision 0031): a lower price or
    // a different under-offer date than these is news for their next alert. Null: not yet noted.
    pricePenceSeen: integer("price_pence_seen"),
    underOfferAtSeen: timestamp("under_offer_at_seen", { withTimezone: true }),
  },
  (t) => [uniqueIndex("saved_listing_user_listing_idx").on(t.userId, t.listingId)],
);

export const favouriteBusiness = pgTable(
  "favourite_business",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("favourite_business_user_business_idx").on(t.userId, t.businessId),
    // The owner's count of favourites over the last 30 days (decision 0036).
    index("favourite_business_business_idx").on(t.businessId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Packages: what we sell, and who has bought it
// ---------------------------------------------------------------------------

export const packageType = pgEnum("package_type", ["promotion", "service"]);

export const packageBilling = pgEnum("package_billing", ["monthly", "one_month"]);

// The spec's service plans and promotion packages (section 9). Prices live in
// the database so that the server, not the page, decides what a plan costs.
export const servicePackage = pgTable(
  "service_package",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    type: packageType("type").notNull(),
    name: text("name").notNull(),
    subtitle: text("subtitle"),
    pricePence: integer("price_pence").notNull(),
    period: text("period").notNull(),
    badge: text("badge"),
    features: jsonb("features").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    // How it is paid online: every month until cancelled, or once for one month.
    billing: packageBilling("billing").notNull().default("monthly"),
    // What a promotion package switches on while paid for; null for service plans.
    promotion: promotionLevel("promotion"),
    ...timestamps,
  },
  (t) => [index("service_package_type_position_idx").on(t.type, t.position)],
);

/**
 * A package a member has: typed in by staff, or bought online (decision 0026),
 * then with the package, what it promotes and Stripe's ids. Status: pending,
 * active, past_due (a renewal failed), cancelled, expired or refunded.
 */
export const subscription = pgTable(
  "subscription",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    packageName: text("package_name").notNull(),
    packageType: packageType("package_type").notNull(),
    status: text("status").notNull().default("active"),
    pricePence: integer("price_pence").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    packageId: integer("package_id").references(() => servicePackage.id, { onDelete: "set null" }),
    // What a promotion package was bought for: one of the two.
    businessId: integer("business_id").references(() => directoryBusiness.id, { onDelete: "set null" }),
    listingId: integer("listing_id").references(() => businessListing.id, { onDelete: "set null" }),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    // The creation time of the newest Stripe event applied: an older one arriving late changes no state.
    stripeStateAt: timestamp("stripe_state_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("subscription_user_created_idx").on(t.userId, t.createdAt),
    index("subscription_business_idx").on(t.businessId),
    index("subscription_listing_idx").on(t.listingId),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("subscription_created_idx").on(t.createdAt, t.id),
    index("subscription_start_idx").on(t.startDate, t.id),
    index("subscription_end_idx").on(t.endDate, t.id),
    index("subscription_price_idx").on(t.pricePence, t.id),
    index("subscription_status_created_idx").on(t.status, t.createdAt, t.id),
    index("subscription_status_idx").on(t.status, t.id),
    index("subscription_type_created_idx").on(t.packageType, t.createdAt, t.id),
    index("subscription_package_trgm_idx").using("gin", sql`${t.packageName} gin_trgm_ops`),
    // The promotion sync and the expiry job look only at active rows.
    index("subscription_active_end_idx")
      .on(t.endDate)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Each member's Stripe customer, made on their first checkout: the portal opens on it. */
export const stripeCustomer = pgTable("stripe_customer", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentKind = pgEnum("payment_kind", ["payment", "failure", "refund"]);

/** What Stripe reported about a subscription's money: payments with their receipt, failures, refunds. */
export const payment = pgTable(
  "payment",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscription.id, { onDelete: "cascade" }),
    kind: paymentKind("kind").notNull(),
    // The invoice or charge it is about: with the kind, recorded once however often Stripe says it.
    stripeObjectId: text("stripe_object_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    receiptUrl: text("receipt_url"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("payment_kind_object_idx").on(t.kind, t.stripeObjectId),
    index("payment_subscription_idx").on(t.subscriptionId, t.occurredAt),
    // A Stripe reference typed into the back office's subscriptions search.
    index("payment_stripe_object_idx").on(t.stripeObjectId),
  ],
);

/**
 * Every verified webhook event, stored before it is applied (decision 0026):
 * its id makes a repeat a no-op, and one whose handling failed is retried
 * from here by the scheduler.
 */
export const stripeEvent = pgTable(
  "stripe_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // Stripe's own time for it, which orders the events of one subscription.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("stripe_event_unprocessed_idx")
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Enquiries and the e-mail outbox
// ---------------------------------------------------------------------------

export const enquiryKind = pgEnum("enquiry_kind", [
  "listing_interest",
  "package_interest",
  "contact",
  "listing_submission",
  "business_report",
  // A service plan bought online: the work it asks of staff (decision 0026).
  "package_order",
]);
export const enquiryStatus = pgEnum("enquiry_status", ["new", "in_progress", "closed"]);

export const enquiry = pgTable(
  "enquiry",
  {
    id: serial("id").primaryKey(),
    kind: enquiryKind("kind").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    // What it is about, as lists show it: the listing's title, the package's
    // name, the message's subject or the business offered for sale.
    subject: text("subject").notNull(),
    // What the visitor submitted, exactly as validated.
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    listingId: integer("listing_id").references(() => businessListing.id, {
      onDelete: "set null",
    }),
    // Shown to the listing's seller: only interest registered under the line that says so (UK GDPR).
    sharedWithSeller: boolean("shared_with_seller").notNull().default(false),
    // A visitor's report of a change to a directory business.
    businessId: integer("business_id").references(() => directoryBusiness.id, { onDelete: "set null" }),
    status: enquiryStatus("status").notNull().default("new"),
    ...timestamps,
  },
  (t) => [
    index("enquiry_user_created_idx").on(t.userId, t.createdAt),
    index("enquiry_kind_status_created_idx").on(t.kind, t.status, t.createdAt),
    index("enquiry_listing_idx").on(t.listingId, t.createdAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("enquiry_created_idx").on(t.createdAt, t.id),
    index("enquiry_status_created_idx").on(t.status, t.createdAt, t.id),
    index("enquiry_subject_idx").on(t.subject, t.id),
    index("enquiry_status_idx").on(t.status, t.id),
    index("enquiry_kind_idx").on(t.kind, t.id),
    index("enquiry_subject_trgm_idx").using("gin", sql`${t.subject} gin_trgm_ops`),
    index("enquiry_fields_trgm_idx").using("gin", sql`(${t.fields}::text) gin_trgm_ops`),
    // A signed-out seller's listings find their account by the submission's contact e-mail.
    index("enquiry_submission_email_idx")
      .on(sql`lower(${t.fields}->>'contactEmail')`)
      .where(sql`${t.kind} = 'listing_submission'`),
  ],
);

export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("outbox_created_idx").on(t.createdAt, t.id),
    index("outbox_attempts_idx").on(t.attempts, t.id),
    index("outbox_next_attempt_idx").on(t.nextAttemptAt, t.id),
    index("outbox_sent_idx").on(t.sentAt, t.id),
    index("outbox_to_trgm_idx").using("gin", sql`(${t.payload}->>'to') gin_trgm_ops`),
    index("outbox_subject_trgm_idx").using("gin", sql`(${t.payload}->>'subject') gin_trgm_ops`),
    // The worker only ever scans unsent rows by due time.
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

// ---------------------------------------------------------------------------
// Rate limits
// ---------------------------------------------------------------------------

/**
 * Fixed-window counters, one row per key (e.g. "contact:203.0.113.7"). In the
 * database, not in memory, so a limit holds across restarts and across
 * several server processes.
 */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [index("rate_limit_window_idx").on(t.windowStartedAt)],
);

// ---------------------------------------------------------------------------
// Scheduled work (docs/decisions/0020-scheduler.md)
// ---------------------------------------------------------------------------

export const scheduledRunStatus = pgEnum("scheduled_run_status", ["running", "retrying", "done", "failed"]);

/**
 * One row per job and period: the primary key is what makes a period's run
 * happen once however many servers ask. The lease says how long the server
 * that claimed it may take before another may take over.
 */
export const scheduledRun = pgTable(
  "scheduled_run",
  {
    job: text("job").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    status: scheduledRunStatus("status").notNull(),
    // Which server ran it last: host, pid and a random tag.
    owner: text("owner").notNull(),
    attempts: integer("attempts").notNull().default(1),
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] }), index("scheduled_run_period_idx").on(t.periodStart)],
);

// ---------------------------------------------------------------------------
// The back office
// ---------------------------------------------------------------------------

/** Staff's own notes on an enquiry; the sender never sees them. */
export const enquiryNote = pgTable(
  "enquiry_note",
  {
    id: serial("id").primaryKey(),
    enquiryId: integer("enquiry_id")
      .notNull()
      .references(() => enquiry.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("enquiry_note_enquiry_idx").on(t.enquiryId, t.createdAt)],
);

/**
 * Every change staff make: who, what, when, and the changed fields' values
 * before and after. Rows are only ever added.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    // Null when done from the command line (npm run admin:create).
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt, t.id),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("audit_log_actor_email_idx").on(t.actorEmail, t.id),
    index("audit_log_actor_idx").on(t.actorId),
    index("audit_log_entity_id_idx").on(t.entityId),
    index("audit_log_action_created_idx").on(t.action, t.createdAt, t.id),
    index("audit_log_entity_type_created_idx").on(t.entityType, t.createdAt, t.id),
    index("audit_log_actor_email_trgm_idx").using("gin", sql`${t.actorEmail} gin_trgm_ops`),
    index("audit_log_action_trgm_idx").using("gin", sql`${t.action} gin_trgm_ops`),
    index("audit_log_entity_idx").on(t.entityType, t.entityId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Listing views (decision 0024)
// ---------------------------------------------------------------------------

/**
 * Who has viewed a listing on a UK day, as a keyed hash of their address and
 * browser that changes every day: never the address itself. The primary key
 * counts a visitor at most once a day, whichever server saw them. Kept a few
 * days only (the housekeeping job); the counts stay in `listing_view_day`.
 */
export const listingView = pgTable(
  "listing_view",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.day, t.visitorHash] }), index("listing_view_day_idx").on(t.day)],
);

/** Views of a listing per UK day: what the seller's dashboard charts, one row a day. */
export const listingViewDay = pgTable(
  "listing_view_day",
  {
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  // By day too: /promote reads one month of every listing's counts (decision 0070).
  (t) => [primaryKey({ columns: [t.listingId, t.day] }), index("listing_view_day_by_day_idx").on(t.day)],
);

// ---------------------------------------------------------------------------
// Selling: sellers' changes and the "still available?" links (decision 0030)
// ---------------------------------------------------------------------------

export const revisionStatus = pgEnum("listing_revision_status", ["pending", "approved", "rejected"]);

/**
 * A seller's changes to a published listing, waiting for staff while the
 * published version stays live. At most one waits per listing: a newer edit
 * replaces it.
 */
export const listingRevision = pgTable(
  "listing_revision",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    // The listing's columns as the seller wants them, only those the seller may change.
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    status: revisionStatus("status").notNull().default("pending"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("listing_revision_pending_idx")
      .on(t.listingId)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The link in a "still available?" e-mail: only a hash of its secret is
 * kept. Used once, for either answer, before it expires.
 */
export const listingCheckLink = pgTable(
  "listing_check_link",
  {
    tokenHash: text("token_hash").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_check_link_listing_idx").on(t.listingId)],
);

// ---------------------------------------------------------------------------
// Business claims and owners' changes (decision 0036)
// ---------------------------------------------------------------------------

export const claimMethod = pgEnum("business_claim_method", ["code", "documents"]);

/** code_sent: waiting for the e-mailed code; pending: documents waiting for staff. */
export const claimStatus = pgEnum("business_claim_status", ["code_sent", "pending", "approved", "rejected"]);

/**
 * A member's request to own a directory business. By code: only the code's
 * SHA-256 is kept, with its expiry and the wrong tries so far; it works once.
 * By documents: their stored names (private storage) for staff to check. An
 * approval sets `directory_business.owner_id`, the one owner.
 */
export const businessClaim = pgTable(
  "business_claim",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    method: claimMethod("method").notNull(),
    status: claimStatus("status").notNull(),
    // The address at the business's domain the code went to.
    email: text("email"),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    documents: jsonb("documents").$type<string[]>().notNull().default([]),
    note: text("note"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One open claim per member and business: a new code replaces the old one.
    uniqueIndex("business_claim_open_idx")
      .on(t.businessId, t.userId)
      .where(sql`${t.status} in ('code_sent', 'pending')`),
    index("business_claim_user_idx").on(t.userId),
    index("business_claim_status_idx").on(t.status, t.updatedAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("business_claim_updated_idx").on(t.updatedAt, t.id),
    index("business_claim_business_idx").on(t.businessId),
  ],
);

/**
 * An owner's proposed halal evidence, held for staff (the evidence must stay
 * independent of the owner): one waits per business, a newer one replaces it.
 */
export const halalProposal = pgTable(
  "business_halal_proposal",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    status: revisionStatus("status").notNull().default("pending"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("business_halal_proposal_pending_idx")
      .on(t.businessId)
      .where(sql`${t.status} = 'pending'`),
    index("business_halal_proposal_status_idx").on(t.status, t.updatedAt),
  ],
);

/** Visitors of a business's page per UK day, hashed as for listings (decision 0024). */
export const businessView = pgTable(
  "business_view",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day, t.visitorHash] }), index("business_view_day_idx").on(t.day)],
);

/** Views of a business's page per UK day: what its owner sees. */
export const businessViewDay = pgTable(
  "business_view_day",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull(),
  },
  // By day too: /promote reads one month of every business's counts (decision 0070).
  (t) => [primaryKey({ columns: [t.businessId, t.day] }), index("business_view_day_by_day_idx").on(t.day)],
);

// ---------------------------------------------------------------------------
// Messages between buyers and sellers (decision 0032)
// ---------------------------------------------------------------------------

const NEVER = sql`'1970-01-01T00:00:00Z'::timestamptz`;

/**
 * A buyer's conversation about one listing: with its seller, or with HBS
 * staff when the listing has no seller account (seller_id null). Each side's
 * read mark says what it has seen; "notified" when it was last e-mailed.
 */
export const messageThread = pgTable(
  "message_thread",
  {
    id: serial("id").primaryKey(),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => user.id, { onDelete: "cascade" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    buyerReadAt: timestamp("buyer_read_at", { withTimezone: true }).notNull().default(NEVER),
    sellerReadAt: timestamp("seller_read_at", { withTimezone: true }).notNull().default(NEVER),
    buyerNotifiedAt: timestamp("buyer_notified_at", { withTimezone: true }),
    sellerNotifiedAt: timestamp("seller_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("message_thread_listing_buyer_idx").on(t.listingId, t.buyerId),
    index("message_thread_buyer_idx").on(t.buyerId, t.lastMessageAt),
    index("message_thread_seller_idx").on(t.sellerId, t.lastMessageAt),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("message_thread_last_idx").on(t.lastMessageAt, t.id),
    index("message_thread_started_idx").on(t.createdAt, t.id),
  ],
);

export const message = pgTable(
  "message",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThread.id, { onDelete: "cascade" }),
    // Null once the sender's account is gone; from_staff marks HBS's own answers.
    senderId: text("sender_id").references(() => user.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_thread_created_idx").on(t.threadId, t.createdAt)],
);

/** A member who will not hear from another: no new messages either way. */
export const memberBlock = pgTable(
  "member_block",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

export const threadReportStatus = pgEnum("thread_report_status", ["open", "resolved"]);

/** A thread reported to staff by one of its members. */
export const threadReport = pgTable(
  "thread_report",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => messageThread.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: threadReportStatus("status").notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("thread_report_status_created_idx").on(t.status, t.createdAt),
    // The back office's messages list finds a thread's reports (decision 0075).
    index("thread_report_thread_idx").on(t.threadId),
  ],
);

// ---------------------------------------------------------------------------
// Saved searches and their alerts (docs/decisions/0031-saved-searches-and-alerts.md)
// ---------------------------------------------------------------------------

export const alertFrequency = pgEnum("alert_frequency", ["instant", "daily", "weekly", "off"]);

/** A member's /buy filters under a name, kept as /buy's canonical query string. */
export const savedSearch = pgTable(
  "saved_search",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    frequency: alertFrequency("frequency").notNull().default("daily"),
    // Listings published after this (less a margin) are news for the next alert.
    checkedThrough: timestamp("checked_through", { withTimezone: true }).notNull().defaultNow(),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("saved_search_user_idx").on(t.userId), index("saved_search_frequency_idx").on(t.frequency, t.id)],
);

/** Each listing an alert has told of, once per search: the primary key is the guarantee. */
export const savedSearchSent = pgTable(
  "saved_search_sent",
  {
    searchId: integer("search_id")
      .notNull()
      .references(() => savedSearch.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => businessListing.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.listingId] }), index("saved_search_sent_listing_idx").on(t.listingId)],
);

// ---------------------------------------------------------------------------
// Places: postcodes and towns (decision 0034)
// ---------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------
// Reviews (docs/decisions/0035-reviews.md)
// ---------------------------------------------------------------------------

export const reviewStatus = pgEnum("review_status", ["published", "held", "removed"]);

/**
 * A member's review of a directory business: one per member and business.
 * Held reviews wait for staff with the reasons the checks found; removed ones
 * stay for the record (and the reviewer's e-mail) but are never shown.
 */
export const review = pgTable(
  "review",
  {
    id: serial("id").primaryKey(),
    businessId: integer("business_id")
      .notNull()
      .references(() => directoryBusiness.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    // The first day of the month of the visit, when given.
    visitedOn: date("visited_on"),
    status: reviewStatus("status").notNull(),
    holdReasons: text("hold_reasons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A hash of the text with case, punctuation and spacing taken out: the same words are the same review.
    fingerprint: text("fingerprint").notNull(),
    // A keyed hash of the network it was sent from, never the address.
    networkHash: text("network_hash").notNull(),
    removalReason: text("removal_reason"),
    removedAsFake: boolean("removed_as_fake").notNull().default(false),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    // The business owner's one public reply (decision 0038): it belongs to the
    // review, so it goes with it, and is read with it without another query.
    replyBody: text("reply_body"),
    replyBy: text("reply_by").references(() => user.id, { onDelete: "set null" }),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    replyEditedAt: timestamp("reply_edited_at", { withTimezone: true }),
    // Off every public page while its author's (or its reply's author's) account is
    // suspended (decision 0078); its status, staff's decision, stays as it is.
    hiddenBySuspension: boolean("hidden_by_suspension").notNull().default(false),
    replyHiddenBySuspension: boolean("reply_hidden_by_suspension").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("review_business_user_idx").on(t.businessId, t.userId),
    // A business page's reviews, newest first; the few a business has are sorted by stars in memory.
    index("review_business_newest_idx").on(t.businessId, t.status, t.createdAt.desc(), t.id.desc()),
    // The staff queue of held reviews, oldest first.
    index("review_held_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'held'`),
    index("review_decided_idx")
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    index("review_fingerprint_idx").on(t.fingerprint),
    index("review_network_idx").on(t.businessId, t.networkHash, t.createdAt),
    index("review_user_idx").on(t.userId),
    // The replies an owner wrote: their back-office page and their suspension (decision 0078).
    index("review_reply_by_idx")
      .on(t.replyBy)
      .where(sql`${t.replyBy} is not null`),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("review_created_idx").on(t.createdAt, t.id),
    index("review_rating_idx").on(t.rating, t.id),
  ],
);

export const reviewReportStatus = pgEnum("review_report_status", ["open", "dismissed", "upheld"]);

/** A review reported by anyone (signed out too); the review stays up until staff decide. */
export const reviewReport = pgTable(
  "review_report",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: reviewReportStatus("status").notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_report_open_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index("review_report_review_idx").on(t.reviewId),
  ],
);

// ---------------------------------------------------------------------------
// Confidential listings: who accepted which listing's NDA (decision 0033)
// ---------------------------------------------------------------------------

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

// Server time of the directory (/halal-network-space) and /buy pages at size,
// of the one query /promote adds (last month's views, decision 0070), and of
// the fair price guide on /sell and /my-listings (decision 0086).
//
//   npx tsx bench/browse.ts --db pglite|postgres [--businesses 100000]
//       [--listings 20000] [--iterations 200] [--warmup 20] [--seed 1]
//       [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--smoke]
//       [--apply try.sql] [--tag name]
//
// Creates a fresh database (PGlite in a temporary folder, or a throwaway
// PostgreSQL database on the server named by --postgres-url,
// BENCH_POSTGRES_URL or TEST_POSTGRES_URL), migrates it, adds the bulk data
// (db/seed/bulk.ts), runs VACUUM ANALYZE, then times the queries each page's
// loader runs — the same functions, with the same parsed query strings — for
// a mix of searches, filters, sorts and pages. It prints a table, writes the
// figures to bench/results/browse-<db>-<date>.json and the EXPLAIN (ANALYZE,
// BUFFERS) of the slowest scenarios to bench/results/explain-<db>-<date>.txt,
// and drops the database, also when it fails or is interrupted. --apply runs
// an SQL file after the migrations (indexes or settings to try); --tag names
// the run in the file names. --smoke: 2,000 businesses, 500 listings, 5 runs.
//
// What is measured: from the call to the moment the rows are in JavaScript —
// SQL planning and execution plus the driver. Not HTTP, not rendering.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { and, count, eq, sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { businessTowns, searchBusinesses } from "../app/features/directory/businesses.server";
import { compactDirectoryCounts } from "../app/features/directory/counts.server";
import { likelyDuplicates } from "../app/features/directory/duplicates.server";
import { listingsEnquiredBy } from "../app/features/enquiries/enquiries.server";
import { parseDirectoryQuery } from "../app/features/directory/directory-query.server";
import { parseListingQuery } from "../app/features/marketplace/listing-query.server";
import { promotionReach } from "../app/features/packages/promotion-reach.server";
import { categoryPriceGuides, sellerPriceGuides } from "../app/features/selling/price-guide.server";
import { listingTowns, searchListings } from "../app/features/marketplace/listings.server";
import { nearFilter, readNearSearch } from "../app/features/places/places.server";
import type { LatLng } from "../app/lib/geo";
import { PAGE_SIZE } from "../app/lib/list-query";
import { db as currentDb, setDatabase, type Database, type DatabaseHandle } from "../app/server/db.server";
import * as schema from "../app/server/schema";
import {
  businessListing,
  directoryBusiness,
  enquiry,
  listingFiguresCheck,
  listingNda,
  messageThread,
  user,
} from "../app/server/schema";
import { insertBulkData } from "../db/seed/bulk";
import { clientOf, createBenchDatabase, machineInfo } from "./bench-database";

export const FULL_SIZE = { businesses: 100_000, listings: 20_000, iterations: 200 } as const;
export const SMOKE_SIZE = { businesses: 2_000, listings: 500, iterations: 5 } as const;
/** The first target: p95 of a filtered search page (the reviews benchmark keeps it). */
export const TARGET_P95_MS = 50;
/** Issue #21's targets, by database: 20 ms on PostgreSQL, 50 on the embedded one. */
export const targetP95Ms = (db: "pglite" | "postgres") => (db === "postgres" ? 20 : TARGET_P95_MS);
/** Where "nearest first" is asked from: Birmingham city centre. */
export const BIRMINGHAM: LatLng = { latitude: 52.4862, longitude: -1.8904 };

export interface BrowseOptions {
  db: "pglite" | "postgres";
  businesses: number;
  listings: number;
  /** Timed runs per scenario. */
  iterations: number;
  /** Untimed runs per scenario before the timed ones (default: iterations / 10, 2–20). */
  warmup?: number;
  seed?: number;
  /** PGlite only: "memory://", or a folder; default a new temporary folder, removed after. */
  pgliteDir?: string;
  /** PostgreSQL only: a server where a throwaway database may be created and dropped. */
  postgresUrl?: string;
  /** Collect EXPLAIN (ANALYZE, BUFFERS) of the slowest scenarios (default true). */
  explain?: boolean;
  /**
   * SQL run after the migrations and before the data is added, e.g. indexes
   * to try. PostgreSQL connections are opened
   * afresh after it, so that ALTER DATABASE … SET takes effect.
   */
  applySql?: string;
  /** A name for what applySql does, kept in the results. */
  tag?: string;
  log?: (line: string) => void;
}

export interface ScenarioResult {
  page: "directory" | "buy" | "promote" | "sell" | "my-listings" | "add";
  name: string;
  /** The page's query string, and the visitor's position if one is known. */
  query: string;
  origin: string | null;
  /** A search, filter, sort or page other than the default list: what the target is about. */
  filtered: boolean;
  /** Meant to find nothing (nothing open early in the morning). */
  findsNone?: boolean;
  iterations: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  meanMs: number;
  /** Matching rows (the page's "N results") and rows on the page. */
  total: number;
  items: number;
}

export interface BrowseResults {
  db: "pglite" | "postgres";
  tag: string | null;
  startedAt: string;
  sizes: { businesses: number; listings: number; publishedListings: number };
  iterations: number;
  warmup: number;
  setupMs: { migrate: number; insert: number; vacuumAnalyze: number };
  machine: Record<string, string | number>;
  targetP95Ms: number;
  scenarios: ScenarioResult[];
  /** EXPLAIN (ANALYZE, BUFFERS) of the slowest scenarios, as text. */
  explain: string;
}

interface Scenario {
  page: "directory" | "buy" | "promote" | "sell" | "my-listings" | "add";
  name: string;
  query: string;
  origin: LatLng | null;
  originName: string | null;
  /** A signed-in member who has accepted some confidential listings' NDAs, else a visitor. */
  signedIn?: boolean;
  /** Also what the page asks for that member's cards: which listings they registered interest in (issue #50). */
  enquiries?: boolean;
  filtered: boolean;
  /** "Now" for "open now", when not BENCH_NOW: an hour when nothing is open. */
  findsNoneAt?: Date;
  /** Run last, once all but FEW_FEATURED businesses are no longer featured, as in a live directory. */
  fewFeatured?: boolean;
}

function scenarios(
  deepDirectoryPage: number,
  deepBuyPage: number,
  pastFeaturedPage: number,
  adding: string,
): Scenario[] {
  const list: Scenario[] = [];
  const add = (
    page: Scenario["page"],
    name: string,
    query: string,
    origin: "Birmingham" | null = null,
    findsNoneAt?: Date,
  ) =>
    list.push({
      page,
      name,
      query,
      origin: origin ? BIRMINGHAM : null,
      originName: origin,
      filtered: query !== "",
      findsNoneAt,
    });

  add("directory", "no filter", "");
  add("directory", "search common word", "search=grill");
  add("directory", "search typo", "search=butchrs");
  add("directory", "search two words", "search=al-noor kitchen");
  add("directory", "category", "category=food");
  add("directory", "location", "location=Bradford");
  add("directory", "search+category+location", "search=sweets&category=food&location=Birmingham");
  add("directory", "nearest first (origin)", "", "Birmingham");
  add("directory", "category, nearest first", "category=other", "Birmingham");
  add("directory", "search, nearest first", "search=pharmacy", "Birmingham");
  // The first page after the featured businesses: the rest, found in circles around the visitor (decision 0049).
  add("directory", `nearest first, past the featured (${pastFeaturedPage})`, `page=${pastFeaturedPage}`, "Birmingham");
  add("directory", `deep page (${deepDirectoryPage})`, `page=${deepDirectoryPage}`);
  // The halal and hours filters (decisions 0027, 0028), at BENCH_NOW.
  add("directory", "fully halal", "halal=fully");
  add("directory", "certified", "certified=yes");
  add("directory", "certifier", "certifier=hmb");
  add("directory", "no alcohol", "alcohol=none");
  add("directory", "open now", "open=now");
  add("directory", "open now + food", "open=now&category=food");
  add("directory", "open now + location", "open=now&location=Bradford");
  add("directory", "all halal filters + open now", "halal=fully&certified=yes&certifier=hmc&alcohol=none&open=now");
  // Evidence levels and what diners need to go (decision 0091): filters on the row alone.
  add("directory", "evidence at least 3", "evidence=3");
  add("directory", "evidence 4 (certificate checked)", "evidence=4");
  add("directory", "sort by evidence", "sort=evidence");
  add("directory", "evidence 3 + food, by evidence", "evidence=3&category=food&sort=evidence");
  add("directory", "evidence 2 + open now", "evidence=2&open=now");
  add("directory", "prayer space", "prayer=yes");
  add("directory", "takeaway + open now", "service=takeaway&open=now");
  add("directory", "by evidence, from a position", "sort=evidence", "Birmingham");
  add("directory", "near Birmingham 10 mi, by evidence", "near=Birmingham&radius=10&sort=evidence");
  add("directory", `deep page (${deepDirectoryPage}), by evidence`, `sort=evidence&page=${deepDirectoryPage}`);
  // A position: the featured businesses nearest first, each tested as it is read (decision 0048).
  add("directory", "open now, nearest first", "open=now", "Birmingham");
  add(
    "directory",
    `open now, nearest first, past the featured (${pastFeaturedPage})`,
    `open=now&page=${pastFeaturedPage}`,
    "Birmingham",
  );
  // Early on Saturday, when nothing is open: a page that tested each business would test them all (decision 0044).
  add("directory", "open now, 07:00 Saturday", "open=now", null, new Date("2026-11-21T07:00:00Z"));
  // Near a postcode or town (decision 0034): the place is resolved as the page does, then the radius search.
  add("directory", "near Birmingham, 10 miles", "near=Birmingham&radius=10");
  add("directory", "near B1 1AA, 1 mile", "near=B1 1AA&radius=1");
  add("directory", "near Birmingham, 25 miles", "near=Birmingham&radius=25");
  add("directory", "near Bradford 5 mi + food", "near=Bradford&radius=5&category=food");
  add("directory", "near Birmingham 10 mi, page 5", "near=Birmingham&radius=10&page=5");

  add("buy", "no filter (latest)", "");
  add("buy", "search common word", "search=takeaway");
  add("buy", "search typo", "search=resturant");
  add("buy", "category", "category=retail");
  add("buy", "location", "location=Leicester");
  add("buy", "search+category+location", "search=takeaway&category=food&location=Birmingham");
  add("buy", "sort price-asc", "sort=price-asc");
  add("buy", "sort price-desc", "sort=price-desc");
  add("buy", "sort revenue", "sort=revenue");
  add("buy", "category + price-asc", "category=food&sort=price-asc");
  add("buy", "nearest first (origin)", "", "Birmingham");
  add("buy", "category, nearest first", "category=services", "Birmingham");
  add("buy", `deep page (${deepBuyPage})`, `page=${deepBuyPage}`);
  // The key-facts filters (decision 0023), in pounds as the form sends them.
  add("buy", "price from-to", "min-price=50000&max-price=150000");
  add("buy", "turnover at least", "min-turnover=500000");
  add("buy", "net profit at least", "min-profit=100000");
  add("buy", "tenure freehold", "tenure=freehold");
  add("buy", "lease years at least", "min-lease-years=20");
  add("buy", "with accommodation", "accommodation=yes");
  add("buy", "relocatable", "relocatable=yes");
  add("buy", "hide under offer", "under-offer=hide");
  // Payment terms (decision 0085): any of those ticked; Shariah-compliant finance is the rarest.
  add("buy", "accepts deferred", "accepts=deferred");
  add("buy", "accepts shariah or staged", "accepts=shariah_finance&accepts=staged");
  add("buy", "accepts shariah, price-asc", "accepts=shariah_finance&sort=price-asc");
  add("buy", "accepts shariah, category", "category=food&accepts=shariah_finance");
  add(
    "buy",
    "all fact filters",
    "min-price=20000&max-price=300000&min-turnover=100000&min-profit=20000&tenure=leasehold&min-lease-years=5&accommodation=yes&under-offer=hide",
  );
  add("buy", "category + profit, price-asc", "category=food&min-profit=50000&sort=price-asc");
  // "New this week" and "Price reduced" (decision 0084), at LISTED_NOW.
  add("buy", "new this week", "new=week");
  add("buy", "price reduced", "reduced=yes");
  add("buy", "sort biggest reduction", "sort=reduction");
  add("buy", "reduced + category, by reduction", "reduced=yes&category=food&sort=reduction");
  // "Figures checked by HBS" (decision 0087): one listing in fifteen.
  add("buy", "figures checked", "checked=yes");
  add("buy", "figures checked, price-asc", "checked=yes&sort=price-asc");
  add("buy", "figures checked + category", "checked=yes&category=food");
  add("buy", "figures checked + turnover at least", "checked=yes&min-turnover=500000");
  add("buy", "near Birmingham, 10 miles", "near=Birmingham&radius=10");
  add("buy", "near B1 1AA, 3 miles", "near=B1 1AA&radius=3");
  add("buy", "near Birmingham 25 mi + price", "near=Birmingham&radius=25&max-price=150000");
  // Nearest first with a live directory's few featured businesses, so that
  // the rest fill page 2, and page 1 of a category (decision 0049).
  for (const [name, query] of [
    ["nearest first, page 2", "page=2"],
    ["category, nearest first", "category=other"],
    ["fully halal, nearest first", "halal=fully"],
    ["open now, nearest first", "open=now"],
  ] as const) {
    list.push({
      page: "directory",
      name: `${name}, ${FEW_FEATURED} featured`,
      query,
      origin: BIRMINGHAM,
      originName: "Birmingham",
      filtered: true,
      fewFeatured: true,
    });
  }
  // The one query a signed-in buyer adds to /buy: which of the page's confidential listings' NDAs they accepted.
  list.push({ ...list.find((s) => s.page === "buy" && s.query === "")!, name: "signed in, with NDAs", signedIn: true });
  list.push({
    ...list.find((s) => s.page === "buy" && s.query === "category=retail")!,
    name: "category, signed in, with NDAs",
    signedIn: true,
  });
  // What /promote reads when its kept figures are an hour old: every page's views of last month, and the promotions.
  add("promote", "last month's views, promoted and not", "");
  // The fair price guide (decision 0086): every category's on /sell, and each of a seller's listings' on /my-listings.
  add("sell", "price guide, every category", "");
  add("my-listings", `price guide, ${SELLER_LISTINGS} listings`, "");
  // Adding a business (decision 0095): its first step's likely duplicates, a common name in a busy district.
  add("add", "likely duplicates of a Birmingham business", adding);
  // The same with the second query a member adds (issue #50): which of the page's listings they asked about.
  // Beside the two above rather than instead of them, so that those still compare with earlier runs.
  for (const [query, name] of [
    ["", "signed in, NDAs + enquiries"],
    ["category=retail", "category, signed in, NDAs + enquiries"],
  ] as const) {
    list.push({ ...list.find((s) => s.page === "buy" && s.query === query)!, name, signedIn: true, enquiries: true });
  }
  return list;
}

/** How many businesses stay featured for the fewFeatured scenarios: a live directory's few dozen. */
const FEW_FEATURED = 40;

/**
 * All but `FEW_FEATURED` businesses no longer featured, by staff or by a
 * package; then what autovacuum would do, as after the bulk insert (without
 * it, the updated pages' index entries send index-only scans to the table).
 */
async function keepFewFeatured(database: Database) {
  await database.execute(sql`update ${directoryBusiness} set featured = false, promotion = null
    where ${directoryBusiness.showcased} and ${directoryBusiness.id} not in (
      select ${directoryBusiness.id} from ${directoryBusiness} where ${directoryBusiness.showcased}
      order by ${directoryBusiness.id} limit ${FEW_FEATURED})`);
  await database.execute(sql`vacuum (analyze) ${directoryBusiness}`);
}

/** When the bulk listings were listed: /buy's "New this week" and "Price reduced" count back from it. */
const LISTED_NOW = new Date("2026-06-01T12:00:00Z");

/**
 * One listing in eight reduced by a tenth, through the price-history trigger; the reductions then
 * dated over the 60 days before LISTED_NOW, so that about half are "Price reduced" (decision 0084).
 */
async function reducePrices(database: Database) {
  await database.execute(sql`update ${businessListing} set asking_price_pence = asking_price_pence * 9 / 10
    where ${businessListing.id} % 8 = 0`);
  await database.execute(sql`update ${businessListing}
    set price_reduced_at = ${LISTED_NOW.toISOString()}::timestamptz - (${businessListing.id} % 60) * interval '1 day'
    where ${businessListing.priceReducedAt} is not null`);
}

/**
 * One listing in fifteen with its figures checked by staff, through the trigger the
 * check's row sets off (decision 0087), as of a month before LISTED_NOW.
 */
async function checkFigures(database: Database) {
  await database.execute(sql`insert into ${listingFiguresCheck}
      (listing_id, checked_at, year_ended, turnover_checked, net_profit_checked, annual_revenue_pence, net_profit_pence)
    select ${businessListing.id}, ${LISTED_NOW.toISOString()}::timestamptz - interval '30 days', '2026-03-31', true,
      ${businessListing.netProfitPence} is not null, ${businessListing.annualRevenuePence}, ${businessListing.netProfitPence}
    from ${businessListing} where ${businessListing.id} % 15 = 0 and ${businessListing.annualRevenuePence} is not null`);
}

/** The member of the signed-in scenarios. */
const BENCH_BUYER = { id: "bench-buyer", role: "member" };

/**
 * One listing in ten made confidential, and the bench buyer's accepted NDAs
 * for half of them (a busy buyer; most have none): what the signed-in
 * scenarios' NDA lookup reads.
 */
async function addConfidentialListings(database: Database) {
  await database.execute(sql`update ${businessListing}
    set confidential = true, confidential_title = 'Confidential: a business for sale',
        confidential_figures = '["askingPrice"]'::jsonb
    where ${businessListing.id} % 10 = 0`);
  await database.insert(user).values({ id: BENCH_BUYER.id, email: "bench-buyer@example.com", emailVerified: true });
  await database.execute(sql`insert into ${listingNda} (listing_id, user_id, full_name, nda_version)
    select ${businessListing.id}, ${BENCH_BUYER.id}, 'Bench Buyer', 'bench'
    from ${businessListing} where ${businessListing.id} % 20 = 0`);
}

/**
 * The bench buyer's registered interest in one listing in 25 (800 at full
 * size: a very busy buyer), each with its thread, as the listing page stores
 * it: what the enquiries scenarios' lookup reads.
 */
async function addEnquiries(database: Database) {
  await database.execute(sql`insert into ${enquiry} (kind, user_id, subject, fields, listing_id, shared_with_seller)
    select 'listing_interest', ${BENCH_BUYER.id}, ${businessListing.title}, '{}'::jsonb, ${businessListing.id}, true
    from ${businessListing} where ${businessListing.id} % 25 = 0`);
  await database.execute(sql`insert into ${messageThread} (listing_id, buyer_id, seller_id)
    select ${businessListing.id}, ${BENCH_BUYER.id}, ${businessListing.sellerId}
    from ${businessListing} where ${businessListing.id} % 25 = 0`);
}

/** The seller of the my-listings scenario, and how many listings they have: two in each of three categories. */
const BENCH_SELLER = { id: "bench-seller" };
const SELLER_LISTINGS = 6;

/** The bench seller's listings: the first two of food, retail and services, each compared with other sellers'. */
async function addSeller(database: Database) {
  await database.insert(user).values({ id: BENCH_SELLER.id, email: "bench-seller@example.com", emailVerified: true });
  await database.execute(sql`update ${businessListing} set seller_id = ${BENCH_SELLER.id}
    where ${businessListing.id} in (
      select id from (
        select id, row_number() over (partition by category order by id) as n from ${businessListing}
        where category in ('food', 'retail', 'services')
      ) firsts where n <= ${SELLER_LISTINGS / 3})`);
}

/** "Now" for "open now" and the cards' opening lines: a Friday evening in London, so runs compare. */
const BENCH_NOW = new Date("2026-11-20T19:00:00Z");

/**
 * Views per day of every business and listing, each seen on one day in
 * eight from September to BENCH_NOW (15,000 pages a day at full size, 1.2
 * million rows, 465,000 of them October's), and a promotion for one page in
 * fifty that ran into October: what /promote's figures read (decision 0070).
 */
async function addViewsAndPromotions(database: Database) {
  for (const [days, page, pages, promotedBy] of [
    ["business_view_day", "business_id", "directory_business", "business_id"],
    ["listing_view_day", "listing_id", "business_listing", "listing_id"],
  ] as const) {
    await database.execute(sql`insert into ${sql.identifier(days)} (${sql.identifier(page)}, day, views)
      select p.id, d::date, 1 + (p.id * 7 + extract(doy from d)::int) % 9
      from ${sql.identifier(pages)} p, generate_series('2026-09-01'::date, ${BENCH_NOW.toISOString().slice(0, 10)}::date, '1 day') d
      where (p.id + extract(doy from d)::int) % 8 = 0`);
    await database.execute(sql`insert into subscription
        (user_id, package_name, package_type, status, price_pence, start_date, end_date, ${sql.identifier(promotedBy)})
      select ${BENCH_BUYER.id}, 'The Feature Package', 'promotion', 'expired', 2599,
        '2026-10-05T10:00:00Z', '2026-11-05T10:00:00Z', p.id
      from ${sql.identifier(pages)} p where p.id % 50 = 0`);
  }
}

/** What the page's loader asks the database for, as it asks it. */
async function loadPage(scenario: Scenario): Promise<{ total: number; items: number }> {
  if (scenario.page === "promote") {
    // Rows: the pages viewed last month; items: the kinds (directory, for sale) whose figures are shown.
    const reach = await promotionReach(currentDb(), BENCH_NOW);
    const kinds = [reach?.businesses, reach?.listings].filter((kind) => kind !== null && kind !== undefined);
    return {
      total: kinds.reduce((pages, kind) => pages + kind.promoted.pages + kind.others.pages, 0),
      items: kinds.length,
    };
  }
  if (scenario.page === "sell") {
    // Rows: the listings behind the net profit multiples; items: the categories with a guide.
    const guides = Object.values(await categoryPriceGuides());
    return { total: guides.reduce((n, guide) => n + (guide.profit?.count ?? 0), 0), items: guides.length };
  }
  if (scenario.page === "my-listings") {
    const guides = [...(await sellerPriceGuides(BENCH_SELLER.id)).values()];
    return { total: guides.reduce((n, guide) => n + (guide.profit?.count ?? 0), 0), items: guides.length };
  }
  const params = new URLSearchParams(scenario.query);
  if (scenario.page === "add") {
    const found = await likelyDuplicates({ name: params.get("name")!, postcode: params.get("postcode")! });
    return { total: found.length, items: found.length };
  }
  const near = nearFilter(await readNearSearch(params));
  if (scenario.page === "directory") {
    // With the cards' halal badges, opening lines and hygiene ratings.
    const [result] = await Promise.all([
      searchBusinesses(parseDirectoryQuery(params), scenario.origin, scenario.findsNoneAt ?? BENCH_NOW, near),
      businessTowns(),
    ]);
    return { total: result.total, items: result.items.length };
  }
  const [result] = await Promise.all([
    searchListings(
      parseListingQuery(params),
      scenario.origin,
      near,
      scenario.signedIn ? BENCH_BUYER : null,
      LISTED_NOW,
    ),
    listingTowns(),
  ]);
  if (scenario.enquiries) {
    await listingsEnquiredBy(BENCH_BUYER.id, result.items);
  }
  return { total: result.total, items: result.items.length };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] as number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** The same database through a Drizzle instance that records every statement. */
export function recordingDatabase(
  handle: DatabaseHandle,
  statements: { query: string; params: unknown[] }[],
): Database {
  const logger = { logQuery: (query: string, params: unknown[]) => statements.push({ query, params }) };
  const client = clientOf(handle);
  return handle.kind === "postgres"
    ? drizzleNodePg({ client: client as unknown as pg.Pool, schema, logger })
    : drizzlePglite({ client: client as unknown as PGlite, schema, logger });
}

// ---------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------

export async function runBrowseBenchmark(options: BrowseOptions): Promise<BrowseResults> {
  const log = options.log ?? (() => {});
  const iterations = options.iterations;
  const warmup = options.warmup ?? Math.min(20, Math.max(2, Math.round(iterations / 10)));
  const startedAt = new Date().toISOString();
  const bench = await createBenchDatabase(options);
  const cleanup = () => bench.destroy();
  activeCleanups.add(cleanup);
  try {
    let t = performance.now();
    await bench.handle.migrate();
    const migrateMs = performance.now() - t;
    if (options.applySql) {
      const client = clientOf(bench.handle);
      await (client.exec ? client.exec(options.applySql) : client.query(options.applySql));
      await bench.reconnect();
    }
    const { handle } = bench;
    const loadAtStart = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

    log(`Adding ${options.businesses} businesses and ${options.listings} listings (${handle.kind})…`);
    t = performance.now();
    const added = await insertBulkData(handle.db, {
      businesses: options.businesses,
      listings: options.listings,
      seed: options.seed ?? 1,
      now: LISTED_NOW,
    });
    await addConfidentialListings(handle.db);
    await reducePrices(handle.db);
    await checkFigures(handle.db);
    await addViewsAndPromotions(handle.db);
    await addEnquiries(handle.db);
    await addSeller(handle.db);
    const insertMs = performance.now() - t;
    log(`  added in ${(insertMs / 1000).toFixed(1)} s`);

    // What the hourly housekeeping would have done: the directory's counts'
    // changes summed up, one row a key (decision 0058). Then what autovacuum
    // would have done on a live database: statistics for the planner and a
    // visibility map for index-only scans.
    await compactDirectoryCounts(handle.db);
    t = performance.now();
    await handle.db.execute(sql`vacuum (analyze)`);
    const vacuumAnalyzeMs = performance.now() - t;

    setDatabase(handle);
    try {
      const everything = await searchListings(parseListingQuery(new URLSearchParams()), null);
      const deepPage = (rows: number) => Math.max(1, Math.min(20, Math.ceil(rows / PAGE_SIZE)));
      const [featured] = await handle.db
        .select({ n: count() })
        .from(directoryBusiness)
        .where(and(eq(directoryBusiness.published, true), eq(directoryBusiness.showcased, true)));
      const pastFeatured = Math.ceil((featured?.n ?? 0) / PAGE_SIZE) + 1;
      // A business being added with the name and postcode of a Birmingham one: its likely duplicates are found.
      const [probe] = await handle.db
        .select({ name: directoryBusiness.name, postcode: directoryBusiness.postcode })
        .from(directoryBusiness)
        .where(and(eq(directoryBusiness.published, true), eq(directoryBusiness.town, "Birmingham")))
        .orderBy(directoryBusiness.id)
        .limit(1);
      const adding = new URLSearchParams({ name: probe?.name ?? "", postcode: probe?.postcode ?? "" }).toString();
      const list = scenarios(deepPage(added.businesses), deepPage(everything.total), pastFeatured, adding);

      const results: ScenarioResult[] = [];
      const explaining = options.explain !== false;
      // The few-featured scenarios come last, on data changed for them; each part's plans are read on its own data.
      const fewFeatured = list.findIndex((scenario) => scenario.fewFeatured);
      let explain = "";
      for (const scenario of list) {
        if (results.length === fewFeatured) {
          if (explaining) explain = await explainSlowest(handle, list, results);
          await keepFewFeatured(handle.db);
        }
        for (let i = 0; i < warmup; i++) await loadPage(scenario);
        const times: number[] = [];
        let last = { total: 0, items: 0 };
        for (let i = 0; i < iterations; i++) {
          const start = performance.now();
          last = await loadPage(scenario);
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const result: ScenarioResult = {
          page: scenario.page,
          name: scenario.name,
          query: scenario.query,
          origin: scenario.originName,
          filtered: scenario.filtered,
          ...(scenario.findsNoneAt ? { findsNone: true } : {}),
          iterations,
          p50Ms: round(percentile(times, 50)),
          p95Ms: round(percentile(times, 95)),
          maxMs: round(times[times.length - 1] ?? Number.NaN),
          meanMs: round(times.reduce((a, b) => a + b, 0) / Math.max(1, times.length)),
          ...last,
        };
        results.push(result);
        log(
          `  ${scenario.page.padEnd(9)} ${scenario.name.padEnd(28)} p50 ${result.p50Ms.toFixed(1).padStart(7)} ms  p95 ${result.p95Ms
            .toFixed(1)
            .padStart(7)} ms  (${result.total} rows)`,
        );
      }

      if (explaining) {
        const from = Math.max(0, fewFeatured);
        explain += await explainSlowest(handle, list.slice(from), results.slice(from));
      }
      return {
        db: handle.kind,
        tag: options.tag ?? null,
        startedAt,
        sizes: { businesses: added.businesses, listings: added.listings, publishedListings: everything.total },
        iterations,
        warmup,
        setupMs: { migrate: round(migrateMs), insert: round(insertMs), vacuumAnalyze: round(vacuumAnalyzeMs) },
        machine: { ...(await machineInfo(handle)), loadAverage1mAtStart: loadAtStart },
        targetP95Ms: targetP95Ms(handle.kind),
        scenarios: results,
        explain,
      };
    } finally {
      setDatabase(undefined);
    }
  } finally {
    activeCleanups.delete(cleanup);
    await cleanup();
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement of the slowest scenario of
 * each page and of every scenario over the target.
 */
async function explainSlowest(handle: DatabaseHandle, list: Scenario[], results: ScenarioResult[]): Promise<string> {
  const byP95 = results.map((r, i) => ({ r, s: list[i] as Scenario })).sort((a, b) => b.r.p95Ms - a.r.p95Ms);
  const chosen = byP95.filter(
    ({ r }, i) => r.p95Ms >= targetP95Ms(handle.kind) || byP95.findIndex((x) => x.r.page === r.page) === i,
  );
  const client = clientOf(handle);
  const out: string[] = [];
  for (const { r, s } of chosen) {
    const statements: { query: string; params: unknown[] }[] = [];
    setDatabase({ ...handle, db: recordingDatabase(handle, statements) });
    try {
      await loadPage(s);
    } finally {
      setDatabase(handle);
    }
    out.push(
      `=== ${r.page} · ${r.name} · ?${r.query}${r.origin ? ` · origin ${r.origin}` : ""} · p50 ${r.p50Ms} ms · p95 ${r.p95Ms} ms ===`,
    );
    for (const statement of statements) {
      const plan = await client.query(`explain (analyze, buffers) ${statement.query}`, statement.params);
      out.push(
        "",
        `-- ${statement.query}`,
        `-- params: ${JSON.stringify(statement.params)}`,
        ...plan.rows.map((row) => String(Object.values(row)[0])),
      );
    }
    out.push("", "");
  }
  return out.join("\n");
}

// ---------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------

const activeCleanups = new Set<() => Promise<void>>();

export function formatTable(results: BrowseResults): string {
  const header = ["page", "scenario", "query", "rows", "p50 ms", "p95 ms", "max ms", ""];
  const rows = results.scenarios.map((r) => [
    r.page,
    r.name,
    `${r.query || "—"}${r.origin ? ` @${r.origin}` : ""}`,
    String(r.total),
    r.p50Ms.toFixed(1),
    r.p95Ms.toFixed(1),
    r.maxMs.toFixed(1),
    r.p95Ms < results.targetP95Ms ? "" : `≥ ${results.targetP95Ms} ms`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 3 && i <= 6 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "pglite" },
      businesses: { type: "string" },
      listings: { type: "string" },
      iterations: { type: "string" },
      warmup: { type: "string" },
      seed: { type: "string", default: "1" },
      "postgres-url": { type: "string" },
      smoke: { type: "boolean", default: false },
      apply: { type: "string" },
      tag: { type: "string" },
      out: { type: "string", default: path.join(path.dirname(fileURLToPath(import.meta.url)), "results") },
    },
  });
  if (values.db !== "pglite" && values.db !== "postgres") throw new Error("--db must be pglite or postgres");
  const size = values.smoke ? SMOKE_SIZE : FULL_SIZE;
  const number = (value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const n = Number(value.replace(/_/g, ""));
    if (!Number.isInteger(n) || n < 0) throw new Error(`Not a whole number: ${value}`);
    return n;
  };
  const options: BrowseOptions = {
    db: values.db,
    businesses: number(values.businesses, size.businesses),
    listings: number(values.listings, size.listings),
    iterations: Math.max(1, number(values.iterations, size.iterations)),
    warmup: values.warmup === undefined ? undefined : number(values.warmup, 0),
    seed: number(values.seed, 1),
    postgresUrl: values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL,
    applySql: values.apply === undefined ? undefined : fs.readFileSync(values.apply, "utf8"),
    tag: values.tag ?? (values.apply === undefined ? undefined : path.basename(values.apply, ".sql")),
    log: (line) => console.log(line),
  };

  // Ctrl+C or a time limit: still drop the throwaway database.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up…`);
      void Promise.allSettled([...activeCleanups].map((c) => c())).then(() => process.exit(130));
    });
  }

  const results = await runBrowseBenchmark(options);
  console.log("");
  console.log(formatTable(results));
  console.log("");
  console.log(
    `${results.db}${results.tag ? ` (${results.tag})` : ""}: ${results.sizes.businesses} businesses, ${results.sizes.listings} listings (${results.sizes.publishedListings} published); ` +
      `${results.iterations} runs per scenario after ${results.warmup} warm-up runs; insert ${(results.setupMs.insert / 1000).toFixed(1)} s.`,
  );

  fs.mkdirSync(values.out, { recursive: true });
  const stamp = results.startedAt.slice(0, 10);
  const suffix = `${results.tag ? `-${slug(results.tag)}` : ""}${values.smoke ? "-smoke" : ""}`;
  const jsonFile = path.join(values.out, `browse-${results.db}-${stamp}${suffix}.json`);
  const { explain, ...figures } = results;
  fs.writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`Figures: ${path.relative(process.cwd(), jsonFile)}`);
  if (explain) {
    const explainFile = path.join(values.out, `explain-${results.db}-${stamp}${suffix}.txt`);
    fs.writeFileSync(explainFile, explain);
    console.log(`Query plans of the slowest scenarios: ${path.relative(process.cwd(), explainFile)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

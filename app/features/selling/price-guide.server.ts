// The fair price guide's figures (issue #48 point 4, decision 0086): for a
// category, the multiples of net profit and of turnover that its published
// and sold listings ask. Only what anyone may see goes in: the public_*
// columns, empty where a confidential listing hides a figure (decision 0062),
// so a hidden figure never shapes the guide. Quartiles in SQL, over the
// (status, category) index; a multiple below five listings is not shown.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/server/db.server";
import { businessListing } from "~/server/schema";
import { guideMultiple, type PriceGuide } from "./price-guide";

/** On the market or sold: what buyers were asked. Pending, withdrawn or expired listings are not. */
const GUIDED_STATUSES = ["published", "sold"] as const;

/** The public figures of business_listing, or of an alias of it. */
type PublicFigures = Record<
  "publicAskingPricePence" | "publicNetProfitPence" | "publicAnnualRevenuePence",
  AnyPgColumn
>;

/** Asking price ÷ a public figure, where both are shown and above zero; else null, which the aggregates skip. */
const multipleOf = (asking: AnyPgColumn, figure: AnyPgColumn) =>
  sql`case when ${figure} > 0 and ${asking} > 0 then ${asking}::float8 / ${figure} end`;

/** Each multiple's count and quartiles (lower, median, upper), over the rows of one group. */
function aggregates(listings: PublicFigures) {
  const profit = multipleOf(listings.publicAskingPricePence, listings.publicNetProfitPence);
  const turnover = multipleOf(listings.publicAskingPricePence, listings.publicAnnualRevenuePence);
  const quartiles = (multiple: typeof profit) =>
    sql<number[] | null>`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${multiple})`;
  return {
    profitCount: sql<number>`count(${profit})::int`.as("profit_count"),
    profitQuartiles: quartiles(profit).as("profit_quartiles"),
    turnoverCount: sql<number>`count(${turnover})::int`.as("turnover_count"),
    turnoverQuartiles: quartiles(turnover).as("turnover_quartiles"),
  };
}

type AggregateRow = {
  profitCount: number;
  profitQuartiles: number[] | null;
  turnoverCount: number;
  turnoverQuartiles: number[] | null;
};

const guideOf = (row: AggregateRow): PriceGuide => ({
  profit: guideMultiple(row.profitCount, row.profitQuartiles),
  turnover: guideMultiple(row.turnoverCount, row.turnoverQuartiles),
});

/** Every category's guide, for /sell: one grouped query; a category with no guided listing is absent. */
export async function categoryPriceGuides(): Promise<Record<string, PriceGuide>> {
  const rows = await db()
    .select({ category: businessListing.category, ...aggregates(businessListing) })
    .from(businessListing)
    .where(inArray(businessListing.status, GUIDED_STATUSES))
    .groupBy(businessListing.category);
  return Object.fromEntries(rows.map((row) => [row.category, guideOf(row)]));
}

/**
 * The guide of each of a seller's listings, for /my-listings: its category's
 * other listings (never itself), in one statement however many listings the
 * seller has: a lateral aggregate per listing.
 */
export async function sellerPriceGuides(sellerId: string): Promise<Map<number, PriceGuide>> {
  const others = alias(businessListing, "other_listing");
  const guide = db()
    .select(aggregates(others))
    .from(others)
    .where(
      and(
        inArray(others.status, GUIDED_STATUSES),
        eq(others.category, businessListing.category),
        ne(others.id, businessListing.id),
      ),
    )
    .as("guide");
  const rows = await db()
    .select({
      id: businessListing.id,
      profitCount: guide.profitCount,
      profitQuartiles: guide.profitQuartiles,
      turnoverCount: guide.turnoverCount,
      turnoverQuartiles: guide.turnoverQuartiles,
    })
    .from(businessListing)
    .crossJoinLateral(guide)
    .where(eq(businessListing.sellerId, sellerId));
  return new Map(rows.map((row) => [row.id, guideOf(row)]));
}

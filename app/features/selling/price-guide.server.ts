// The fair price guide's figures (issue #48 point 4, decision 0086): for a
// category, the multiples of net profit and of turnover that its published
// and sold listings ask. Only what anyone may see goes in: the public_*
// columns, empty where a confidential listing hides a figure (decision 0062),
// so a hidden figure never shapes the guide. Quartiles in SQL, read from the
// index business_listing_price_guide_idx alone; a multiple below five
// listings is not shown.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/server/db.server";
import { businessListing } from "~/server/schema";
import { guideMultiple, type PriceGuide } from "./price-guide";

/** On the market or sold: what buyers were asked. Pending, withdrawn or expired listings are not. */
const GUIDED_STATUSES = ["published", "sold"] as const;

/** Asking price ÷ a public figure, where both are shown and above zero; else null, which the aggregates skip. */
const multipleOf = (
  figure: typeof businessListing.publicNetProfitPence | typeof businessListing.publicAnnualRevenuePence,
) =>
  sql`case when ${figure} > 0 and ${businessListing.publicAskingPricePence} > 0
    then ${businessListing.publicAskingPricePence}::float8 / ${figure} end`;

/** A multiple's lower quartile, median and upper quartile, interpolated. */
const quartiles = (multiple: SQL) =>
  sql<number[] | null>`percentile_cont(array[0.25, 0.5, 0.75]) within group (order by ${multiple})`;

/** Each category's guide among the guided listings that also meet `where`. */
async function guidesByCategory(where?: SQL): Promise<Map<string, PriceGuide>> {
  const profit = multipleOf(businessListing.publicNetProfitPence);
  const turnover = multipleOf(businessListing.publicAnnualRevenuePence);
  const rows = await db()
    .select({
      category: businessListing.category,
      profitCount: sql<number>`count(${profit})::int`,
      profitQuartiles: quartiles(profit),
      turnoverCount: sql<number>`count(${turnover})::int`,
      turnoverQuartiles: quartiles(turnover),
    })
    .from(businessListing)
    .where(and(inArray(businessListing.status, GUIDED_STATUSES), where))
    .groupBy(businessListing.category);
  return new Map(
    rows.map((row) => [
      row.category,
      {
        profit: guideMultiple(row.profitCount, row.profitQuartiles),
        turnover: guideMultiple(row.turnoverCount, row.turnoverQuartiles),
      },
    ]),
  );
}

/** Every category's guide, for /sell (six rows); a category with no guided listing is absent. */
export async function categoryPriceGuides(): Promise<Record<string, PriceGuide>> {
  return Object.fromEntries(await guidesByCategory());
}

/**
 * The guide of each category a seller has a listing in, for /my-listings:
 * other sellers' listings only, so that neither the listing itself nor the
 * seller's other ones shape the figure it is compared with. One query,
 * however many listings the seller has.
 */
export function sellerPriceGuides(sellerId: string): Promise<Map<string, PriceGuide>> {
  const own = db()
    .select({ category: businessListing.category })
    .from(businessListing)
    .where(eq(businessListing.sellerId, sellerId));
  return guidesByCategory(
    and(inArray(businessListing.category, own), sql`${businessListing.sellerId} is distinct from ${sellerId}`),
  );
}

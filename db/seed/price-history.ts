// A sample listing's price reduction (decision 0084): it goes through the price-history trigger like
// any other price change; only its dates are then moved back to when the sample says it happened.
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../app/server/db.server";
import { businessListing, listingPrice } from "../../app/server/schema";

export async function reducePrice(db: Database, id: number, toPence: number, publishedAt: Date, reducedAt: Date) {
  await db.update(businessListing).set({ askingPricePence: toPence }).where(eq(businessListing.id, id));
  for (const [since, atPrice] of [
    [publishedAt, ne(listingPrice.askingPricePence, toPence)],
    [reducedAt, eq(listingPrice.askingPricePence, toPence)],
  ] as const) {
    await db
      .update(listingPrice)
      .set({ since })
      .where(and(eq(listingPrice.listingId, id), atPrice));
  }
  await db.update(businessListing).set({ priceReducedAt: reducedAt }).where(eq(businessListing.id, id));
}

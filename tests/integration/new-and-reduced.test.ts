// "New this week" and "Price reduced" (decision 0084): the price history the
// trigger keeps whichever path changes a price, the badges, /buy's filters and
// sort, their 7- and 30-day edges with a moved clock, and a hidden price that
// is never "reduced", on PGlite or PostgreSQL (tests/helpers/test-database.ts).
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveListing } from "../../app/features/admin/listings.server";
import { listingEditSchema } from "../../app/features/admin/schemas";
import type { SessionUser } from "../../app/features/account/session.server";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { canonicalListingQuery, parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { listingBadges } from "../../app/features/marketplace/new-and-reduced";
import { decideRevision, pendingRevisionOf } from "../../app/features/selling/revisions.server";
import { editOwnListing } from "../../app/features/selling/seller-actions.server";
import { businessListing, listingPrice, user } from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
let counter = 0;

async function member() {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `reducer-${counter}`, email: `reducer${counter}@example.com`, emailVerified: true })
    .returning();
  return row!;
}

/** A listing sent on /sell by this member, published by staff, under a title word of its own. */
async function publishedListing(word: string, owner: { id: string; email: string }, pricePence = 50_000_00) {
  counter += 1;
  const slug = `${word}-${counter}`;
  await recordEnquiry(app.database.db, {
    kind: "listing_submission",
    subject: word,
    userId: owner.id,
    fields: { businessName: word, contactName: "Amina Patel", contactEmail: owner.email, contactPhone: "07700 900123" },
    draftListing: {
      slug,
      title: `${word} grill ${counter}`,
      category: "food",
      town: "Leeds",
      askingPricePence: pricePence,
      description: "A busy grill on the high street.",
    },
  });
  const [listing] = await app.database.db
    .update(businessListing)
    .set({ status: "published", publishedAt: new Date() })
    .where(eq(businessListing.slug, slug))
    .returning();
  return listing!;
}

const listingNow = async (id: number) =>
  (await app.database.db.select().from(businessListing).where(eq(businessListing.id, id)))[0]!;
const historyOf = async (id: number) =>
  (
    await app.database.db
      .select({ pence: listingPrice.askingPricePence })
      .from(listingPrice)
      .where(eq(listingPrice.listingId, id))
      .orderBy(asc(listingPrice.since), asc(listingPrice.id))
  ).map((row) => row.pence);

/** /buy's slugs for this query string at this moment, in order. */
const buy = async (query: string, now = new Date(), viewer: SessionUser | null = null) =>
  (await searchListings(parseListingQuery(new URLSearchParams(query)), null, null, viewer, now)).items;
const slugsOf = (items: { slug: string }[]) => items.map((item) => item.slug);

/** The seller's edit form, with their listing's title and a new asking price. */
const sellerEdit = (businessName: string, askingPrice: number) =>
  ({
    businessName,
    category: "food",
    location: "Leeds",
    askingPrice,
    description: "A busy grill on the high street.",
    accommodationIncluded: undefined,
    relocatable: undefined,
    alcoholLicence: undefined,
    paymentTerms: [] as Parameters<typeof editOwnListing>[2]["paymentTerms"],
  }) as Parameters<typeof editOwnListing>[2];

/** Staff's edit of the listing as the back office's form sends it, with a new asking price. */
async function staffSetsPrice(staff: SessionUser, listing: typeof businessListing.$inferSelect, pounds: string) {
  const edit = listingEditSchema.parse({
    title: listing.title,
    category: listing.category,
    town: listing.town,
    askingPrice: pounds,
    description: listing.description,
  });
  expect(await saveListing(staff, listing.id, edit)).toEqual({ ok: true });
}

const staff = { id: "staff-reducer", email: "staff@example.com", role: "admin" } as SessionUser;

describe("a listing's price history", () => {
  it("keeps every published price through a revision staff approve and a staff edit; 'reduced' below the first", async () => {
    const owner = await member();
    await app.database.db.insert(user).values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin" });
    const listing = await publishedListing("quince", owner);
    expect(await historyOf(listing.id)).toEqual([50_000_00]);
    expect(await listingNow(listing.id)).toMatchObject({ firstPublishedPricePence: 50_000_00, priceReducedAt: null });

    // The seller's lower price waits for staff, and only their approval changes the history.
    expect(await editOwnListing(owner, listing.id, sellerEdit(listing.title, 41_000_00))).toBe("sent-for-review");
    expect(await historyOf(listing.id)).toEqual([50_000_00]);
    const revision = await pendingRevisionOf(listing.id);
    expect(await decideRevision(staff, listing.id, revision!.id, { approve: true })).toBe(true);
    expect(await historyOf(listing.id)).toEqual([50_000_00, 41_000_00]);
    const reduced = await listingNow(listing.id);
    expect(reduced.firstPublishedPricePence).toBe(50_000_00);
    expect(reduced.priceReducedAt).toBeInstanceOf(Date);
    const [card] = await buy("search=quince&reduced=yes");
    expect(card?.slug).toBe(listing.slug);
    expect(listingBadges(card!, new Date())).toEqual({
      newThisWeek: true,
      reduced: { fromPence: 50_000_00, on: reduced.priceReducedAt },
    });

    // Staff raise it, still below the first price: still reduced, from the same day.
    await staffSetsPrice(staff, await listingNow(listing.id), "45,000");
    expect(await historyOf(listing.id)).toEqual([50_000_00, 41_000_00, 45_000_00]);
    expect((await listingNow(listing.id)).priceReducedAt).toEqual(reduced.priceReducedAt);
    // An edit that leaves the price alone adds nothing.
    await staffSetsPrice(staff, await listingNow(listing.id), "45,000");
    expect(await historyOf(listing.id)).toHaveLength(3);
    // Back at the first price it is no longer reduced.
    await staffSetsPrice(staff, await listingNow(listing.id), "50,000");
    expect(await historyOf(listing.id)).toEqual([50_000_00, 41_000_00, 45_000_00, 50_000_00]);
    expect((await listingNow(listing.id)).priceReducedAt).toBeNull();
    expect(await buy("search=quince&reduced=yes")).toEqual([]);
  });

  it("counts 'New this week' for 7 × 24 hours and 'Price reduced' for 30 days", async () => {
    const owner = await member();
    const listing = await publishedListing("rhubarb", owner);
    await app.database.db
      .update(businessListing)
      .set({ askingPricePence: 40_000_00 })
      .where(eq(businessListing.id, listing.id));
    const { publishedAt, priceReducedAt } = await listingNow(listing.id);
    const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

    expect(slugsOf(await buy("search=rhubarb&new=week", at(publishedAt!, 7 * DAY - MINUTE)))).toEqual([listing.slug]);
    expect(await buy("search=rhubarb&new=week", at(publishedAt!, 7 * DAY + MINUTE))).toEqual([]);
    expect(slugsOf(await buy("search=rhubarb&reduced=yes", at(priceReducedAt!, 30 * DAY - MINUTE)))).toEqual([
      listing.slug,
    ]);
    expect(await buy("search=rhubarb&reduced=yes", at(priceReducedAt!, 30 * DAY + MINUTE))).toEqual([]);

    const [card] = await buy("search=rhubarb");
    expect(listingBadges(card!, at(publishedAt!, 7 * DAY + MINUTE)).newThisWeek).toBe(false);
    expect(listingBadges(card!, at(priceReducedAt!, 30 * DAY - MINUTE)).reduced).not.toBeNull();
    expect(listingBadges(card!, at(priceReducedAt!, 30 * DAY + MINUTE))).toEqual({ newThisWeek: false, reduced: null });
  });

  it("sorts by the biggest share taken off the first price, the rest after, newest first", async () => {
    const owner = await member();
    const tenth = await publishedListing("sorrel", owner, 50_000_00);
    const third = await publishedListing("sorrel", owner, 90_000_00);
    const unchanged = await publishedListing("sorrel", owner, 20_000_00);
    for (const [id, pence] of [
      [tenth.id, 45_000_00],
      [third.id, 60_000_00],
    ] as const) {
      await app.database.db.update(businessListing).set({ askingPricePence: pence }).where(eq(businessListing.id, id));
    }
    expect(slugsOf(await buy("search=sorrel&sort=reduction"))).toEqual([third.slug, tenth.slug, unchanged.slug]);
    // A month on, neither counts as reduced: newest first.
    expect(slugsOf(await buy("search=sorrel&sort=reduction", new Date(Date.now() + 31 * DAY)))).toEqual([
      unchanged.slug,
      third.slug,
      tenth.slug,
    ]);
  });

  it("never calls a confidential listing whose price is hidden 'reduced', nor sorts or finds it by it", async () => {
    const owner = await member();
    const listing = await publishedListing("tamarind", owner, 90_000_00);
    await app.database.db
      .update(businessListing)
      .set({ confidential: true, confidentialTitle: "A tamarind grill", confidentialFigures: [] })
      .where(eq(businessListing.id, listing.id));
    await app.database.db
      .update(businessListing)
      .set({ askingPricePence: 50_000_00 })
      .where(eq(businessListing.id, listing.id));
    expect(await historyOf(listing.id)).toEqual([90_000_00, 50_000_00]);

    expect(await buy("search=tamarind&reduced=yes")).toEqual([]);
    // Not even for its seller, who sees the hidden price: "reduced" is said only of a public one.
    for (const viewer of [null, { id: owner.id, role: "member" } as SessionUser]) {
      const [card] = await buy("search=tamarind", new Date(), viewer);
      expect(card).toMatchObject({ priceReducedAt: null });
      expect(listingBadges(card!, new Date()).reduced).toBeNull();
    }
    const [masked] = await buy("search=tamarind");
    expect(masked).toMatchObject({ askingPricePence: null, firstPublishedPricePence: null });

    // Shown, the price and its reduction are public.
    await app.database.db
      .update(businessListing)
      .set({ confidentialFigures: ["askingPrice"] })
      .where(eq(businessListing.id, listing.id));
    const [shown] = await buy("search=tamarind&reduced=yes");
    expect(listingBadges(shown!, new Date()).reduced).toMatchObject({ fromPence: 90_000_00 });
  });

  it("keeps both filters in a saved search's query", () => {
    const query = parseListingQuery(new URLSearchParams("reduced=yes&new=week&sort=reduction&page=2"));
    expect(canonicalListingQuery(query)).toBe("new=week&reduced=yes");
    expect(canonicalListingQuery(parseListingQuery(new URLSearchParams("reduced=1&new=yes")))).toBe("");
  });
});

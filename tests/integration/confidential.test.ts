// Confidential listings (decision 0033) on PGlite or PostgreSQL: what a
// visitor, a member without access, a buyer who accepted the NDA, the seller
// and staff see; who may mark a listing confidential and withdraw access; and
// that no hidden field reaches search, the sitemap, the listing page's data
// or an alert e-mail.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAlerts } from "../../app/features/alerts/alerts.server";
import { createSavedSearch } from "../../app/features/alerts/saved-searches.server";
import { NDA_VERSION } from "../../app/features/marketplace/confidential";
import {
  acceptNda,
  ndaState,
  revokeNda,
  setConfidential,
  viewListings,
} from "../../app/features/marketplace/confidential.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { listingForViewer, listingTowns, searchListings } from "../../app/features/marketplace/listings.server";
import { sellerDashboard } from "../../app/features/selling/dashboard.server";
import { sitemapPart } from "../../app/features/seo/sitemap.server";
import { loader as listingLoader } from "../../app/routes/listing";
import { businessListing, listingNda, outbox, user } from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;

// Planted in every field a confidential listing hides: none may appear anywhere without access.
const HIDDEN = ["Zarqawood Grill", "Qwertyton", "1ZQ", "zq-secret-description", "zq-feature", "zq-photo", "zq-reason"];
const leaks = (text: string) => HIDDEN.filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));
const GENERIC = "Confidential: established takeaway in South Wales";

async function member(role = "user") {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `nda-${counter}`, email: `nda${counter}@example.com`, emailVerified: true, role })
    .returning();
  return row!;
}

async function confidentialListing(sellerId: string, publishedAt = new Date()) {
  counter += 1;
  const [row] = await app.database.db
    .insert(businessListing)
    .values({
      slug: `zarqawood-grill-${counter}`,
      title: `Zarqawood Grill ${counter}`,
      category: "food",
      town: "Qwertyton",
      postcode: "CF10 1ZQ",
      latitude: 51.48,
      longitude: -3.18,
      askingPricePence: 120_000_00,
      annualRevenuePence: 400_000_00,
      netProfitPence: 90_000_00,
      tenure: "freehold",
      description: "zq-secret-description of a grill",
      features: ["zq-feature one"],
      images: ["/uploads/listings/zq-photo.jpg"],
      reasonForSale: "zq-reason",
      status: "published",
      publishedAt,
      sellerId,
    })
    .returning();
  const settings = { confidential: true, title: GENERIC, figures: ["askingPrice" as const] };
  expect(await setConfidential({ id: sellerId, email: "seller@example.com" }, row!.id, settings, sellerId)).toBe(true);
  return row!;
}

const seen = async (viewer: { id: string; role?: string } | null, id: number) => {
  const [row] = await app.database.db.select().from(businessListing).where(eq(businessListing.id, id));
  return (await viewListings(viewer, [row!]))[0]!;
};

describe("confidential listings", () => {
  it("show visitors and members without access only the generic title, the district and the chosen figures", async () => {
    const seller = await member();
    const listing = await confidentialListing(seller.id);
    const stranger = await member();
    for (const viewer of [null, stranger]) {
      const view = await seen(viewer, listing.id);
      expect(view).toMatchObject({
        masked: true,
        title: GENERIC,
        town: "CF10",
        slug: `confidential-${listing.id}`,
        askingPricePence: 120_000_00,
        annualRevenuePence: null,
        netProfitPence: null,
        postcode: null,
        latitude: null,
        images: [],
        features: [],
      });
      expect(leaks(JSON.stringify(view))).toEqual([]);
    }
  });

  it("leave nothing hidden in /buy's search, its filters, the sitemap or the listing page's data", async () => {
    const seller = await member();
    const listing = await confidentialListing(seller.id);
    const search = (query: string) => searchListings(parseListingQuery(new URLSearchParams(query)), null);

    expect((await search("search=zarqawood")).total).toBe(0);
    expect((await search("search=zq-secret-description")).total).toBe(0);
    expect((await search("location=Qwertyton")).total).toBe(0);
    expect(await listingTowns()).not.toContain("Qwertyton");
    // Net profit is hidden: filtering on it cannot reveal it.
    const byProfit = await search("search=south+wales&min-profit=1");
    expect(byProfit.items.map((item) => item.id)).not.toContain(listing.id);
    // The asking price is shown, so its filter finds the listing.
    const byPrice = await search("search=south+wales&min-price=1");
    expect(byPrice.items.map((item) => item.id)).toContain(listing.id);
    const found = await search("search=south+wales");
    expect(found.items.map((item) => item.id)).toContain(listing.id);
    expect(leaks(JSON.stringify(found.items))).toEqual([]);
    // Its card has the figures buyers compare (issue #50) only as chosen: the asking price.
    expect(found.items.find((item) => item.id === listing.id)).toMatchObject({
      askingPricePence: 120_000_00,
      annualRevenuePence: null,
      netProfitPence: null,
      tenure: null,
    });

    const sitemap = await (await sitemapPart("listings-1.xml"))!.text();
    expect(sitemap).toContain(`/buy/confidential-${listing.id}`);
    expect(leaks(sitemap)).toEqual([]);

    const request = new Request(`http://localhost/buy/confidential-${listing.id}`);
    const page = (await listingLoader({ request, params: { slug: `confidential-${listing.id}` } } as never)) as {
      data: unknown;
    };
    expect(leaks(JSON.stringify(page.data))).toEqual([]);
    expect(JSON.stringify(page.data)).toContain(GENERIC);

    // Its own slug, the trading name, confirms nothing.
    const byName = await listingLoader({
      request: new Request(`http://localhost/buy/${listing.slug}`),
      params: { slug: listing.slug },
    } as never).catch((thrown: { init?: { status?: number } }) => thrown.init?.status);
    expect(byName).toBe(404);
  });

  it("give a buyer access by the NDA, recorded with name, time, address and version, until the seller withdraws it", async () => {
    const seller = await member();
    const buyer = await member();
    const other = await member();
    const listing = await confidentialListing(seller.id);

    const accepted = await acceptNda({
      listingId: listing.id,
      userId: buyer.id,
      fullName: "Bilal Khan",
      ipAddress: "203.0.113.7",
      ndaVersion: NDA_VERSION,
    });
    expect(accepted).toBe("accepted");
    const [record] = await app.database.db.select().from(listingNda).where(eq(listingNda.userId, buyer.id));
    expect(record).toMatchObject({ fullName: "Bilal Khan", ipAddress: "203.0.113.7", ndaVersion: NDA_VERSION });
    expect(record!.acceptedAt).toBeInstanceOf(Date);

    const full = await seen(buyer, listing.id);
    expect(full).toMatchObject({ masked: false, title: listing.title, town: "Qwertyton", netProfitPence: 90_000_00 });
    // Its one address, for those with access too.
    expect(full.slug).toBe(`confidential-${listing.id}`);

    const [signer] = (await sellerDashboard(seller))[0]!.ndas;
    expect(signer).toMatchObject({ fullName: "Bilal Khan", revokedAt: null });

    // Another member cannot withdraw it; the seller can, once.
    expect(await revokeNda(signer!.id, other.id)).toBe(false);
    expect((await seen(buyer, listing.id)).masked).toBe(false);
    expect(await revokeNda(signer!.id, seller.id)).toBe(true);
    expect(await revokeNda(signer!.id, seller.id)).toBe(false);
    expect((await seen(buyer, listing.id)).masked).toBe(true);
    expect(await ndaState(buyer.id, listing.id)).toBe("revoked");

    // Accepting again does not undo the seller's decision.
    const again = await acceptNda({
      listingId: listing.id,
      userId: buyer.id,
      fullName: "Bilal Khan",
      ipAddress: null,
      ndaVersion: NDA_VERSION,
    });
    expect(again).toBe("revoked");
    expect((await seen(buyer, listing.id)).masked).toBe(true);
  });

  it("always show the seller and staff the listing in full; only they may mark it", async () => {
    const seller = await member();
    const staff = await member("admin");
    const other = await member();
    const listing = await confidentialListing(seller.id);
    expect((await seen(seller, listing.id)).masked).toBe(false);
    expect((await seen(staff, listing.id)).masked).toBe(false);

    const off = { confidential: false, title: null, figures: [] };
    expect(await setConfidential(other, listing.id, off, other.id)).toBe(false);
    const byStaff = await listingForViewer(`confidential-${listing.id}`, staff);
    expect(byStaff).toMatchObject({ row: { confidential: true } });
    expect(await setConfidential(staff, listing.id, off, null)).toBe(true);
    expect((await seen(null, listing.id)).masked).toBe(false);
    // No longer confidential: searchable by its name again.
    const found = await searchListings(
      parseListingQuery(new URLSearchParams(`search=${encodeURIComponent(listing.title)}`)),
      null,
    );
    expect(found.items.map((item) => item.id)).toContain(listing.id);
  });

  it("name a confidential listing in alert e-mails only as a visitor sees it", async () => {
    const seller = await member();
    const buyer = await member();
    const start = new Date();
    const saved = await createSavedSearch(
      app.database.db,
      buyer.id,
      { name: "Takeaways", frequency: "instant", search: "search=south+wales" },
      new Date(start.getTime() - 60_000),
    );
    expect(saved.ok).toBe(true);
    const listing = await confidentialListing(seller.id, start);
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 15 * 60_000));
    const mails = (await app.database.db.select().from(outbox))
      .map((row) => row.payload as unknown as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(GENERIC);
    expect(mails[0]!.text).toContain(`/buy/confidential-${listing.id}`);
    expect(leaks(JSON.stringify(mails[0]))).toEqual([]);
  });
});

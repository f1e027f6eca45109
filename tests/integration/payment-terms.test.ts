// Payment terms without interest (decision 0085): ticked on /sell, changed by
// the seller through a revision staff approve, shown on the listing's page,
// filtered on /buy, and kept and matched by a saved search.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matchSearches } from "../../app/features/alerts/alerts.server";
import { createSavedSearch } from "../../app/features/alerts/saved-searches.server";
import type { EnquiryActionData } from "../../app/features/enquiries/enquiry-kinds";
import { keyFactRows } from "../../app/features/marketplace/listing-facts";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { listingForViewer, searchListings } from "../../app/features/marketplace/listings.server";
import { decideRevision, pendingRevisionOf } from "../../app/features/selling/revisions.server";
import { editOwnListing } from "../../app/features/selling/seller-actions.server";
import { action as sellAction } from "../../app/routes/sell";
import { businessListing, savedSearch, user } from "../../app/server/schema";
import { callAction } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();

const onBuy = async (query: string) =>
  (await searchListings(parseListingQuery(new URLSearchParams(query)), null)).items.map((i) => i.title);
const paymentTermsRow = async (slug: string) => {
  const found = await listingForViewer(slug, null);
  if (found.kind !== "found") throw new Error(`${slug} is not on show`);
  return keyFactRows(found.listing).find((row) => row.label === "Payment terms")?.value;
};

describe("payment terms", () => {
  it("go from /sell to the listing, /buy's filter and a saved search, and change through a revision", async () => {
    const { db } = app.database;
    const [seller] = await db
      .insert(user)
      .values({ id: "terms-seller", email: "terms-seller@example.com", emailVerified: true })
      .returning();
    const form = new FormData();
    const fields = {
      businessName: "Terms Grill",
      category: "food",
      location: "Leeds",
      askingPrice: "60,000",
      annualRevenue: "150000",
      description: "A grill sold on fair terms.",
      contactName: "Amina Patel",
      contactEmail: seller!.email,
      contactPhone: "07700 900123",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    // Ticked in any order, and something no box sends: stored in the one order, the unknown dropped.
    for (const term of ["shariah_finance", "interest", "deferred"]) form.append("paymentTerms", term);
    const answer = await callAction<EnquiryActionData>(sellAction, { path: "/sell", body: form });
    expect(answer.status).toBe(200);

    const [stored] = await db.select().from(businessListing).where(eq(businessListing.title, "Terms Grill"));
    expect(stored!.paymentTerms).toEqual(["deferred", "shariah_finance"]);
    await db
      .update(businessListing)
      .set({ status: "published", publishedAt: new Date(), sellerId: seller!.id })
      .where(eq(businessListing.id, stored!.id));

    expect(await paymentTermsRow(stored!.slug)).toBe("Deferred payment, no interest; Shariah-compliant finance");
    // Any of the terms ticked: the sample kebab takeaway also accepts deferred payment.
    expect(await onBuy("accepts=deferred")).toEqual(
      expect.arrayContaining(["Terms Grill", "Established Kebab Takeaway in Cwmbran"]),
    );
    expect(await onBuy("accepts=staged")).not.toContain("Terms Grill");
    expect(await onBuy("accepts=staged&accepts=shariah_finance")).toContain("Terms Grill");
    // A term no box sends is no filter at all.
    expect(await onBuy("accepts=interest")).toContain("Chaii Café in Newport");

    const since = new Date(Date.now() - 60_000);
    const saved = await createSavedSearch(db, seller!.id, {
      name: "Staged payments",
      frequency: "instant",
      search: "category=food&accepts=staged&page=2",
    });
    expect(saved.ok).toBe(true);
    const [kept] = await db.select().from(savedSearch).where(eq(savedSearch.userId, seller!.id));
    expect(kept!.query).toBe("category=food&accepts=staged");
    const match = () => matchSearches(db, [{ id: kept!.id, query: kept!.query, since }], new Date());
    expect((await match()).get(kept!.id) ?? []).not.toContain(stored!.id);

    // The seller's change waits for staff while the live listing keeps its terms.
    const edit = {
      businessName: "Terms Grill",
      category: "food",
      location: "Leeds",
      askingPrice: 60_000_00,
      annualRevenue: 150_000_00,
      description: "A grill sold on fair terms.",
      accommodationIncluded: undefined,
      relocatable: undefined,
      alcoholLicence: undefined,
      paymentTerms: ["staged" as const],
    } as Parameters<typeof editOwnListing>[2];
    expect(await editOwnListing(seller!, stored!.id, edit)).toBe("sent-for-review");
    expect(await onBuy("accepts=staged")).not.toContain("Terms Grill");
    const revision = await pendingRevisionOf(stored!.id);
    expect(revision!.fields.map((f) => [f.label, f.before, f.after])).toEqual([
      ["Payment terms", "Deferred payment, no interest; Shariah-compliant finance", "Staged payments"],
    ]);
    expect(
      await decideRevision({ id: seller!.id, email: "staff@example.com" }, stored!.id, revision!.id, { approve: true }),
    ).toBe(true);

    expect(await paymentTermsRow(stored!.slug)).toBe("Staged payments");
    expect(await onBuy("accepts=staged")).toContain("Terms Grill");
    expect(await onBuy("accepts=deferred")).not.toContain("Terms Grill");
    expect((await match()).get(kept!.id)).toContain(stored!.id);
  });

  it("a listing that states none says so", async () => {
    expect(await paymentTermsRow("chaii-cafe-newport")).toBe("Not stated");
  });
});

// The fair price guide (issue #48 point 4, decision 0086): the multiples of
// net profit and turnover of a category's published and sold listings, from
// their public figures only, shown from five listings and "not enough data
// yet" below; on /sell's figures step (as a page without JavaScript gets it)
// and on each of the seller's listings, never counting the listing itself.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { EnquiryActionData } from "../../app/features/enquiries/enquiry-kinds";
import { SellerListingCard } from "../../app/features/selling/components/seller-listing-card";
import { sellerDashboard } from "../../app/features/selling/dashboard.server";
import { categoryPriceGuides } from "../../app/features/selling/price-guide.server";
import Sell, { action as sellAction, loader as sellLoader } from "../../app/routes/sell";
import { businessListing, user } from "../../app/server/schema";
import { callAction } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const K = 1_000_00; // £1,000 in pence
let counter = 0;

type Row = typeof businessListing.$inferInsert;

/** A listing of this category asking `askingK` thousand pounds, published unless said otherwise. */
async function listing(category: string, askingK: number, facts: Partial<Row> = {}) {
  counter += 1;
  const [row] = await app.database.db
    .insert(businessListing)
    .values({
      slug: `guide-${counter}`,
      title: `Guide business ${counter}`,
      category,
      town: "Leeds",
      askingPricePence: askingK * K,
      description: "A business for the price guide.",
      status: "published",
      publishedAt: new Date(),
      ...facts,
    })
    .returning();
  return row!;
}

/** Text as a reader sees it. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

/** /sell as a browser without JavaScript gets it after a post: its loader's data and the action's answer. */
async function sellPage(answer: EnquiryActionData) {
  const Stub = createRoutesStub([
    { id: "root", path: "/", children: [{ id: "sell", path: "sell", Component: Sell as never }] },
  ]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/sell"],
      hydrationData: {
        loaderData: { root: { user: null }, sell: await sellLoader() },
        actionData: { sell: answer },
      },
    }),
  );
  // Only the figures step: the others are in the form, hidden.
  return text(/<div role="group"[^>]*aria-labelledby="sell-step-2"[^>]*>(.*?)<\/fieldset>/s.exec(html)![1]!);
}

/** The figures step as the seller's post of `fields` (Back from the last step, say) shows it. */
async function figuresStep(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    businessName: "Corner Shop",
    location: "Leeds",
    description: "A corner shop.",
    step: "2",
    ...fields,
  })) {
    form.append(name, value);
  }
  const answer = await callAction<EnquiryActionData>(sellAction, { path: "/sell", body: form });
  expect(answer.data.step).toBe(2);
  return sellPage(answer.data);
}

describe("the fair price guide", () => {
  it("shows a category's median, middle half and count from five listings, from public figures only", async () => {
    // The sample data's three listings, all food, are not enough for a guide.
    expect(await categoryPriceGuides()).toEqual({ food: { profit: null, turnover: null } });
    expect(await figuresStep({ category: "food" })).toContain("Price guide for Food & Beverage: not enough data yet.");

    const [seller] = await app.database.db
      .insert(user)
      .values({ id: "guide-seller", email: "guide-seller@example.com", emailVerified: true })
      .returning();
    // Retail: asking 2, 3, 4, 5 and 6 times a £10,000 net profit (one of them sold), four with a turnover.
    for (const [times, status] of [
      [2, "published"],
      [3, "sold"],
      [4, "published"],
      [5, "published"],
      [6, "published"],
    ] as const) {
      await listing("retail", times * 10, {
        status,
        netProfitPence: 10 * K,
        annualRevenuePence: times <= 5 ? 40 * K : null,
      });
    }
    // The seller's own, at 7 times.
    const own = await listing("retail", 70, { netProfitPence: 10 * K, sellerId: seller!.id });
    // None of these counts for the net profit multiple, each of them 100 times.
    await listing("retail", 1000, { status: "withdrawn", netProfitPence: 10 * K, annualRevenuePence: 40 * K });
    await listing("retail", 1000, { status: "pending", netProfitPence: 10 * K });
    await listing("retail", 1000, { status: "expired", netProfitPence: 10 * K });
    await listing("retail", 1000, { netProfitPence: 0, annualRevenuePence: null });
    // Confidential, hiding its net profit but showing its price and turnover: it counts for turnover only.
    await listing("retail", 1000, {
      netProfitPence: 10 * K,
      annualRevenuePence: 40 * K,
      confidential: true,
      confidentialFigures: ["askingPrice", "turnover"],
    });
    // Confidential, hiding its price: it counts for nothing.
    await listing("retail", 1000, {
      netProfitPence: 10 * K,
      annualRevenuePence: 40 * K,
      confidential: true,
      confidentialFigures: ["netProfit", "turnover"],
    });
    // Services: four listings, and a fifth withdrawn.
    for (const times of [2, 3, 4, 5]) {
      await listing("services", times * 10, { netProfitPence: 10 * K, annualRevenuePence: 20 * K });
    }
    await listing("services", 60, { status: "withdrawn", netProfitPence: 10 * K, annualRevenuePence: 20 * K });
    const ownServices = await listing("services", 60, {
      status: "pending",
      netProfitPence: 10 * K,
      sellerId: seller!.id,
    });

    const guides = await categoryPriceGuides();
    // Six net profit multiples, 2 to 7: quartiles interpolated between them.
    expect(guides.retail!.profit).toEqual({ lower: 3.25, median: 4.5, upper: 5.75, count: 6 });
    // Turnover: 0.5, 0.75, 1, 1.25 and the confidential listing's 25, which cannot sway the middle half.
    expect(guides.retail!.turnover).toEqual({ lower: 0.75, median: 1, upper: 1.25, count: 5 });
    expect(guides.services).toEqual({ profit: null, turnover: null });

    // /sell without JavaScript, the figures sent back with the category: the guide and what it makes of them.
    const retail = await figuresStep({ category: "retail", askingPrice: "", annualRevenue: "", netProfit: "£40,000" });
    expect(retail).toContain("Price guide for Retail: median 4.5× net profit");
    expect(retail).toContain("Asking price ÷ net profitMedian 4.5×; middle half 3.3× to 5.8×; from 6 listings.");
    expect(retail).toContain("From your net profit of £40,000: £130,000 to £230,000, median £180,000.");
    expect(retail).toContain("Asking price ÷ turnoverMedian 1.0×; middle half 0.75× to 1.3×; from 5 listings.");
    expect(retail).toContain("This is not a valuation.");
    expect(retail).toContain("How it is worked out:");
    const services = await figuresStep({ category: "services" });
    expect(services).toContain("Price guide for Services: not enough data yet.");
    expect(services).not.toContain("Median");

    // The seller's dashboard: each listing against its category's other listings.
    const dashboard = await sellerDashboard(seller!);
    const guideOf = (id: number) => dashboard.find((row) => row.id === id)!.priceGuide;
    expect(guideOf(own.id).profit).toEqual({ lower: 3, median: 4, upper: 5, count: 5 });
    expect(guideOf(ownServices.id)).toEqual({ profit: null, turnover: null });
    const Stub = createRoutesStub([
      {
        path: "/my-listings",
        Component: () => dashboard.map((row) => createElement(SellerListingCard, { key: row.id, listing: row })),
      },
    ]);
    const cards = text(renderToStaticMarkup(createElement(Stub, { initialEntries: ["/my-listings"] })));
    expect(cards).toContain("Median 4.0×; middle half 3.0× to 5.0×; from 5 listings.");
    expect(cards).toContain("Your asking price is 7.0× your net profit: above the middle half.");
    // Its heading names the category, so the line under it does not again.
    expect(cards).toContain("Price guide for Services");
    expect(cards).toContain("Not enough data yet. It needs at least 5 listings");
    expect(cards).not.toContain("Price guide for Services: not enough data yet.");
  });
});

// Offers inside a buyer's and a seller's thread (decision 0088): made, countered
// and accepted through the thread page's forms as a browser without JavaScript
// posts them; refused on a listing off the market, behind a confidential
// listing's NDA, past their expiry and from anyone outside the thread; and
// counted in the listing's "N Offers Made" on top of its earlier count.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { threadFromInterest } from "../../app/features/messages/threads.server";
import { decideOffer, makeOffer, offersPanel } from "../../app/features/offers/offers.server";
import { addDays, londonDay } from "../../app/lib/dates";
import type { IntentActionData } from "../../app/lib/use-intent-form";
import { action as threadAction } from "../../app/routes/message-thread";
import { businessListing, listingNda, message, messageThread, offer, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;

async function member(name: string) {
  counter += 1;
  const signedIn = await signedInMember(`offers-${name.toLowerCase()}-${counter}@example.com`, {
    ip: `198.51.100.${60 + counter}`,
    fullName: `${name} ${counter}`,
  });
  const [row] = await app.database.db.select().from(user).where(eq(user.id, signedIn.id));
  return { ...row!, cookie: signedIn.cookie };
}

/** A seller's published listing with two offers made before HBS took them, and a buyer's thread about it. */
async function dealUnderWay(listing: Partial<typeof businessListing.$inferInsert> = {}) {
  const { db } = app.database;
  const seller = await member("Seller");
  const buyer = await member("Buyer");
  counter += 1;
  const [row] = await db
    .insert(businessListing)
    .values({
      slug: `offers-${counter}`,
      title: `Offer Grill ${counter}`,
      category: "food",
      town: "Leeds",
      askingPricePence: 150_000_00,
      description: "A grill with offers.",
      status: "published",
      publishedAt: new Date(),
      sellerId: seller.id,
      earlierOffersCount: 2,
      ...listing,
    })
    .returning();
  await recordEnquiry(db, {
    kind: "listing_interest",
    subject: "Interest",
    listingId: row!.id,
    userId: buyer.id,
    sharedWithSeller: true,
    fields: { fullName: buyer.fullName!, email: buyer.email, contactNumber: "07700 900000" },
    alsoStore: (tx, _stored, userId) => threadFromInterest(tx, row!.id, userId!, "I am interested."),
  });
  const [thread] = await db.select().from(messageThread).where(eq(messageThread.listingId, row!.id));
  return { seller, buyer, listing: row!, thread: thread! };
}

/** The thread page's form, posted as the member's browser posts it. */
const post = (who: { cookie: string }, threadId: number, fields: Record<string, string>) =>
  callAction<IntentActionData>(threadAction, {
    path: `/messages/${threadId}`,
    params: { id: String(threadId) },
    body: new URLSearchParams(fields),
    headers: { cookie: who.cookie, "content-type": "application/x-www-form-urlencoded" },
  });

const inDays = (days: number) => addDays(londonDay(new Date()), days);
const offersCount = async (listingId: number) =>
  (await app.database.db.select().from(businessListing).where(eq(businessListing.id, listingId)))[0]!.offersCount;
const formError = (answer: { data: IntentActionData }) => answer.data.result.error?.[""]?.[0];
const fieldError = (answer: { data: IntentActionData }, field: string) => answer.data.result.error?.[field]?.[0];

describe("offers", () => {
  it("a buyer's offer is countered by the seller, accepted by the buyer, and the listing marked under offer", async () => {
    const { db } = app.database;
    const { seller, buyer, listing, thread } = await dealUnderWay();
    expect(await offersCount(listing.id)).toBe(2);

    const offered = await post(buyer, thread.id, {
      intent: "offer",
      amount: "£120,000",
      conditions: "Subject to the landlord's consent.",
      expires: inDays(14),
    });
    expect(offered.status).toBe(302);
    // Counted at once, on top of the two made before.
    expect(await offersCount(listing.id)).toBe(3);
    const sellerSees = (await offersPanel(seller.id, thread.id))!;
    expect(sellerSees.open).toMatchObject({ amountPence: 120_000_00, madeBy: "buyer", status: "open" });
    expect(sellerSees.open!.conditions).toBe("Subject to the landlord's consent.");
    // The buyer cannot answer their own offer, only withdraw it.
    expect(
      (await post(buyer, thread.id, { intent: "offer-accept", offerId: String(sellerSees.open!.id) })).status,
    ).toBe(404);

    const countered = await post(seller, thread.id, {
      intent: "offer-counter",
      offerId: String(sellerSees.open!.id),
      amount: "135000",
      expires: inDays(7),
    });
    expect(countered.status).toBe(302);
    // A seller's counter is not an offer made on the listing.
    expect(await offersCount(listing.id)).toBe(3);
    const buyerSees = (await offersPanel(buyer.id, thread.id))!;
    expect(buyerSees.open).toMatchObject({ amountPence: 135_000_00, madeBy: "seller" });
    expect(buyerSees.offers.map((o) => o.status)).toEqual(["open", "countered"]);
    expect(buyerSees.canOffer).toBe(false);

    expect((await post(buyer, thread.id, { intent: "offer-accept", offerId: String(buyerSees.open!.id) })).status).toBe(
      302,
    );
    const after = (await offersPanel(seller.id, thread.id))!;
    expect(after.offers.map((o) => o.status)).toEqual(["accepted", "countered"]);
    expect(after.canMarkUnderOffer).toBe(true);
    expect((await post(seller, thread.id, { intent: "offer-under-offer" })).status).toBe(302);
    const [marked] = await db.select().from(businessListing).where(eq(businessListing.id, listing.id));
    expect(marked!.underOfferAt).not.toBeNull();

    // Each step is a message in the thread, so the other side hears of it as of any message.
    const said = (await db.select().from(message).where(eq(message.threadId, thread.id))).map((m) => m.body);
    expect(said).toEqual([
      "I am interested.",
      expect.stringMatching(
        /^Offered £120,000, open until the end of .+\nConditions: Subject to the landlord's consent\.$/,
      ),
      expect.stringMatching(/^Countered the offer of £120,000 with £135,000, open until the end of /),
      "Accepted the offer of £135,000.",
    ]);
  });

  it("a seller who accepts can mark the listing under offer in the same step; a declined offer leaves it", async () => {
    const { db } = app.database;
    const first = await dealUnderWay();
    await post(first.buyer, first.thread.id, { intent: "offer", amount: "140000", expires: inDays(3) });
    const open = (await offersPanel(first.seller.id, first.thread.id))!.open!;
    expect(
      (
        await post(first.seller, first.thread.id, {
          intent: "offer-accept",
          offerId: String(open.id),
          underOffer: "on",
        })
      ).status,
    ).toBe(302);
    const [marked] = await db.select().from(businessListing).where(eq(businessListing.id, first.listing.id));
    expect(marked!.underOfferAt).not.toBeNull();

    const second = await dealUnderWay();
    await post(second.buyer, second.thread.id, { intent: "offer", amount: "90000", expires: inDays(3) });
    const low = (await offersPanel(second.seller.id, second.thread.id))!.open!;
    expect(
      (await post(second.seller, second.thread.id, { intent: "offer-decline", offerId: String(low.id) })).status,
    ).toBe(302);
    const panel = (await offersPanel(second.buyer.id, second.thread.id))!;
    expect(panel.offers[0]!.status).toBe("declined");
    // Declined, the buyer may offer again.
    expect(panel.canOffer).toBe(true);
    const [untouched] = await db.select().from(businessListing).where(eq(businessListing.id, second.listing.id));
    expect(untouched!.underOfferAt).toBeNull();
  });

  it("refuses bad amounts and days with clear messages, and stores nothing", async () => {
    const { buyer, thread } = await dealUnderWay();
    const tries: [Record<string, string>, string, string][] = [
      [{ amount: "lots", expires: inDays(3) }, "amount", "Your offer must be a number"],
      [{ amount: "-5000", expires: inDays(3) }, "amount", "Your offer cannot be negative"],
      [{ amount: "0", expires: inDays(3) }, "amount", "Your offer must be more than £0"],
      [{ amount: "25000000", expires: inDays(3) }, "amount", "Your offer must be no more than £20,000,000"],
      [{ amount: "100000", expires: inDays(-1) }, "expires", "Your offer must be open until today at least"],
      [{ amount: "100000", expires: inDays(91) }, "expires", "An offer can stay open for at most 90 days"],
      [{ amount: "100000", expires: "next week" }, "expires", "Please choose the last day your offer is open"],
    ];
    for (const [fields, field, said] of tries) {
      const answer = await post(buyer, thread.id, { intent: "offer", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(fieldError(answer, field)).toBe(said);
    }
    expect(await app.database.db.$count(offer, eq(offer.threadId, thread.id))).toBe(0);
  });

  it("is private to the thread: nobody else makes, answers or reads one, by any id", async () => {
    const { db } = app.database;
    const { seller, buyer, thread } = await dealUnderWay();
    const other = await dealUnderWay();
    const stranger = await member("Stranger");
    await post(buyer, thread.id, { intent: "offer", amount: "100000", expires: inDays(5) });
    const open = (await offersPanel(seller.id, thread.id))!.open!;

    const attempts: Record<string, string>[] = [
      { intent: "offer", amount: "1", expires: inDays(1) },
      { intent: "offer-accept", offerId: String(open.id) },
      { intent: "offer-decline", offerId: String(open.id) },
      { intent: "offer-withdraw", offerId: String(open.id) },
      { intent: "offer-counter", offerId: String(open.id), amount: "1", expires: inDays(1) },
      { intent: "offer-under-offer" },
    ];
    for (const fields of attempts) {
      expect((await post(stranger, thread.id, fields)).status, fields.intent).toBe(404);
    }
    // Another thread's seller, naming this thread's offer from their own thread.
    expect(
      (await post(other.seller, other.thread.id, { intent: "offer-accept", offerId: String(open.id) })).status,
    ).toBe(404);
    expect(await offersPanel(stranger.id, thread.id)).toBeNull();
    const [still] = await db.select().from(offer).where(eq(offer.id, open.id));
    expect(still!.status).toBe("open");
    expect(await db.$count(offer, eq(offer.threadId, other.thread.id))).toBe(0);
  });

  it("is refused on a listing off the market, behind an NDA not accepted, and while the last offer waits", async () => {
    const { db } = app.database;
    const { seller, buyer, listing, thread } = await dealUnderWay();
    expect(formError(await post(seller, thread.id, { intent: "offer", amount: "1000", expires: inDays(2) }))).toBe(
      "The buyer makes the first offer; you can accept, decline or counter it.",
    );
    await post(buyer, thread.id, { intent: "offer", amount: "100000", expires: inDays(5) });
    const again = await post(buyer, thread.id, { intent: "offer", amount: "110000", expires: inDays(5) });
    expect(again.status).toBe(409);
    expect(formError(again)).toBe("Your last offer is still waiting for an answer. Withdraw it first to make another.");

    const open = (await offersPanel(seller.id, thread.id))!.open!;
    await db.update(businessListing).set({ status: "sold" }).where(eq(businessListing.id, listing.id));
    const onSold = await post(seller, thread.id, { intent: "offer-accept", offerId: String(open.id) });
    expect(formError(onSold)).toBe("This business is no longer on the market, so offers cannot be made or accepted.");
    expect((await db.select().from(offer).where(eq(offer.id, open.id)))[0]!.status).toBe("open");
    // Withdrawing stays possible: it asks nothing of the listing.
    expect((await post(buyer, thread.id, { intent: "offer-withdraw", offerId: String(open.id) })).status).toBe(302);
    const onSoldNew = await post(buyer, thread.id, { intent: "offer", amount: "100000", expires: inDays(5) });
    expect(formError(onSoldNew)).toBe(
      "This business is no longer on the market, so offers cannot be made or accepted.",
    );
    expect(await db.$count(offer, eq(offer.threadId, thread.id))).toBe(1);

    const secret = await dealUnderWay({ confidential: true, confidentialTitle: "A grill in West Yorkshire" });
    const withoutNda = await post(secret.buyer, secret.thread.id, {
      intent: "offer",
      amount: "100000",
      expires: inDays(5),
    });
    expect(formError(withoutNda)).toBe(
      "Please accept this listing's confidentiality agreement before making or accepting an offer.",
    );
    await db.insert(listingNda).values({
      listingId: secret.listing.id,
      userId: secret.buyer.id,
      fullName: secret.buyer.fullName!,
      ndaVersion: "test",
    });
    expect(
      (await post(secret.buyer, secret.thread.id, { intent: "offer", amount: "100000", expires: inDays(5) })).status,
    ).toBe(302);
  });

  it("runs out at the end of its last day: it can no longer be answered, and the buyer may offer again", async () => {
    const { seller, buyer, thread } = await dealUnderWay();
    const today = londonDay(new Date());
    expect(await makeOffer(buyer, thread.id, { amount: 100_000_00, expires: today })).toBe("done");
    const open = (await offersPanel(seller.id, thread.id))!.open!;
    const tomorrow = new Date(open.expiresAt.getTime() + 1000);
    expect(await decideOffer(seller, thread.id, open.id, { kind: "accept", underOffer: false }, tomorrow)).toBe(
      "closed",
    );
    const later = (await offersPanel(buyer.id, thread.id, tomorrow))!;
    expect(later.offers[0]!.status).toBe("expired");
    expect(later.canOffer).toBe(true);
    expect(await makeOffer(buyer, thread.id, { amount: 105_000_00, expires: addDays(today, 2) }, tomorrow)).toBe(
      "done",
    );
  });

  it("counts the offers that exist: a deleted account takes its offers, and its count, with it", async () => {
    const { db } = app.database;
    const { buyer, listing, thread } = await dealUnderWay();
    await post(buyer, thread.id, { intent: "offer", amount: "100000", expires: inDays(5) });
    expect(await offersCount(listing.id)).toBe(3);
    await db.delete(user).where(eq(user.id, buyer.id));
    expect(await db.$count(offer, and(eq(offer.listingId, listing.id)))).toBe(0);
    expect(await offersCount(listing.id)).toBe(2);
  });
});

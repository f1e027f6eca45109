// Message threads (decision 0032) on PGlite or PostgreSQL: who a thread is
// with, who may read and write it, unread counts, the e-mail at most every
// 15 minutes while unread, blocking, reports, and the live notification that
// reaches a member's open page through the database.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import {
  listThreads,
  openThread,
  reply,
  reportThread,
  THREAD_REPORT_LIMITS,
  setBlocked,
  staffReply,
  threadFromInterest,
  unreadCount,
} from "../../app/features/messages/threads.server";
import { deliverLive, LIVE_CHANNEL, LIVE_STREAM_LIMITS, liveStream } from "../../app/server/live.server";
import { businessListing, messageThread, outbox, threadReport, user } from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;
let stopListening: () => Promise<void>;

beforeAll(async () => {
  stopListening = await app.database.listen(LIVE_CHANNEL, { notify: deliverLive, online() {}, offline() {} });
});
afterAll(() => stopListening?.());

async function member(fullName: string) {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `m-${counter}`, email: `m${counter}@example.com`, fullName, emailVerified: true })
    .returning();
  return row!;
}

async function listingOf(sellerId: string | null) {
  counter += 1;
  const [row] = await app.database.db
    .insert(businessListing)
    .values({
      slug: `msg-${counter}`,
      title: `Grill ${counter}`,
      category: "food",
      town: "Leeds",
      askingPricePence: 50_000_00,
      description: "A grill.",
      status: "published",
      publishedAt: new Date(),
      sellerId,
    })
    .returning();
  return row!;
}

/** A signed-in buyer's registered interest, stored as the listing page stores it. */
async function interest(listingId: number, buyerId: string, text = "I am interested.") {
  await recordEnquiry(app.database.db, {
    kind: "listing_interest",
    subject: "Interest",
    listingId,
    userId: buyerId,
    sharedWithSeller: true,
    fields: { fullName: "Buyer", email: "buyer@example.com", contactNumber: "07700 900000" },
    alsoStore: (tx, _stored, userId) => threadFromInterest(tx, listingId, userId!, text),
  });
  const [thread] = await app.database.db.select().from(messageThread).where(eq(messageThread.listingId, listingId));
  return thread!;
}

const mailsTo = async (to: string) =>
  (await app.database.db.select().from(outbox).orderBy(desc(outbox.id)))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to && mail.subject.startsWith("New message"));

describe("threads", () => {
  it("starts with the seller from a signed-in buyer's interest, shows names only, and counts unread", async () => {
    const seller = await member("Sara Seller");
    const buyer = await member("Bilal Buyer");
    const listing = await listingOf(seller.id);
    const thread = await interest(listing.id, buyer.id);
    expect(thread.sellerId).toBe(seller.id);

    expect(await unreadCount(seller.id)).toBe(1);
    expect(await unreadCount(buyer.id)).toBe(0);
    const [inbox] = await listThreads(seller.id);
    expect(inbox).toMatchObject({
      listingTitle: listing.title,
      with: "Bilal Buyer",
      lastBody: "I am interested.",
      unread: 1,
    });
    expect(JSON.stringify(inbox)).not.toContain(buyer.email);

    const opened = await openThread(seller.id, thread.id);
    expect(opened!.messages.map((m) => [m.from, m.body])).toEqual([["Bilal Buyer", "I am interested."]]);
    expect(await unreadCount(seller.id)).toBe(0);

    expect(await reply(seller, thread.id, "Happy to talk.")).toBe("sent");
    expect(await unreadCount(buyer.id)).toBe(1);
    expect((await listThreads(buyer.id))[0]).toMatchObject({ with: "Sara Seller", unread: 1 });
  });

  it("is with HBS staff when the listing has no seller account, and staff answer it", async () => {
    const buyer = await member("Yusuf");
    const listing = await listingOf(null);
    const thread = await interest(listing.id, buyer.id);
    expect(thread.sellerId).toBeNull();
    expect((await listThreads(buyer.id))[0]!.with).toBe("HBS team");
    const staff = await member("Staff");
    expect(await staffReply(staff, thread.id, "Thanks, we will call you.")).toBe(true);
    const opened = await openThread(buyer.id, thread.id);
    expect(opened!.messages.at(-1)).toMatchObject({ from: "HBS team", body: "Thanks, we will call you." });
  });

  it("is nobody else's: another member can neither read, answer, block nor report it", async () => {
    const seller = await member("S");
    const buyer = await member("B");
    const stranger = await member("Nosy");
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    expect(await openThread(stranger.id, thread.id)).toBeNull();
    expect(await reply(stranger, thread.id, "Hello")).toBe("not-found");
    expect(await setBlocked(stranger.id, thread.id, true)).toBe(false);
    expect(await reportThread(stranger.id, thread.id, "spam", "198.51.100.70")).toBe("not-found");
    expect(await listThreads(stranger.id)).toEqual([]);
    expect(await staffReply(stranger, thread.id, "not a staff thread")).toBe(false);
  });

  it("e-mails the other party at most once per 15 minutes while the thread stays unread", async () => {
    const seller = await member("S2");
    const buyer = await member("B2");
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    expect(await mailsTo(seller.email)).toHaveLength(1);
    await reply(buyer, thread.id, "Are you there?");
    await reply(buyer, thread.id, "Hello?");
    expect(await mailsTo(seller.email)).toHaveLength(1);
    // Once read, the next message is news again.
    await openThread(seller.id, thread.id);
    await reply(buyer, thread.id, "Thanks for reading.");
    const mails = await mailsTo(seller.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain(`/messages/${thread.id}`);
    expect(mails[0]!.text).not.toContain("Thanks for reading.");
  });

  it("stops both from writing once either blocks the other, and takes reports for staff", async () => {
    const seller = await member("S3");
    const buyer = await member("B3");
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    expect(await setBlocked(seller.id, thread.id, true)).toBe(true);
    expect(await reply(buyer, thread.id, "Why?")).toBe("blocked");
    expect(await reply(seller, thread.id, "Bye")).toBe("blocked");
    expect((await openThread(seller.id, thread.id))!.iBlocked).toBe(true);
    expect(await reportThread(seller.id, thread.id, "Rude messages", "198.51.100.71")).toBe("reported");
    const [report] = await app.database.db.select().from(threadReport).where(eq(threadReport.threadId, thread.id));
    expect(report).toMatchObject({ reason: "Rude messages", status: "open", reporterId: seller.id });
    expect(await setBlocked(seller.id, thread.id, false)).toBe(true);
    expect(await reply(buyer, thread.id, "Sorry.")).toBe("sent");
  });

  it("takes a member's reports up to a limit, per member and per network, and stores no more", async () => {
    // Once 40 of 40 were stored, where review reports stopped at 10.
    const seller = await member("S6");
    const buyer = await member("B6");
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    const outcomes: string[] = [];
    for (let i = 0; i < THREAD_REPORT_LIMITS.member.limit + 3; i++) {
      outcomes.push(await reportThread(seller.id, thread.id, `Report ${i}`, "198.51.100.72"));
    }
    expect(outcomes.filter((o) => o === "reported")).toHaveLength(THREAD_REPORT_LIMITS.member.limit);
    expect(outcomes.slice(THREAD_REPORT_LIMITS.member.limit)).toEqual(["rate-limited", "rate-limited", "rate-limited"]);
    const stored = await app.database.db.select().from(threadReport).where(eq(threadReport.threadId, thread.id));
    expect(stored).toHaveLength(THREAD_REPORT_LIMITS.member.limit);
    // The other member of the thread, from the same network, meets the network's limit.
    const more: string[] = [];
    for (let i = 0; i < THREAD_REPORT_LIMITS.network.limit; i++) {
      more.push(await reportThread(buyer.id, thread.id, `Report ${i}`, "198.51.100.72"));
    }
    expect(more.filter((o) => o === "reported")).toHaveLength(
      THREAD_REPORT_LIMITS.network.limit - THREAD_REPORT_LIMITS.member.limit - 3,
    );
  });

  it("tells the other party's open page through the database, and nobody else's", async () => {
    const seller = await member("S4");
    const buyer = await member("B4");
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    const aborts = [new AbortController(), new AbortController()];
    const sellerPage = liveStream(
      { id: seller.id, isStaff: false },
      "198.51.100.90",
      aborts[0]!.signal,
    ).body!.getReader();
    const otherPage = liveStream(
      { id: "someone-else", isStaff: false },
      "198.51.100.91",
      aborts[1]!.signal,
    ).body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await sellerPage.read()).value)).toBe("retry: 3000\n\n");
    await otherPage.read();
    await reply(buyer, thread.id, "Live?");
    expect(decoder.decode((await sellerPage.read()).value)).toBe("event: change\ndata: {}\n\n");
    const nothing = await Promise.race([
      otherPage.read().then(() => "event"),
      new Promise((r) => setTimeout(() => r("nothing"), 300)),
    ]);
    expect(nothing).toBe("nothing");
    for (const abort of aborts) abort.abort();
  });

  it("holds a bounded number of live streams open per member and per network", async () => {
    // Once one member held 400 streams open on one server.
    const aborts: AbortController[] = [];
    const open = (id: string, network: string) => {
      const abort = new AbortController();
      aborts.push(abort);
      return liveStream({ id, isStaff: false }, network, abort.signal).status;
    };
    const mine = Array.from({ length: LIVE_STREAM_LIMITS.member + 2 }, () => open("many-tabs", "198.51.100.93"));
    expect(mine.filter((status) => status === 200)).toHaveLength(LIVE_STREAM_LIMITS.member);
    expect(mine.slice(LIVE_STREAM_LIMITS.member)).toEqual([429, 429]);
    // A closed page makes room again.
    aborts[0]!.abort();
    expect(open("many-tabs", "198.51.100.93")).toBe(200);
    // Many members behind one address meet the network's bound.
    const network = Array.from({ length: LIVE_STREAM_LIMITS.network }, (_, i) => open(`member-${i}`, "198.51.100.94"));
    expect(network.filter((status) => status === 429)).toHaveLength(0);
    expect(open("one-more", "198.51.100.94")).toBe(429);
    for (const abort of aborts) abort.abort();
  });

  it("tells the reader's own open pages when a thread is marked read, so that the header's count follows", async () => {
    const seller = await member("S5");
    const buyer = await member("B5");
    const abort = new AbortController();
    const sellerPage = liveStream({ id: seller.id, isStaff: false }, "198.51.100.92", abort.signal).body!.getReader();
    const decoder = new TextDecoder();
    await sellerPage.read();
    const next = () =>
      Promise.race([
        sellerPage.read().then(({ value }) => decoder.decode(value)),
        new Promise((r) => setTimeout(() => r("nothing"), 300)),
      ]);
    // The page is open before the interest arrives, and takes the interest's own event
    // first: on PostgreSQL a NOTIFY reaches the page whenever the listening
    // connection passes it on, so an earlier event must not be mistaken for the read one.
    const thread = await interest((await listingOf(seller.id)).id, buyer.id);
    expect(await next()).toBe("event: change\ndata: {}\n\n");
    await openThread(seller.id, thread.id);
    expect(await next()).toBe("event: change\ndata: {}\n\n");
    // Opened again with nothing new: nothing to tell, so a page's revalidation does not loop.
    await openThread(seller.id, thread.id);
    expect(await next()).toBe("nothing");
    abort.abort();
  });
});

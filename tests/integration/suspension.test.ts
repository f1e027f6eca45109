// Suspending a member (decision 0078), asked of the pages' own loaders and
// actions: before it their listing is on /buy, its page, the sitemap and a
// buyer's saved listings, their review on the business's page and in its
// rating, their owner's reply under a review, and their messages in the other
// member's thread; while suspended none of it is, they cannot sign in and
// cannot be written to, and every server's kept pages are emptied; restored,
// all of it is back as it was, statuses and dates untouched.
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientIpContext } from "../../app/context";
import { toggleSavedListing } from "../../app/features/account/member.server";
import { getSessionUser } from "../../app/features/account/session.server";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { changeUser } from "../../app/features/admin/users.server";
import { listThreads, reply, unreadCount } from "../../app/features/messages/threads.server";
import { saveReply } from "../../app/features/reviews/replies.server";
import { replySchema, reviewSchema } from "../../app/features/reviews/review-rules";
import { saveReview } from "../../app/features/reviews/reviews.server";
import { PUBLIC_CONTENT_CHANNEL } from "../../app/server/page-cache.server";
import { action as userAction } from "../../app/routes/admin/user";
import { action as authAction } from "../../app/routes/auth";
import { loader as buyLoader } from "../../app/routes/buy";
import { loader as businessLoader } from "../../app/routes/directory-business";
import { action as listingAction } from "../../app/routes/listing";
import { action as threadAction, loader as threadLoader } from "../../app/routes/message-thread";
import { loader as savedListingsLoader } from "../../app/routes/saved-listings";
import { auditLog, businessListing, directoryBusiness, messageThread, review, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { inSitemap, pageStatus } from "../helpers/listing-visibility";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const db = () => app.database.db;
let visitors = 0;
const nextIp = () => `198.51.100.${++visitors}`;
const WEEK_AGO = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
const PASSWORD = "Quiet-Harbour-19";

/** A member signed up and in, verified and a week old, so that their review is published at once. */
async function member(email: string, fullName: string) {
  const signedIn = await signedInMember(email, { ip: nextIp(), fullName });
  await db().update(user).set({ emailVerified: true, createdAt: WEEK_AGO }).where(eq(user.id, signedIn.id));
  return { ...signedIn, email, fullName };
}

/** A loader's data as a member (or, without a cookie, a visitor) asks for the page. */
async function pageData<T>(loader: (args: never) => unknown, path: string, cookie: string | null, params = {}) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  const context = new RouterContextProvider();
  context.set(clientIpContext, nextIp());
  const answer = (await loader({ request, params, context } as never)) as { data?: T } & T;
  return (answer.data ?? answer) as T;
}

/** Posts a form to the member's page in the back office as staff, past the staff guard. */
async function staffPost(cookie: string, userId: string, form: Record<string, string>) {
  const request = new Request(`http://localhost/admin/users/${userId}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  const context = new RouterContextProvider();
  const args = { request, params: { id: userId }, context, url: new URL(request.url), pattern: "/admin/users/:id" };
  await requireAdmin(args, async () => new Response());
  return (await userAction(args as never)) as Response;
}

const SLUG = "zanzibar-grill-leeds";
let staff: Awaited<ReturnType<typeof signedInMember>> & { email: string };
let seller: Awaited<ReturnType<typeof member>>;
let buyer: Awaited<ReturnType<typeof member>>;
let listingId: number;
let businessSlug: string;
let ownBusinessId: number;
let threadId: number;
const heard: (string | undefined)[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  stopListening = await app.database.listen(PUBLIC_CONTENT_CHANNEL, {
    notify: (table) => heard.push(table),
    online() {},
    offline() {},
  });
  const staffMember = await signedInMember("suspension-staff@example.com", { ip: nextIp(), fullName: "Staff" });
  await db().update(user).set({ role: "admin" }).where(eq(user.id, staffMember.id));
  staff = { ...staffMember, email: "suspension-staff@example.com" };
  seller = await member("sam.seller@example.com", "Sam Seller");
  buyer = await member("bilal.buyer@example.com", "Bilal Buyer");

  // Sam's listing for sale, as staff publish it.
  const [listing] = await db()
    .insert(businessListing)
    .values({
      slug: SLUG,
      title: "Zanzibar Grill",
      category: "food",
      town: "Leeds",
      askingPricePence: 120_000_00,
      description: "A busy grill house near the station.",
      status: "published",
      publishedAt: new Date("2026-11-01T10:00:00Z"),
      updatedAt: new Date("2026-11-02T10:00:00Z"),
      sellerId: seller.id,
    })
    .returning({ id: businessListing.id });
  listingId = listing!.id;

  // Sam's review of a directory business, and Sam's reply, as owner, to Bilal's review of Sam's own business.
  const [reviewed] = await db()
    .select({ id: directoryBusiness.id, slug: directoryBusiness.slug })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.published, true))
    .limit(1);
  businessSlug = reviewed!.slug;
  const writes = { rating: "1", body: "Cold food and a long wait, would not go back." };
  expect(await saveReview(seller, reviewed!.id, reviewSchema.parse(writes), nextIp())).toEqual({ status: "published" });
  const [own] = await db()
    .insert(directoryBusiness)
    .values({ slug: "sams-sweets", name: "Sam's Sweets", category: "food", description: "-", town: "Leeds" })
    .returning({ id: directoryBusiness.id });
  ownBusinessId = own!.id;
  await db().update(directoryBusiness).set({ ownerId: seller.id }).where(eq(directoryBusiness.id, ownBusinessId));
  const kind = { rating: "5", body: "The best baklava in Leeds, fresh every morning." };
  expect(await saveReview(buyer, ownBusinessId, reviewSchema.parse(kind), nextIp())).toEqual({ status: "published" });
  const [bilalsReview] = await db().select({ id: review.id }).from(review).where(eq(review.userId, buyer.id));
  const answered = replySchema.parse({ reply: "Thank you, Bilal: see you soon." });
  expect(await saveReply(seller, ownBusinessId, bilalsReview!.id, answered)).toBe("saved");

  // Bilal saves the listing and registers interest, which opens a thread; Sam answers.
  await toggleSavedListing(buyer.id, listingId);
  const interest = await callAction<{ outcome: string }>(listingAction, {
    path: `/buy/${SLUG}`,
    params: { slug: SLUG },
    body: new URLSearchParams({
      fullName: "Bilal Buyer",
      email: buyer.email,
      contactNumber: "07700 900123",
      businessTitle: "x",
    }),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: buyer.cookie },
    ip: nextIp(),
  });
  expect(interest.data.outcome).toBe("success");
  const [thread] = await db()
    .select({ id: messageThread.id })
    .from(messageThread)
    .where(and(eq(messageThread.listingId, listingId), eq(messageThread.buyerId, buyer.id)));
  threadId = thread!.id;
  expect(await reply(seller, threadId, "Happy to show you round on Friday.")).toBe("sent");
});

afterAll(() => stopListening?.());

/** Everything a visitor or the other member sees of Sam, as the pages give it. */
async function whatIsShown() {
  const buy = await pageData<{ items: { id: number }[] }>(buyLoader, "/buy?search=zanzibar", null);
  const saved = await pageData<{ listings: { id: number }[] }>(savedListingsLoader, "/saved-listings", buyer.cookie);
  type BusinessPage = {
    reviews: { average: number | null; count: number; reviews: { body: string; reply: { body: string } | null }[] };
  };
  const reviewed = await pageData<BusinessPage>(businessLoader, `/halal-network-space/${businessSlug}`, null, {
    slug: businessSlug,
  });
  const own = await pageData<BusinessPage>(businessLoader, "/halal-network-space/sams-sweets", null, {
    slug: "sams-sweets",
  });
  type ThreadPage = { thread: { otherSuspended: boolean; messages: { from: string; body: string }[] } };
  const thread = await pageData<ThreadPage>(threadLoader, `/messages/${threadId}`, buyer.cookie, {
    id: String(threadId),
  });
  const inbox = await listThreads(buyer.id);
  return {
    onBuy: buy.items.some((l) => l.id === listingId),
    listingPage: await pageStatus(SLUG),
    inSitemap: await inSitemap(SLUG),
    savedCard: saved.listings.some((l) => l.id === listingId),
    review: reviewed.reviews.reviews.some((r) => r.body.startsWith("Cold food")),
    rating: { average: reviewed.reviews.average, count: reviewed.reviews.count },
    reply: own.reviews.reviews.find((r) => r.body.startsWith("The best baklava"))?.reply?.body ?? null,
    messagesFromSam: thread.thread.messages.filter((m) => m.from === "Sam Seller").map((m) => m.body),
    otherSuspended: thread.thread.otherSuspended,
    lastInInbox: inbox.find((t) => t.id === threadId)?.lastBody,
  };
}

const signIn = (email: string) =>
  callAction(authAction, {
    path: "/auth",
    body: new URLSearchParams({ intent: "sign-in", email, password: PASSWORD }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    ip: nextIp(),
  });

const bilalReplies = () =>
  callAction(threadAction, {
    path: `/messages/${threadId}`,
    params: { id: String(threadId) },
    body: new URLSearchParams({ intent: "reply", body: "Is Friday at ten all right?" }),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: buyer.cookie },
  });

/** What PostgreSQL announced to every server's page cache, once it has arrived. */
async function announced(tables: string[]) {
  await vi.waitFor(async () => {
    // On the embedded database a notification is delivered with the next statement's answer.
    await db().execute(sql`select 1`);
    expect(heard).toEqual(expect.arrayContaining(tables));
  });
}

describe("suspending a member", () => {
  let before: Awaited<ReturnType<typeof whatIsShown>>;

  it("shows all of their content before", async () => {
    before = await whatIsShown();
    expect(before).toMatchObject({
      onBuy: true,
      listingPage: 200,
      inSitemap: true,
      savedCard: true,
      review: true,
      reply: "Thank you, Bilal: see you soon.",
      messagesFromSam: ["Happy to show you round on Friday."],
      otherSuspended: false,
      lastInInbox: "Happy to show you round on Friday.",
    });
    expect(before.rating.count).toBeGreaterThan(0);
  });

  it("signs them out, refuses their sign-in, hides every part of it and empties the kept pages", async () => {
    // A message Bilal has not read yet: in his header's count until Sam is suspended.
    expect(await reply(seller, threadId, "Are you still interested?")).toBe("sent");
    expect(await unreadCount(buyer.id)).toBe(1);
    heard.length = 0;
    const answer = await staffPost(staff.cookie, seller.id, { intent: "ban", reason: "Fake listings" });
    expect(answer.status).toBe(302);
    await announced(["business_listing", "review", "directory_business"]);

    expect(await getSessionUser(new Request("http://localhost/", { headers: { cookie: seller.cookie } }))).toBeNull();
    expect((await signIn(seller.email)).status).toBe(403);
    expect(await unreadCount(buyer.id)).toBe(0);

    const during = await whatIsShown();
    expect(during).toMatchObject({
      onBuy: false,
      // As any listing not on show: not found, not "no longer available".
      listingPage: 404,
      inSitemap: false,
      savedCard: false,
      review: false,
      reply: null,
      messagesFromSam: [],
      otherSuspended: true,
      // Bilal's own first message, the last he may read.
      lastInInbox: expect.stringContaining("I am interested in Zanzibar Grill."),
    });
    // The one-star review no longer counts in the business's rating.
    expect(during.rating.count).toBe(before.rating.count - 1);
    expect(during.rating.average).not.toBe(before.rating.average);
    // Nobody can write to them while they are suspended.
    expect((await bilalReplies()).status).toBe(403);

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.ban"), eq(auditLog.entityId, seller.id)));
    expect(entry).toMatchObject({
      actorEmail: staff.email,
      before: { banned: false, banReason: null },
      after: { banned: true, banReason: "Fake listings", listingsHidden: 1, reviewsHidden: 1, repliesHidden: 1 },
    });
  });

  it("brings everything back as it was when restored", async () => {
    heard.length = 0;
    const answer = await staffPost(staff.cookie, seller.id, { intent: "unban" });
    expect(answer.status).toBe(302);
    await announced(["business_listing", "review", "directory_business"]);
    const message = "Are you still interested?";
    expect(await whatIsShown()).toEqual({
      ...before,
      messagesFromSam: [...before.messagesFromSam, message],
      lastInInbox: message,
    });
    const [listing] = await db().select().from(businessListing).where(eq(businessListing.id, listingId));
    expect(listing).toMatchObject({
      status: "published",
      statusBeforeSuspension: null,
      publishedAt: new Date("2026-11-01T10:00:00Z"),
      updatedAt: new Date("2026-11-02T10:00:00Z"),
    });
    expect((await signIn(seller.email)).status).toBe(302);
    expect((await bilalReplies()).status).toBe(302);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.unban"), eq(auditLog.entityId, seller.id)));
    expect(entry?.after).toMatchObject({ banned: false, listingsRestored: 1, reviewsRestored: 1, repliesRestored: 1 });
  });

  it("keeps a listing's own status through a suspension, whatever it was", async () => {
    const [sold] = await db()
      .insert(businessListing)
      .values({
        slug: "sold-grill",
        title: "Sold Grill",
        category: "food",
        town: "Leeds",
        askingPricePence: 1,
        description: "-",
        status: "sold",
        sellerId: seller.id,
      })
      .returning({ id: businessListing.id });
    // A sold listing's page says it has gone; while its seller is suspended it is not found at all.
    expect(await pageStatus("sold-grill")).toBe(410);
    expect(
      await changeUser({ ...staff, role: "admin" } as never, new Request("http://localhost/"), seller.id, {
        kind: "ban",
        reason: "Again",
      }),
    ).toEqual({ ok: true });
    expect(await pageStatus("sold-grill")).toBe(404);
    await changeUser({ ...staff, role: "admin" } as never, new Request("http://localhost/"), seller.id, {
      kind: "unban",
    });
    const [row] = await db().select().from(businessListing).where(eq(businessListing.id, sold!.id));
    expect(row!.status).toBe("sold");
    expect(await pageStatus("sold-grill")).toBe(410);
  });

  it("is refused for staff and for oneself, with a reason", async () => {
    const admin = { id: staff.id, email: staff.email, role: "admin" } as never;
    const request = new Request("http://localhost/");
    const colleague = await member("colleague@example.com", "Colleague");
    await db().update(user).set({ role: "admin" }).where(eq(user.id, colleague.id));
    expect(await changeUser(admin, request, colleague.id, { kind: "ban", reason: "x" })).toEqual({
      ok: false,
      message: "Staff accounts cannot be suspended: remove them from staff first.",
    });
    expect(await changeUser(admin, request, staff.id, { kind: "ban", reason: "x" })).toEqual({
      ok: false,
      message: "You cannot change your own account here.",
    });
    const [row] = await db().select({ banned: user.banned }).from(user).where(eq(user.id, colleague.id));
    expect(row!.banned).toBe(false);
  });
});

// A member's page in the back office (decision 0078), through its own loader
// and action behind the staff guard: each section with the member's real rows
// and its count, the newest twenty of many with the list that has the rest;
// and "Sign out everywhere", which ends every session of theirs, audited.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getSessionUser } from "../../app/features/account/session.server";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { signOutEverywhere } from "../../app/features/admin/users.server";
import { action as userAction, loader as userLoader } from "../../app/routes/admin/user";
import { action as authAction } from "../../app/routes/auth";
import {
  auditLog,
  businessListing,
  directoryBusiness,
  message,
  messageThread,
  payment,
  review,
  subscription,
  threadReport,
  user,
} from "../../app/server/schema";
import { callAction, sessionCookieOf, signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** Runs the member page's loader or action as the router does: the staff guard first, with staff's cookie. */
async function asStaff<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's loader or action
  handler: (args: any) => Promise<T>,
  userId: string,
  init: RequestInit = {},
): Promise<T> {
  const path = `/admin/users/${userId}`;
  const request = new Request(`http://localhost${path}`, {
    ...init,
    headers: { cookie: staff.cookie, ...init.headers },
  });
  const context = new RouterContextProvider();
  const args = { request, params: { id: userId }, context, url: new URL(request.url), pattern: "/admin/users/:id" };
  await requireAdmin(args, async () => new Response());
  return handler(args);
}
type Page = Awaited<ReturnType<typeof userLoader>>;
const memberPage = (userId: string) => asStaff(userLoader, userId) as Promise<Page>;

let staff: Awaited<ReturnType<typeof signedInMember>>;
let maya: Awaited<ReturnType<typeof signedInMember>>;
let phoneCookie = "";
const ids = { listings: [] as number[], business: 0, reviewed: 0, review: 0, replied: 0, thread: 0, subscription: 0 };

beforeAll(async () => {
  staff = await signedInMember("page-staff@example.com", { ip: "198.51.100.61", fullName: "Page Staff" });
  await db().update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
  maya = await signedInMember("maya@example.com", { ip: "198.51.100.62", fullName: "Maya Malik" });
  // A second session, on her phone, from an address the server was told.
  const onPhone = await callAction(authAction, {
    path: "/auth",
    body: new URLSearchParams({ intent: "sign-in", email: "maya@example.com", password: "Quiet-Harbour-19" }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "user-agent": IPHONE,
      "x-hbs-client-ip": "203.0.113.9",
    },
    ip: "203.0.113.9",
  });
  phoneCookie = sessionCookieOf(onPhone);
  await db()
    .insert(user)
    .values([
      { id: "page-other", email: "omar@example.com", fullName: "Omar" },
      { id: "page-reporter", email: "rania@example.com", fullName: "Rania" },
    ]);

  // 21 listings, one sent a day: the newest twenty are shown.
  const listings = await db()
    .insert(businessListing)
    .values(
      Array.from({ length: 21 }, (_, i) => ({
        slug: `maya-${i}`,
        title: `Maya's Bakery ${i}`,
        category: "food",
        town: "Leeds",
        askingPricePence: 50_000_00,
        description: "-",
        status: i === 20 ? ("published" as const) : ("pending" as const),
        sellerId: maya.id,
        createdAt: new Date(Date.UTC(2026, 9, 1 + i)),
      })),
    )
    .returning({ id: businessListing.id });
  ids.listings = listings.map((l) => l.id);

  const [owned, reviewed] = await db()
    .insert(directoryBusiness)
    .values([
      {
        slug: "mayas-deli",
        name: "Maya's Deli",
        category: "food",
        description: "-",
        town: "Bradford",
        ownerId: maya.id,
      },
      { slug: "corner-grill", name: "Corner Grill", category: "food", description: "-", town: "Leeds" },
    ])
    .returning({ id: directoryBusiness.id });
  ids.business = owned!.id;
  ids.reviewed = reviewed!.id;
  const [written, answered] = await db()
    .insert(review)
    .values([
      {
        businessId: ids.reviewed,
        userId: maya.id,
        rating: 2,
        body: "Slow service.",
        status: "held",
        fingerprint: "a",
        networkHash: "a",
      },
      {
        businessId: ids.business,
        userId: "page-other",
        rating: 5,
        body: "Lovely deli.",
        status: "published",
        fingerprint: "b",
        networkHash: "b",
        replyBody: "Thank you, Omar!",
        replyBy: maya.id,
        repliedAt: new Date("2026-11-20T12:00:00Z"),
      },
    ])
    .returning({ id: review.id });
  ids.review = written!.id;
  ids.replied = answered!.id;

  // Maya asked about Omar's listing; Rania's report of the thread is still open.
  const [omarsListing] = await db()
    .insert(businessListing)
    .values({
      slug: "omars-cafe",
      title: "Omar's Cafe",
      category: "food",
      town: "Leeds",
      askingPricePence: 1,
      description: "-",
      status: "published",
      sellerId: "page-other",
    })
    .returning({ id: businessListing.id });
  const [thread] = await db()
    .insert(messageThread)
    .values({ listingId: omarsListing!.id, buyerId: maya.id, sellerId: "page-other" })
    .returning({ id: messageThread.id });
  ids.thread = thread!.id;
  await db()
    .insert(message)
    .values({ threadId: ids.thread, senderId: "page-other", body: "Come and see it on Monday." });
  await db()
    .insert(threadReport)
    .values({ threadId: ids.thread, reporterId: "page-reporter", reason: "Asked for money up front" });

  // Her promotion of the deli, paid once and then refunded, as Stripe reported it.
  const [plan] = await db()
    .insert(subscription)
    .values({
      userId: maya.id,
      packageName: "Spotlight",
      packageType: "promotion",
      status: "refunded",
      pricePence: 4_999,
      startDate: new Date("2026-11-01T00:00:00Z"),
      endDate: new Date("2026-12-01T00:00:00Z"),
      businessId: ids.business,
    })
    .returning({ id: subscription.id });
  ids.subscription = plan!.id;
  await db()
    .insert(payment)
    .values([
      {
        subscriptionId: ids.subscription,
        kind: "payment",
        stripeObjectId: "in_1",
        amountPence: 4_999,
        receiptUrl: "https://pay.stripe.com/receipts/1",
        occurredAt: new Date("2026-11-01T09:00:00Z"),
      },
      {
        subscriptionId: ids.subscription,
        kind: "refund",
        stripeObjectId: "ch_1",
        amountPence: 4_999,
        occurredAt: new Date("2026-11-03T09:00:00Z"),
      },
    ]);
});

describe("a member's page", () => {
  it("shows each section with the member's own rows, newest first, and the lists that have the rest", async () => {
    const page = await memberPage(maya.id);

    expect(page.listings.total).toBe(21);
    expect(page.listings.rows).toHaveLength(20);
    expect(page.listings.rows[0]).toEqual({
      id: ids.listings[20],
      title: "Maya's Bakery 20",
      reference: `#${ids.listings[20]}`,
      status: "Published",
      wasStatus: null,
      sent: "21 Oct 2026",
    });
    expect(page.listings.rows.at(-1)!.title).toBe("Maya's Bakery 1");
    expect(page.listings.more).toBe("/admin/listings?q=maya%40example.com");

    expect(page.businesses).toMatchObject({
      total: 1,
      rows: [{ id: ids.business, name: "Maya's Deli", town: "Bradford", published: true }],
    });
    expect(page.reviews).toMatchObject({
      total: 1,
      more: "/admin/reviews?q=maya%40example.com&state=all",
      rows: [{ id: ids.review, business: "Corner Grill", rating: 2, state: "Held for a check", hidden: false }],
    });
    expect(page.replies).toMatchObject({
      total: 1,
      rows: [{ reviewId: ids.replied, business: "Maya's Deli", reply: "Thank you, Omar!", replied: "20 Nov 2026" }],
    });
    expect(page.threads).toMatchObject({
      total: 1,
      rows: [
        {
          id: ids.thread,
          listing: "Omar's Cafe",
          other: { id: "page-other", email: "omar@example.com" },
          lastBody: "Come and see it on Monday.",
          lastFromMember: false,
          reports: [
            {
              reason: "Asked for money up front",
              open: true,
              reporter: { id: "page-reporter", email: "rania@example.com" },
            },
          ],
        },
      ],
    });
    expect(page.subscriptions).toMatchObject({
      total: 1,
      rows: [
        {
          id: ids.subscription,
          packageName: "Spotlight",
          promotes: "Maya's Deli",
          price: "£49.99",
          status: "refunded",
          period: "1 Nov 2026 to 1 Dec 2026",
          payments: [
            { text: "1 Nov 2026: Paid £49.99", url: "https://pay.stripe.com/receipts/1", flagged: false },
            { text: "3 Nov 2026: Refunded £49.99", url: null, flagged: true },
          ],
        },
      ],
    });
    expect(page.sessions.total).toBe(2);
    expect(page.sessions.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: "Safari on iOS", ipAddress: "203.0.113.9", userAgent: IPHONE }),
      ]),
    );
    // Nothing of another member's.
    const omar = await memberPage("page-other");
    expect(omar.listings.rows.map((l) => l.title)).toEqual(["Omar's Cafe"]);
    expect(omar.threads.rows[0]!.other).toEqual({ id: maya.id, email: "maya@example.com" });
    expect(omar.reviews.rows.map((r) => r.id)).toEqual([ids.replied]);
    expect(omar.replies.total).toBe(0);
  });

  it("signs the member out everywhere, audited, and not staff themselves", async () => {
    const signedIn = async (cookie: string) =>
      (await getSessionUser(new Request("http://localhost/", { headers: { cookie } })))?.id ?? null;
    expect(await signedIn(maya.cookie)).toBe(maya.id);
    expect(await signedIn(phoneCookie)).toBe(maya.id);

    const answer = (await asStaff(userAction, maya.id, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-out-everywhere" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })) as Response;
    expect(answer.headers.get("location")).toBe(`/admin/users/${maya.id}`);
    expect(await signedIn(maya.cookie)).toBeNull();
    expect(await signedIn(phoneCookie)).toBeNull();
    expect((await memberPage(maya.id)).sessions).toEqual({ total: 0, rows: [] });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.sign-out-everywhere"), eq(auditLog.entityId, maya.id)));
    expect(entries).toMatchObject([
      { actorEmail: "page-staff@example.com", before: { sessions: 2 }, after: { sessions: 0 } },
    ]);

    const self = { id: staff.id, email: "page-staff@example.com" } as never;
    expect(await signOutEverywhere(self, staff.id)).toMatchObject({ ok: false });
    expect(await signedIn(staff.cookie)).toBe(staff.id);
  });
});

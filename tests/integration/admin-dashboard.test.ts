// The staff dashboard as staff's inbox: every kind of waiting work counted with
// the age of its oldest, this week's figures beside the week before's, and the
// troubles that need a look first. The loader is called as the page calls it.
import { eq, gte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/admin/dashboard";
import {
  businessClaim,
  businessListing,
  directoryBusiness,
  enquiry,
  halalProposal,
  listingRevision,
  messageThread,
  outbox,
  payment,
  review,
  reviewReport,
  stripeEvent,
  subscription,
  threadReport,
  user,
} from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
type Dashboard = Awaited<ReturnType<typeof loader>>;
const queue = (page: Dashboard, label: string) => page.inbox.find((item) => item.label === label)!;
const week = (page: Dashboard, label: string) => page.weeks.find((row) => row.label === label)!;

let before: Dashboard;
let after: Dashboard;
beforeAll(async () => {
  before = await loader();
  const { db } = app.database;
  await db.insert(user).values([
    { id: "dash-member", email: "dash-member@example.com", fullName: "Dash Member", createdAt: daysAgo(2) },
    { id: "dash-other", email: "dash-other@example.com", createdAt: daysAgo(9) },
  ]);
  const [listing] = await db
    .insert(businessListing)
    .values({
      slug: "dash-listing",
      title: "Dash Bakery",
      category: "food",
      town: "Leeds",
      askingPricePence: 9_000_000,
      description: "A bakery waiting for review.",
      status: "pending",
      createdAt: daysAgo(400),
      updatedAt: daysAgo(400),
    })
    .returning();
  const [business] = await db.select().from(directoryBusiness).limit(1);
  await db.insert(listingRevision).values({ listingId: listing!.id, changes: {}, createdAt: daysAgo(401) });
  await db.insert(enquiry).values({
    kind: "contact",
    subject: "Old question",
    fields: {},
    createdAt: daysAgo(402),
  });
  const [held] = await db
    .insert(review)
    .values({
      businessId: business!.id,
      userId: "dash-member",
      rating: 4,
      body: "Held for a decision.",
      status: "held",
      fingerprint: "dash",
      networkHash: "dash",
      createdAt: daysAgo(403),
    })
    .returning();
  await db.insert(reviewReport).values({ reviewId: held!.id, reason: "Not a real visit", createdAt: daysAgo(404) });
  await db.insert(businessClaim).values({
    businessId: business!.id,
    userId: "dash-member",
    method: "documents",
    status: "pending",
    updatedAt: daysAgo(405),
  });
  await db
    .insert(halalProposal)
    .values({ businessId: business!.id, userId: "dash-member", changes: {}, createdAt: daysAgo(406) });
  const [thread] = await db.insert(messageThread).values({ listingId: listing!.id, buyerId: "dash-other" }).returning();
  await db.insert(threadReport).values({ threadId: thread!.id, reason: "Rude", createdAt: daysAgo(407) });
  await db.insert(outbox).values([
    {
      kind: "email",
      payload: { to: "gone@example.com", subject: "Your receipt" },
      attempts: 5,
      lastError: "550 no such user",
      createdAt: daysAgo(408),
    },
    // Failed once: a blip, not yet trouble.
    { kind: "email", payload: { to: "blip@example.com", subject: "Hello" }, attempts: 1, lastError: "421 busy" },
  ]);
  // This week two enquiries, the week before one; money taken and refunded.
  await db.insert(enquiry).values([
    { kind: "contact", subject: "New 1", fields: {}, status: "closed", createdAt: daysAgo(1) },
    { kind: "contact", subject: "New 2", fields: {}, status: "closed", createdAt: daysAgo(3) },
    { kind: "contact", subject: "Older", fields: {}, status: "closed", createdAt: daysAgo(10) },
  ]);
  const [plan] = await db
    .insert(subscription)
    .values({
      userId: "dash-member",
      packageName: "The Growth Package",
      packageType: "promotion",
      pricePence: 4_999,
      startDate: daysAgo(2),
      status: "active",
    })
    .returning();
  await db.insert(payment).values([
    {
      subscriptionId: plan!.id,
      kind: "payment",
      stripeObjectId: "in_full",
      amountPence: 4_999,
      occurredAt: daysAgo(2),
    },
    {
      subscriptionId: plan!.id,
      kind: "payment",
      stripeObjectId: "in_short",
      amountPence: 1_000,
      occurredAt: daysAgo(1),
    },
    { subscriptionId: plan!.id, kind: "refund", stripeObjectId: "ch_back", amountPence: 2_500, occurredAt: daysAgo(9) },
  ]);
  await db.insert(stripeEvent).values([
    {
      id: "evt_stuck",
      type: "invoice.paid",
      payload: {},
      createdAt: daysAgo(3),
      attempts: 10,
      lastError: "no such subscription",
    },
    { id: "evt_retrying", type: "invoice.paid", payload: {}, createdAt: daysAgo(3), attempts: 2, lastError: "timeout" },
  ]);
  after = await loader();
});

describe("the dashboard", () => {
  it("counts each kind of waiting work, with how long the oldest has waited, and links to its queue", () => {
    for (const [label, to] of [
      ["Listings waiting for review", "/admin/listings?status=pending&sort=updated&dir=asc"],
      ["Sellers' changes to check", "/admin/listings#revisions-heading"],
      ["New enquiries", "/admin/enquiries?status=new&sort=received&dir=asc"],
      ["Reviews held for a decision", "/admin/reviews?state=held"],
      ["Reviews reported", "/admin/reviews?state=reported"],
      ["Business claims to check", "/admin/claims"],
      ["Owners' halal details to check", "/admin/claims#halal-proposals"],
      ["Conversations reported", "/admin/messages?state=reported"],
      ["E-mails that keep failing", "/admin/outbox?state=failing&sort=attempts&dir=desc"],
    ] as const) {
      expect(queue(after, label).count, label).toBe(queue(before, label).count + 1);
      expect(queue(after, label).waited, label).toMatch(/^40\d days$/);
      expect(queue(after, label).to, label).toBe(to);
    }
    expect(queue(after, "Listings waiting for review").waited).toBe("400 days");
    expect(queue(after, "E-mails that keep failing").waited).toBe("408 days");
  });

  it("puts this week's figures beside the week before's, money in pounds", async () => {
    const { db } = app.database;
    const enquiries = week(after, "Enquiries");
    const [sinceWeek, sinceFortnight] = await Promise.all([
      db.$count(enquiry, gte(enquiry.createdAt, daysAgo(7))),
      db.$count(enquiry, gte(enquiry.createdAt, daysAgo(14))),
    ]);
    expect(Number(enquiries.thisWeek)).toBe(sinceWeek);
    expect(Number(enquiries.weekBefore)).toBe(sinceFortnight - sinceWeek);
    expect(Number(enquiries.thisWeek) - Number(week(before, "Enquiries").thisWeek)).toBe(2);
    expect(Number(enquiries.weekBefore) - Number(week(before, "Enquiries").weekBefore)).toBe(1);
    expect(Number(week(after, "New members").thisWeek) - Number(week(before, "New members").thisWeek)).toBe(1);
    expect(Number(week(after, "New members").weekBefore) - Number(week(before, "New members").weekBefore)).toBe(1);
    expect(week(after, "Revenue taken")).toMatchObject({ thisWeek: "£59.99", change: "up" });
    expect(week(after, "Refunded")).toMatchObject({ thisWeek: "£0", weekBefore: "£25", change: "down" });
  });

  it("names what needs a look first: a short payment, a payment event failing ten times, an e-mail that keeps failing", () => {
    expect(before.trouble).toEqual({ shortPayments: [], stuckEvents: [], failingEmails: [] });
    expect(after.trouble.shortPayments).toEqual([
      expect.objectContaining({ amount: "£10", price: "£49.99", email: "dash-member@example.com" }),
    ]);
    expect(after.trouble.stuckEvents.map((e) => e.id)).toEqual(["evt_stuck"]);
    expect(after.trouble.failingEmails).toEqual([
      expect.objectContaining({
        to: "gone@example.com",
        subject: "Your receipt",
        attempts: 5,
        lastError: "550 no such user",
      }),
    ]);
  });

  it("keeps the enquiries of each of the last 30 days, and the active subscriptions", async () => {
    const { db } = app.database;
    expect(after.days).toHaveLength(30);
    const lastThirty = await db.$count(enquiry, gte(enquiry.createdAt, daysAgo(30)));
    expect(after.days.reduce((sum, d) => sum + d.count, 0)).toBe(lastThirty);
    expect(after.activeSubscriptions).toBe(await db.$count(subscription, eq(subscription.status, "active")));
    expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
    const pending = await db.$count(businessListing, eq(businessListing.status, "pending"));
    expect(queue(after, "Listings waiting for review").count).toBe(pending);
  });
});

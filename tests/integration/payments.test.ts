// Packages bought online (decision 0026), through the routes and the official
// Stripe library pointed at the local stand-in: checkout priced from the
// database, webhooks verified, stored and applied once in any order, paid
// promotion switching itself on and off, and a payment short of the price
// starting nothing (decision 0061).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import { and, count, eq } from "drizzle-orm";
import express from "express";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { scheduledJobs } from "../../app/jobs.server";
import { exportMemberData } from "../../app/features/account/member.server";
import { featuredBusinesses } from "../../app/features/directory/businesses.server";
import { retryStoredEvents } from "../../app/features/payments/webhooks.server";
import { formatLondonDate } from "../../app/lib/dates";
import { loader as staffSubscriptionsLoader } from "../../app/routes/admin/subscriptions";
import PackageBuy, { action as buyAction, loader as buyLoader } from "../../app/routes/package-buy";
import * as webhookRoute from "../../app/routes/stripe-webhook";
import {
  auditLog,
  businessListing,
  directoryBusiness,
  enquiry,
  payment,
  stripeEvent,
  subscription,
} from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { paidCheckoutEvents, signedDelivery, stripeEventOf } from "../helpers/stripe-peer";
import { seededAppDatabase } from "../helpers/test-database";
import { stripePeerForThisFile, WEBHOOK_SECRET } from "../helpers/stripe-test-env";

// A Stripe stand-in for this file, and the app's environment pointing at it.
const peer = await stripePeerForThisFile();

const { action: webhookAction } = webhookRoute;
const app = seededAppDatabase();
const db = () => app.database.db;
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
const HOUR = 3_600_000;

let ipCounter = 30;
/** A new member signed in through /auth, from an address of their own. */
const newMember = (email: string) => signedInMember(email, { ip: `198.51.100.${ipCounter++}`, fullName: "Pay Member" });

/** A seeded directory business, now owned by the member. */
async function ownBusiness(ownerId: string, slugLike: number) {
  const [business] = await db()
    .select({ id: directoryBusiness.id })
    .from(directoryBusiness)
    .orderBy(directoryBusiness.id)
    .offset(slugLike)
    .limit(1);
  await db().update(directoryBusiness).set({ ownerId, featured: false }).where(eq(directoryBusiness.id, business!.id));
  return business!.id;
}

/** A published listing of the member's own. */
async function publishedListingOf(sellerId: string, title: string) {
  const [listing] = await db()
    .insert(businessListing)
    .values({
      slug: `listing-${crypto.randomUUID()}`,
      title,
      category: "food",
      town: "Leeds",
      askingPricePence: 50_000_00,
      description: `${title}, trading for years.`,
      status: "published",
      sellerId,
      publishedAt: new Date(),
    })
    .returning({ id: businessListing.id });
  return listing!;
}

function buy(slug: string, cookie: string, form: Record<string, string>) {
  return callAction<{ error: string }>(buyAction, {
    path: `/packages/${slug}/buy`,
    params: { slug },
    body: new URLSearchParams(form),
    headers: { ...urlencoded, cookie },
  });
}

/** The checkout session the stand-in made for a redirect to its stub page. */
function sessionOf(location: string | null) {
  const id = /\/pay\/(\w+)$/.exec(location ?? "")?.[1];
  const session = id ? peer.sessions.get(id) : undefined;
  if (!session) throw new Error(`no checkout session behind ${location}`);
  return session;
}

function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const { payload, signature } = signedDelivery(event, secret);
  return callAction(webhookAction, {
    path: "/stripe/webhook",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

async function rowOf(session: Record<string, unknown>) {
  const id = Number((session.metadata as Record<string, string>).hbs_subscription);
  const [row] = await db().select().from(subscription).where(eq(subscription.id, id));
  return row!;
}

async function promotionOfBusiness(id: number) {
  const [row] = await db()
    .select({ promotion: directoryBusiness.promotion, showcased: directoryBusiness.showcased })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.id, id));
  return row!;
}

const expireJob = () => scheduledJobs({}).find((job) => job.name === "subscriptions.expire")!;

const objectOf = (event: Record<string, unknown>) => (event.data as { object: Record<string, unknown> }).object;

/** The events of a checkout for which Stripe took `amountPence` (a coupon, or a price changed in its dashboard). */
function checkoutEventsPaying(session: Record<string, unknown>, amountPence: number, created?: number) {
  const [completed, invoicePaid] = paidCheckoutEvents(session, peer.url, created);
  return [
    { ...completed!, data: { object: { ...objectOf(completed!), amount_total: amountPence } } },
    {
      ...invoicePaid!,
      data: { object: { ...objectOf(invoicePaid!), amount_due: amountPence, amount_paid: amountPence } },
    },
  ];
}

/** The back office's subscriptions page, for a search. */
function staffSubscriptions(search = "") {
  const request = new Request(`http://localhost/admin/subscriptions?${search}`);
  return staffSubscriptionsLoader({ request, params: {}, context: undefined } as never);
}

/** The payments beside a subscription on the back office's subscriptions page. */
async function staffPaymentsOf(subscriptionId: number) {
  const page = await staffSubscriptions();
  return page.subscriptions
    .find((s) => s.id === subscriptionId)!
    .payments.map(({ text, flagged }) => ({ text, flagged }));
}

describe("buying a promotion package", () => {
  it("charges the database's price whatever the form says, and the payment spotlights the business once", async () => {
    const member = await newMember("buyer@example.com");
    const businessId = await ownBusiness(member.id, 0);

    const answer = await buy("feature-package", member.cookie, {
      target: `business:${businessId}`,
      pricePence: "1",
      price: "0.01",
      unit_amount: "1",
    });
    expect(answer.status).toBe(303);
    const session = sessionOf(answer.headers.get("location"));
    expect(session).toMatchObject({
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "gbp", unit_amount: "2599", tax_behavior: "inclusive" } }],
    });
    const pending = await rowOf(session);
    expect(pending).toMatchObject({ status: "pending", pricePence: 2599, businessId, userId: member.id });

    const events = paidCheckoutEvents(session, peer.url);
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const paid = await rowOf(session);
    expect(paid.status).toBe("active");
    expect(paid.endDate!.getTime() - paid.startDate.getTime()).toBeGreaterThanOrEqual(28 * 24 * HOUR);
    expect(await promotionOfBusiness(businessId)).toEqual({ promotion: "spotlight", showcased: true });
    expect((await featuredBusinesses(100)).map((b) => b.id)).toContain(businessId);

    // Stripe delivers at least once: the same events again change nothing.
    for (const event of events) expect((await deliver(event)).status).toBe(200);
    const payments = await db().select().from(payment).where(eq(payment.subscriptionId, paid.id));
    expect(payments).toMatchObject([{ kind: "payment", amountPence: 2599 }]);
    expect(payments[0]!.receiptUrl).toMatch(/\/invoices\/in_/);
    // The member's data download has it too.
    const exported = await exportMemberData(member.id);
    expect(exported.subscriptions).toMatchObject([
      { packageName: "The Feature Package", status: "active", payments: [{ kind: "payment", amountPence: 2599 }] },
    ]);
    expect(await rowOf(session)).toEqual(paid);
    const stored = await db().select({ n: count() }).from(stripeEvent);
    expect(stored[0]!.n).toBeGreaterThanOrEqual(2);

    // The period ends; the hourly job, with the clock moved on, switches the promotion off.
    await expireJob().run(new Date(paid.endDate!.getTime() - HOUR));
    expect((await promotionOfBusiness(businessId)).promotion).toBe("spotlight");
    await expireJob().run(new Date(paid.endDate!.getTime() + HOUR));
    expect((await rowOf(session)).status).toBe("expired");
    expect(await promotionOfBusiness(businessId)).toEqual({ promotion: null, showcased: false });
    expect((await featuredBusinesses(100)).map((b) => b.id)).not.toContain(businessId);
  });

  it("refuses to sell promotion for someone else's business or listing, before Stripe hears of it", async () => {
    const owner = await newMember("owner@example.com");
    const other = await newMember("other@example.com");
    const businessId = await ownBusiness(owner.id, 1);
    const listing = await publishedListingOf(owner.id, "Owner's Bakery");
    const before = peer.requests.length;
    for (const target of [`business:${businessId}`, `listing:${listing.id}`, "business:999999", "", "listing:x"]) {
      const answer = await buy("premier-package", other.cookie, { target });
      expect(answer.status).toBe(400);
      expect(answer.data.error).toBe("Please choose one of your businesses or listings to promote.");
    }
    expect(peer.requests.length).toBe(before);
    const rows = await db().select().from(subscription).where(eq(subscription.userId, other.id));
    expect(rows).toEqual([]);
  });

  it("refuses a forged signature with 400 and changes nothing", async () => {
    const member = await newMember("forger@example.com");
    const businessId = await ownBusiness(member.id, 2);
    const session = sessionOf(
      (await buy("premier-package", member.cookie, { target: `business:${businessId}` })).headers.get("location"),
    );
    const [before] = await db().select({ n: count() }).from(stripeEvent);
    const [completed] = paidCheckoutEvents(session, peer.url);
    expect((await deliver(completed!, "whsec_someone_else")).status).toBe(400);
    const unsigned = await callAction(webhookAction, {
      path: "/stripe/webhook",
      body: JSON.stringify(completed),
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    const [after] = await db().select({ n: count() }).from(stripeEvent);
    expect(after!.n).toBe(before!.n);
    expect((await rowOf(session)).status).toBe("pending");
    expect((await promotionOfBusiness(businessId)).promotion).toBeNull();
  });

  it("ends the promotion when the payment is refunded in Stripe", async () => {
    const member = await newMember("refund@example.com");
    const businessId = await ownBusiness(member.id, 3);
    const session = sessionOf(
      (await buy("feature-package", member.cookie, { target: `business:${businessId}` })).headers.get("location"),
    );
    const [completed] = paidCheckoutEvents(session, peer.url);
    await deliver(completed!);
    expect((await promotionOfBusiness(businessId)).promotion).toBe("spotlight");
    const paymentIntent = (completed!.data as { object: { payment_intent: string } }).object.payment_intent;
    const refund = stripeEventOf(
      "charge.refunded",
      {
        id: "ch_test_refund",
        object: "charge",
        payment_intent: paymentIntent,
        amount_refunded: 2599,
        refunded: true,
        metadata: {},
        receipt_url: null,
      },
      (completed!.created as number) + 60,
    );
    expect((await deliver(refund)).status).toBe(200);
    const row = await rowOf(session);
    expect(row.status).toBe("refunded");
    expect(
      await db()
        .select({ kind: payment.kind, amountPence: payment.amountPence })
        .from(payment)
        .where(eq(payment.subscriptionId, row.id)),
    ).toEqual([{ kind: "refund", amountPence: 2599 }]);
    expect((await promotionOfBusiness(businessId)).promotion).toBeNull();
  });
});

describe("a payment short of the price", () => {
  it("activates nothing, is kept, and is flagged to staff; the full price still activates", async () => {
    const member = await newMember("coupon@example.com");
    const businessId = await ownBusiness(member.id, 4);
    const buyPremier = async () =>
      sessionOf(
        (await buy("premier-package", member.cookie, { target: `business:${businessId}` })).headers.get("location"),
      );

    const short = await buyPremier();
    for (const event of checkoutEventsPaying(short, 100)) expect((await deliver(event)).status).toBe(200);
    const held = await rowOf(short);
    expect(held).toMatchObject({ status: "pending", pricePence: 49_99 });
    expect(await promotionOfBusiness(businessId)).toEqual({ promotion: null, showcased: false });
    expect((await featuredBusinesses(100)).map((b) => b.id)).not.toContain(businessId);
    expect(
      await db()
        .select({ kind: payment.kind, amountPence: payment.amountPence })
        .from(payment)
        .where(eq(payment.subscriptionId, held.id)),
    ).toEqual([{ kind: "payment", amountPence: 100 }]);
    const [flagged] = await staffPaymentsOf(held.id);
    expect(flagged!.flagged).toBe(true);
    expect(flagged!.text).toMatch(/: Paid £1 of £49\.99 — short by £48\.99, needs a look$/);

    const full = await buyPremier();
    for (const event of paidCheckoutEvents(full, peer.url)) expect((await deliver(event)).status).toBe(200);
    const paid = await rowOf(full);
    expect(paid.status).toBe("active");
    expect(await promotionOfBusiness(businessId)).toEqual({ promotion: "spotlight", showcased: true });
    expect(await staffPaymentsOf(paid.id)).toEqual([
      { text: expect.stringMatching(/: Paid £49\.99$/), flagged: false },
    ]);
    // The short one is still there to be looked at.
    expect((await rowOf(short)).status).toBe("pending");
    expect((await staffPaymentsOf(held.id))[0]!.flagged).toBe(true);
  });

  it("neither starts nor renews a monthly plan, whatever Stripe says of its subscription", async () => {
    const member = await newMember("coupon-monthly@example.com");
    const listing = await publishedListingOf(member.id, "Coupon Café");
    const listingPromotion = async () =>
      (
        await db()
          .select({ promotion: businessListing.promotion })
          .from(businessListing)
          .where(eq(businessListing.id, listing.id))
      )[0]!.promotion;
    const buyStarter = async () =>
      sessionOf(
        (await buy("starter-package", member.cookie, { target: `listing:${listing.id}` })).headers.get("location"),
      );
    const t0 = Math.floor(Date.now() / 1000);
    const DAYS_31 = 31 * 24 * 3600;
    /** Stripe's word that the subscription is active, for the month from `start`. */
    const activeInStripe = (subscriptionId: string, metadata: unknown, start: number) =>
      stripeEventOf(
        "customer.subscription.updated",
        {
          id: subscriptionId,
          object: "subscription",
          status: "active",
          metadata,
          items: {
            object: "list",
            data: [{ id: "si_test", current_period_start: start, current_period_end: start + DAYS_31 }],
          },
        },
        start + 1,
      );

    // The first month, paid short: Stripe calls the subscription active, ours stays pending.
    const short = await buyStarter();
    const shortEvents = checkoutEventsPaying(short, 0, t0);
    for (const event of shortEvents) await deliver(event);
    const shortSubscription = objectOf(shortEvents[0]!).subscription as string;
    await deliver(activeInStripe(shortSubscription, short.metadata, t0));
    expect(await rowOf(short)).toMatchObject({ status: "pending", stripeSubscriptionId: shortSubscription });
    expect(await listingPromotion()).toBeNull();
    expect(await staffPaymentsOf((await rowOf(short)).id)).toEqual([
      { text: expect.stringMatching(/: Paid £0 of £9\.99 — short by £9\.99, needs a look$/), flagged: true },
    ]);

    // Paid in full, it starts; a renewal paid short extends nothing, whatever Stripe says.
    const full = await buyStarter();
    const fullEvents = paidCheckoutEvents(full, peer.url, t0);
    for (const event of fullEvents) await deliver(event);
    const started = await rowOf(full);
    expect(started.status).toBe("active");
    expect(await listingPromotion()).toBe("showcase");
    const next = Math.floor(started.endDate!.getTime() / 1000);
    const renewal = objectOf(fullEvents[1]!);
    await deliver(
      stripeEventOf(
        "invoice.paid",
        {
          ...renewal,
          id: "in_test_short_renewal",
          amount_due: 499,
          amount_paid: 499,
          lines: { object: "list", data: [{ id: "il_test_short", period: { start: next, end: next + DAYS_31 } }] },
        },
        next,
      ),
    );
    await deliver(activeInStripe(objectOf(fullEvents[0]!).subscription as string, full.metadata, next));
    expect((await rowOf(full)).endDate).toEqual(started.endDate);
    expect((await staffPaymentsOf(started.id)).map((p) => p.flagged)).toEqual([false, true]);
  });
});

describe("monthly plans", () => {
  it("applies events in Stripe's order, not in the order they arrive", async () => {
    const member = await newMember("monthly@example.com");
    const listing = await publishedListingOf(member.id, "Corner Bakery");
    const answer = await buy("starter-package", member.cookie, { target: `listing:${listing.id}` });
    const session = sessionOf(answer.headers.get("location"));
    expect(session).toMatchObject({
      mode: "subscription",
      line_items: [{ price_data: { unit_amount: "999", recurring: { interval: "month" } } }],
    });
    const t0 = Math.floor(Date.now() / 1000);
    const [completed, invoicePaid] = paidCheckoutEvents(session, peer.url, t0);
    const subscriptionId = (completed!.data as { object: { subscription: string } }).object.subscription;
    const metadata = session.metadata as Record<string, string>;
    const failed = stripeEventOf(
      "invoice.payment_failed",
      {
        id: "in_test_renewal",
        object: "invoice",
        amount_due: 999,
        attempt_count: 1,
        hosted_invoice_url: null,
        metadata: {},
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata } },
      },
      t0 + 100,
    );
    const deleted = stripeEventOf(
      "customer.subscription.deleted",
      {
        id: subscriptionId,
        object: "subscription",
        status: "canceled",
        ended_at: t0 + 200,
        metadata,
        items: { object: "list", data: [] },
      },
      t0 + 200,
    );

    // The renewal fails before the first payment's events arrive: it still counts.
    expect((await deliver(failed)).status).toBe(200);
    expect((await deliver(invoicePaid!)).status).toBe(200);
    expect((await deliver(completed!)).status).toBe(200);
    let row = await rowOf(session);
    expect(row).toMatchObject({ status: "past_due", stripeSubscriptionId: subscriptionId });
    const listingPromotion = async () =>
      (
        await db()
          .select({ promotion: businessListing.promotion })
          .from(businessListing)
          .where(eq(businessListing.id, listing.id))
      )[0]!.promotion;
    expect(await listingPromotion()).toBeNull();

    // Cancelled in Stripe; an older 'paid' arriving late does not bring it back.
    await deliver(deleted);
    await deliver(
      stripeEventOf("invoice.paid", (invoicePaid!.data as { object: Record<string, unknown> }).object, t0 + 50),
    );
    row = await rowOf(session);
    expect(row.status).toBe("cancelled");
    expect(await listingPromotion()).toBeNull();
    const kinds = await db().select({ kind: payment.kind }).from(payment).where(eq(payment.subscriptionId, row.id));
    // The late repeat of the first invoice is the same payment, recorded once.
    expect(kinds.map((k) => k.kind).sort()).toEqual(["failure", "payment"]);
  });

  it("showcases a listing while its Starter Package is paid", async () => {
    const member = await newMember("starter@example.com");
    const listing = await publishedListingOf(member.id, "Halal Grill");
    const session = sessionOf(
      (await buy("starter-package", member.cookie, { target: `listing:${listing.id}` })).headers.get("location"),
    );
    for (const event of paidCheckoutEvents(session, peer.url)) await deliver(event);
    const [shown] = await db()
      .select({ promotion: businessListing.promotion, showcased: businessListing.showcased })
      .from(businessListing)
      .where(eq(businessListing.id, listing.id));
    expect(shown).toEqual({ promotion: "showcase", showcased: true });
  });

  it("opens one work item for staff when a service plan is paid, even after a first attempt failed", async () => {
    const member = await newMember("service@example.com");
    const answer = await buy("growth-plan", member.cookie, {});
    const session = sessionOf(answer.headers.get("location"));
    const t0 = Math.floor(Date.now() / 1000);
    const events = paidCheckoutEvents(session, peer.url, t0 + 10);
    const invoice = (events[1]!.data as { object: Record<string, unknown> }).object;
    await deliver(
      stripeEventOf("invoice.payment_failed", { ...invoice, id: "in_test_first_try", attempt_count: 1 }, t0),
    );
    expect((await rowOf(session)).status).toBe("past_due");
    for (const event of [...events, ...events]) await deliver(event);
    expect((await rowOf(session)).status).toBe("active");
    const items = await db()
      .select({ subject: enquiry.subject, status: enquiry.status })
      .from(enquiry)
      .where(and(eq(enquiry.kind, "package_order"), eq(enquiry.userId, member.id)));
    expect(items).toEqual([{ subject: "GROWTH PLAN", status: "new" }]);
  });
});

describe("two servers", () => {
  it("apply an event delivered to both at once only once", async () => {
    const member = await newMember("twice@example.com");
    const session = sessionOf((await buy("starter-plan", member.cookie, {})).headers.get("location"));
    const events = paidCheckoutEvents(session, peer.url);
    // On PostgreSQL (TEST_POSTGRES_URL) these run on separate connections, as two servers would.
    const answers = await Promise.all([...events, ...events, ...events].map((event) => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    const row = await rowOf(session);
    expect(row.status).toBe("active");
    expect(await db().select({ kind: payment.kind }).from(payment).where(eq(payment.subscriptionId, row.id))).toEqual([
      { kind: "payment" },
    ]);
    const items = await db()
      .select({ id: enquiry.id })
      .from(enquiry)
      .where(and(eq(enquiry.kind, "package_order"), eq(enquiry.userId, member.id)));
    expect(items).toHaveLength(1);
  });
});

describe("a handling that fails", () => {
  it("is stored, answered 200, and retried from the stored event", async () => {
    const member = await newMember("retry@example.com");
    const session = sessionOf((await buy("vip-plan", member.cookie, {})).headers.get("location"));
    const [, invoicePaid] = paidCheckoutEvents(session, peer.url);
    const object = (invoicePaid!.data as { object: Record<string, unknown> }).object;
    // A subscription invoice without its lines cannot be applied.
    const id = invoicePaid!.id as string;
    const broken = { ...invoicePaid!, data: { object: { ...object, lines: undefined } } };
    expect((await deliver(broken)).status).toBe(200);
    const [stored] = await db().select().from(stripeEvent).where(eq(stripeEvent.id, id));
    expect(stored).toMatchObject({ processedAt: null, attempts: 1 });
    expect(stored!.lastError).toBeTruthy();
    expect((await rowOf(session)).status).toBe("pending");

    // Mended (as a fixed release would read it), the scheduler's retry applies it.
    await db().update(stripeEvent).set({ payload: invoicePaid! }).where(eq(stripeEvent.id, id));
    expect(await retryStoredEvents()).toBe(1);
    expect((await rowOf(session)).status).toBe("active");
    expect(await retryStoredEvents()).toBe(0);
  });
});

/** The buy page as the member's browser gets it: its loader's data rendered, with an action's answer if given. */
async function buyPage(slug: string, cookie: string, answer?: unknown) {
  const request = new Request(`http://localhost/packages/${slug}/buy`, { headers: { cookie } });
  const loaderData = await buyLoader({ request, params: { slug }, context: new RouterContextProvider() } as never);
  const Stub = createRoutesStub([{ id: "buy", path: "/packages/:slug/buy", Component: PackageBuy as never }]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [`/packages/${slug}/buy`],
      hydrationData: { loaderData: { buy: loaderData }, ...(answer ? { actionData: { buy: answer } } : {}) },
    }),
  );
  const text = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
  return {
    options: [...html.matchAll(/<option([^>]*)>(.*?)<\/option>/g)].map(([, attributes, label]) => ({
      value: /value="([^"]*)"/.exec(attributes!)![1],
      label: text(label!),
      selected: / selected=""/.test(attributes!),
      disabled: / disabled=""/.test(attributes!),
    })),
    required: /<select[^>]* required=""/.test(html),
    alert: text(/<p[^>]*role="alert"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? ""),
  };
}

async function businessName(id: number) {
  const [row] = await db()
    .select({ name: directoryBusiness.name })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.id, id));
  return row!.name;
}

describe("choosing what to promote", () => {
  it("picks nothing for the member: the page asks, with a placeholder, and the choice is required", async () => {
    const member = await newMember("chooser@example.com");
    const businessId = await ownBusiness(member.id, 5);
    const listing = await publishedListingOf(member.id, "Chooser Café");
    const page = await buyPage("feature-package", member.cookie);
    expect(page.required).toBe(true);
    expect(page.options).toEqual([
      { value: "", label: "Choose a business or listing", selected: true, disabled: false },
      {
        value: `business:${businessId}`,
        label: `${await businessName(businessId)} (directory)`,
        selected: false,
        disabled: false,
      },
      { value: `listing:${listing.id}`, label: "Chooser Café (for sale)", selected: false, disabled: false },
    ]);
    // Sent without a choice, it is refused and asked again.
    const answer = await buy("feature-package", member.cookie, { target: "" });
    expect(answer.status).toBe(400);
    expect((await buyPage("feature-package", member.cookie, answer.data)).alert).toBe(
      "Please choose one of your businesses or listings to promote.",
    );
  });

  it("refuses another promotion for a business or listing while one is paid up, says why, and makes no checkout", async () => {
    const member = await newMember("promoted-twice@example.com");
    const businessId = await ownBusiness(member.id, 6);
    const otherId = await ownBusiness(member.id, 7);
    const listing = await publishedListingOf(member.id, "Twice Bakery");
    const pay = async (slug: string, target: string) => {
      const session = sessionOf((await buy(slug, member.cookie, { target })).headers.get("location"));
      for (const event of paidCheckoutEvents(session, peer.url)) await deliver(event);
      return rowOf(session);
    };
    const business = await pay("feature-package", `business:${businessId}`);
    const monthly = await pay("starter-package", `listing:${listing.id}`);
    expect([business.status, monthly.status]).toEqual(["active", "active"]);
    const name = await businessName(businessId);
    const refusal = (what: string, end: Date) =>
      `${what} already has a promotion paid up to ${formatLondonDate(end)}. A business or listing has one promotion at a time: choose another, or buy again once that one ends.`;
    const mine = async () => (await db().select().from(subscription).where(eq(subscription.userId, member.id))).length;

    const requests = peer.requests.length;
    for (const [slug, target, message] of [
      ["premier-package", `business:${businessId}`, refusal(name, business.endDate!)],
      ["feature-package", `business:${businessId}`, refusal(name, business.endDate!)],
      ["starter-package", `business:${businessId}`, refusal(name, business.endDate!)],
      ["premier-package", `listing:${listing.id}`, refusal("Twice Bakery", monthly.endDate!)],
    ] as const) {
      const answer = await buy(slug, member.cookie, { target });
      expect(answer.status, `${slug} for ${target}`).toBe(409);
      expect(answer.data.error).toBe(message);
    }
    expect(peer.requests.length).toBe(requests);
    expect(await mine()).toBe(2);

    // Said with the form, which keeps the choice; the list says which are promoted, and until when.
    const answer = await buy("premier-package", member.cookie, { target: `business:${businessId}` });
    const page = await buyPage("premier-package", member.cookie, answer.data);
    expect(page.alert).toBe(refusal(name, business.endDate!));
    expect(page.options.find((o) => o.value === `business:${businessId}`)).toEqual({
      value: `business:${businessId}`,
      label: `${name} (directory), promoted until ${formatLondonDate(business.endDate!)}`,
      selected: true,
      disabled: true,
    });
    expect(page.options.find((o) => o.value === `business:${otherId}`)).toMatchObject({ disabled: false });

    // Another business of theirs may be promoted; and the first again once its month has ended.
    expect((await buy("premier-package", member.cookie, { target: `business:${otherId}` })).status).toBe(303);
    await expireJob().run(new Date(business.endDate!.getTime() + HOUR));
    expect((await buy("premier-package", member.cookie, { target: `business:${businessId}` })).status).toBe(303);
  });
});

describe("a checkout never completed", () => {
  it("is marked abandoned when Stripe says it expired, however often that is applied, and leaves the lists", async () => {
    const member = await newMember("walked-away@example.com");
    const session = sessionOf((await buy("growth-plan", member.cookie, {})).headers.get("location"));
    const row = await rowOf(session);
    const listed = async (search: string) =>
      (await staffSubscriptions(`q=walked-away%40example.com&${search}`)).subscriptions.map((s) => [
        s.id,
        s.statusLabel,
      ]);
    // Just started: staff see it waiting.
    expect(await listed("")).toEqual([[row.id, "pending"]]);

    const expired = stripeEventOf("checkout.session.expired", { ...session, status: "expired" });
    expect((await deliver(expired)).status).toBe(200);
    const abandoned = await rowOf(session);
    expect(abandoned.status).toBe("abandoned");
    expect(await listed("")).toEqual([]);
    expect(await listed("status=abandoned")).toEqual([[row.id, "abandoned checkout"]]);
    expect((await exportMemberData(member.id)).subscriptions).toEqual([]);

    // Delivered again, and applied again from the stored event: nothing more changes.
    expect((await deliver(expired)).status).toBe(200);
    await db()
      .update(stripeEvent)
      .set({ processedAt: null })
      .where(eq(stripeEvent.id, expired.id as string));
    await retryStoredEvents();
    const [stored] = await db()
      .select()
      .from(stripeEvent)
      .where(eq(stripeEvent.id, expired.id as string));
    expect(stored!.processedAt).not.toBeNull();
    expect(await rowOf(session)).toEqual(abandoned);
    // The audit log has it once, by the event that did it.
    const logged = await db()
      .select({ actor: auditLog.actorEmail, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "subscription"), eq(auditLog.entityId, String(row.id))));
    expect(logged).toEqual([{ actor: `Stripe event ${expired.id}`, action: "subscription.stripe.abandon" }]);
  });
});

describe("a webhook body over the limit", () => {
  /** The webhook route alone, behind React Router's Express adapter as server.ts serves it, on a free port. */
  async function webhookServer() {
    const build = {
      entry: { module: { default: () => new Response("Not found", { status: 404 }) } },
      routes: {
        root: { id: "root", path: "", module: {} },
        "routes/stripe-webhook": {
          id: "routes/stripe-webhook",
          parentId: "root",
          path: "stripe/webhook",
          module: webhookRoute,
        },
      },
      assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
      publicPath: "/",
      assetsBuildDirectory: "",
      basename: "/",
      future: { v8_middleware: true, v8_passThroughRequests: true },
      ssr: true,
      isSpaMode: false,
      prerender: [],
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    const server = http.createServer(express().all("/{*splat}", createRequestHandler({ build, mode: "production" })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return server;
  }

  /** Posts a 1 MiB body, chunked or with its length, and reads the answer (or the error the client saw). */
  function postHuge(port: number, chunked: boolean) {
    const size = 1024 * 1024;
    return new Promise<string>((resolve) => {
      const request = http.request({
        // A connection of its own: server.ts reads and drops a refused body's rest, this server does not.
        agent: false,
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/stripe/webhook",
        headers: {
          "content-type": "application/json",
          ...(chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(size) }),
        },
      });
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve(`${response.statusCode} ${body}`));
      });
      request.on("error", (error) => resolve(`error: ${error.message}`));
      const chunk = Buffer.alloc(64 * 1024, "a");
      let sent = 0;
      const write = () => {
        while (sent < size) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", write);
        }
        request.end();
      };
      write();
    });
  }

  it("is answered 413, chunked as with a Content-Length, and the client reads it", async () => {
    const server = await webhookServer();
    const { port } = server.address() as AddressInfo;
    try {
      const [stored] = await db().select({ n: count() }).from(stripeEvent);
      expect(await postHuge(port, false)).toBe("413 The request is too large.");
      expect(await postHuge(port, true)).toBe("413 The request is too large.");
      expect((await db().select({ n: count() }).from(stripeEvent))[0]!.n).toBe(stored!.n);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("Stripe out of reach", () => {
  it("says so on the page and leaves no unpaid row behind", async () => {
    const member = await newMember("outage@example.com");
    await peer.close();
    try {
      const answer = await buy("growth-plan", member.cookie, {});
      expect(answer.status).toBe(503);
      expect(answer.data.error).toBe("We could not reach our payment provider. Please try again in a few minutes.");
      expect(await db().select().from(subscription).where(eq(subscription.userId, member.id))).toEqual([]);
    } finally {
      await peer.reopen();
    }
  });
});

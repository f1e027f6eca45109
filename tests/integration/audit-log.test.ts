// The audit log as staff read it (decision 0077): real changes, made by a
// member of staff through the back office, by Stripe's webhooks and by the
// scheduled jobs, read back from /admin/audit's loader in words, with each
// subject and each member who acted linked, and found by who acted.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { auditList } from "../../app/features/admin/audit.server";
import { saveDirectoryBusiness } from "../../app/features/admin/directory.server";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { exportAdminList } from "../../app/features/admin/lists/admin-list.server";
import { businessSchema } from "../../app/features/admin/schemas";
import { scheduledJobs } from "../../app/jobs.server";
import { loader as auditLoader } from "../../app/routes/admin/audit";
import { action as listingAction } from "../../app/routes/admin/listing";
import { action as buyAction } from "../../app/routes/package-buy";
import { action as webhookAction } from "../../app/routes/stripe-webhook";
import { businessListing, servicePackage, subscription, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { paidCheckoutEvents, signedDelivery, stripeEventOf } from "../helpers/stripe-peer";
import { seededAppDatabase } from "../helpers/test-database";
import { stripePeerForThisFile, WEBHOOK_SECRET } from "../helpers/stripe-test-env";

// A Stripe stand-in for this file, and the app's environment pointing at it.
const peer = await stripePeerForThisFile();

const app = seededAppDatabase();
const db = () => app.database.db;
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
const HOUR = 3_600_000;

let aisha: { id: string; cookie: string; email: string };
let bilal: { id: string; cookie: string; email: string };
/** The business Aisha added, with Bilal as its owner. */
let businessId: number;

beforeAll(async () => {
  const email = "aisha.audit@example.com";
  aisha = { ...(await signedInMember(email, { ip: "198.51.100.61", fullName: "Aisha Khan" })), email };
  await db().update(user).set({ role: "admin" }).where(eq(user.id, aisha.id));
  const owner = "bilal.audit@example.com";
  bilal = { ...(await signedInMember(owner, { ip: "198.51.100.62", fullName: "Bilal Ahmed" })), email: owner };
});

/** Runs a route module's function under /admin as the router does: the staff guard first, with Aisha's cookie. */
async function asStaff<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any admin route's loader or action
  handler: (args: any) => Promise<T>,
  path: string,
  init: RequestInit = {},
  params: Record<string, string> = {},
): Promise<T> {
  const request = new Request(`http://localhost${path}`, {
    ...init,
    headers: { cookie: aisha.cookie, ...init.headers },
  });
  const context = new RouterContextProvider();
  const args = { request, params, context, url: new URL(request.url), pattern: path };
  await requireAdmin(args, async () => new Response());
  return handler(args);
}

type Page = Awaited<ReturnType<typeof auditLoader>>;
const page = (search: string) => asStaff(auditLoader, `/admin/audit?${search}`) as Promise<Page>;

function deliver(event: Record<string, unknown>) {
  const { payload, signature } = signedDelivery(event, WEBHOOK_SECRET);
  return callAction(webhookAction, {
    path: "/stripe/webhook",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

describe("a change by a member of staff", () => {
  it("reads as words, links its subject and the member of staff, and is found by who made it", async () => {
    const [listing] = await db()
      .insert(businessListing)
      .values({
        slug: "audit-corner-bakery",
        title: "Audit Corner Bakery",
        category: "food",
        town: "Leeds",
        askingPricePence: 85_000_00,
        description: "A bakery on a busy corner.",
        status: "published",
        publishedAt: new Date(),
      })
      .returning();
    const saved = await asStaff(
      listingAction,
      `/admin/listings/${listing!.id}`,
      {
        method: "POST",
        headers: urlencoded,
        body: new URLSearchParams({
          intent: "save",
          title: listing!.title,
          category: "food",
          town: "Leeds",
          askingPrice: "79,000",
          description: listing!.description,
        }),
      },
      { id: String(listing!.id) },
    );
    expect((saved as Response).status).toBe(302);
    const added = await saveDirectoryBusiness(
      { id: aisha.id, email: aisha.email } as SessionUser,
      null,
      businessSchema.parse({
        name: "Audit Grill House",
        category: "food",
        description: "Grilled to order.",
        town: "Leeds",
        ownerEmail: bilal.email,
      }),
    );
    if (!added.ok) throw new Error(JSON.stringify(added.fieldErrors));
    businessId = added.id;

    const theirs = await page(`actor=${aisha.id}`);
    expect(theirs.params.filters.actor).toBe(aisha.id);
    expect(theirs.entries.map((e) => e.title)).toEqual(["Business added", "Listing edited"]);
    const [business, edit] = theirs.entries;
    const actor = { name: "Aisha Khan", detail: aisha.email, href: `/admin/users/${aisha.id}`, filter: aisha.id };
    expect(edit).toMatchObject({
      action: "listing.edit",
      subject: { label: `Listing ${listing!.id}: Audit Corner Bakery`, href: `/admin/listings/${listing!.id}` },
      actor,
    });
    expect(edit!.changes).toContain("Asking price £85,000 → £79,000");
    expect(edit!.changes.join("\n")).not.toMatch(/askingPricePence|8500000/);
    expect(business).toMatchObject({
      subject: { label: `Business ${businessId}: Audit Grill House`, href: `/admin/directory/${businessId}` },
      actor,
    });
    expect(business!.changes).toContain("Owner set to Bilal Ahmed");
    expect(business!.changes.join("\n")).not.toContain(bilal.id);

    // The filter offers staff by name and what acts by itself; a member who is not staff once chosen.
    expect(theirs.actors).toContainEqual([aisha.id, "Aisha Khan"]);
    expect(theirs.actors).toContainEqual(["stripe", "Stripe"]);
    expect(theirs.actors).toContainEqual(["scheduled-job", "Scheduled jobs"]);
    expect(theirs.actors).not.toContainEqual([bilal.id, "Bilal Ahmed"]);
    const members = await page(`actor=${bilal.id}`);
    expect(members.actors).toContainEqual([bilal.id, "Bilal Ahmed"]);
    expect(members.total).toBe(0);
    // Found by the words the log shows, as well as by the action's name.
    expect((await page(`q=Listing%20edited&actor=${aisha.id}`)).entries.map((e) => e.id)).toEqual([edit!.id]);
    expect((await page(`q=listing.edit&actor=${aisha.id}`)).entries.map((e) => e.id)).toEqual([edit!.id]);
  });
});

describe("what a Stripe event changed", () => {
  it("is in the log once, by the event, however often Stripe delivers it", async () => {
    const bought = await callAction(buyAction, {
      path: "/packages/feature-package/buy",
      params: { slug: "feature-package" },
      body: new URLSearchParams({ target: `business:${businessId}` }),
      headers: { ...urlencoded, cookie: bilal.cookie },
    });
    const sessionId = /\/pay\/(\w+)$/.exec(bought.headers.get("location") ?? "")?.[1];
    const session = peer.sessions.get(sessionId!)!;
    const subscriptionId = (session.metadata as Record<string, string>).hbs_subscription!;
    const [completed, paid] = paidCheckoutEvents(session, peer.url);
    const paymentIntent = (completed!.data as { object: { payment_intent: string } }).object.payment_intent;
    const refund = stripeEventOf(
      "charge.refunded",
      {
        id: "ch_test_audit",
        object: "charge",
        payment_intent: paymentIntent,
        amount_refunded: 25_99,
        refunded: true,
        metadata: {},
        receipt_url: null,
      },
      (completed!.created as number) + 60,
    );
    // Stripe delivers at least once: each event twice.
    for (const event of [completed!, paid!, completed!, paid!, refund, refund]) {
      expect((await deliver(event)).status).toBe(200);
    }

    const byStripe = await page("actor=stripe&sort=when&dir=asc");
    expect(byStripe.entries.every((e) => e.actor.name === "Stripe" && e.actor.href === null)).toBe(true);
    const subscriptionHref = `/admin/subscriptions?q=${subscriptionId}`;
    const ofSubscription = byStripe.entries.filter((e) => e.subject.href === subscriptionHref);
    expect(ofSubscription.map((e) => [e.title, e.actor.detail])).toEqual([
      ["Subscription activated by Stripe", `event ${completed!.id}`],
      ["Payment received by Stripe", `event ${paid!.id}`],
      ["Subscription refunded by Stripe", `event ${refund.id}`],
    ]);
    const [activated, payment, refunded] = ofSubscription;
    expect(activated!.subject.label).toBe(`Subscription ${subscriptionId}`);
    expect(activated!.changes).toContain("Status Pending → Active");
    expect(payment!.changes).toEqual(["Payment: £25.99"]);
    expect(refunded!.changes).toEqual(expect.arrayContaining(["Status Active → Refunded", "Refund: £25.99"]));
    // The paid promotion it switched on and off, by the event that did it.
    const ofBusiness = byStripe.entries.filter((e) => e.subject.href === `/admin/directory/${businessId}`);
    expect(ofBusiness.map((e) => [e.title, e.changes, e.actor.detail])).toEqual([
      ["Business's paid promotion changed", ["Paid promotion none → Spotlight"], `event ${completed!.id}`],
      ["Business's paid promotion changed", ["Paid promotion Spotlight → none"], `event ${refund.id}`],
    ]);

    // The export keeps the raw values and adds the words.
    const response = exportAdminList(
      auditList,
      new Request(`http://localhost/admin/export/audit?actor=stripe&q=${subscriptionId}&sort=when&dir=asc`),
      "2026-11-29",
    );
    const [heading, ...rows] = parse((await response.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(heading!.slice(-3)).toEqual(["After", "What happened", "What changed"]);
    expect(rows[0]![2]).toBe(`Stripe event ${completed!.id}`);
    expect(rows[0]!.at(-2)).toBe(`Subscription activated by Stripe: Subscription ${subscriptionId}`);
    expect(rows[0]!.at(-1)).toContain("Status Pending → Active");
  });
});

describe("what a scheduled job changed", () => {
  it("is in the log by the job, named", async () => {
    const [spotlight] = await db().select().from(servicePackage).where(eq(servicePackage.slug, "feature-package"));
    const now = new Date();
    const [paidFor] = await db()
      .insert(subscription)
      .values({
        userId: bilal.id,
        packageId: spotlight!.id,
        packageName: spotlight!.name,
        packageType: "promotion",
        status: "active",
        pricePence: spotlight!.pricePence,
        businessId,
        startDate: new Date(now.getTime() - 24 * HOUR),
        endDate: new Date(now.getTime() + HOUR),
      })
      .returning();
    const expiry = scheduledJobs({}).find((job) => job.name === "subscriptions.expire")!;
    await expiry.run(now);
    await expiry.run(new Date(now.getTime() + 2 * HOUR));

    const byJobs = await page("actor=scheduled-job&sort=when&dir=asc");
    const job = { name: "Scheduled job", detail: "subscription expiry", href: null, filter: "scheduled-job" };
    expect(byJobs.entries.find((e) => e.subject.href === `/admin/subscriptions?q=${paidFor!.id}`)).toMatchObject({
      title: "Subscription expired",
      changes: ["Status Active → Expired"],
      actor: job,
    });
    const ofBusiness = byJobs.entries.filter((e) => e.subject.href === `/admin/directory/${businessId}`);
    expect(ofBusiness.map((e) => [e.changes, e.actor])).toEqual([
      [["Paid promotion none → Spotlight"], job],
      [["Paid promotion Spotlight → none"], job],
    ]);
    // Not by anyone else.
    expect((await page(`actor=${aisha.id}`)).total).toBe(2);
  });
});

describe("the actor filter", () => {
  it("reads a value no form sends as no filter", async () => {
    const all = (await page("")).total;
    for (const actor of ["%00", "x".repeat(300), "stripe%27%20or%201%3D1", "%20"]) {
      const answer = await page(`actor=${actor}`);
      expect(answer.params.filters.actor, actor).toBe("");
      expect(answer.total, actor).toBe(all);
    }
    // A well-formed id of nobody finds nothing, and breaks nothing.
    expect((await page("actor=nobody-at-all")).total).toBe(0);
  });
});

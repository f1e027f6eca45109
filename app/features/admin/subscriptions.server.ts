// Subscriptions as staff run them: made for a member (often after a package
// enquiry), activated, cancelled; an hourly job expires those past their end.
import { and, count, eq, ilike, isNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { abandonedCheckout, promotedName, subscriptionStatusOf } from "~/features/payments/billing.server";
import { db } from "~/server/db.server";
import {
  businessListing,
  directoryBusiness,
  packageType,
  payment,
  servicePackage,
  stripeCustomer,
  subscription,
  user,
} from "~/server/schema";
import { containsPattern } from "~/server/text-search.server";
import { scheduledJobActor } from "~/lib/audit-actions";
import { recordAudit } from "~/server/audit.server";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

// The columns staff sort subscriptions by.
const subscriptionSorts = {
  added: subscription.createdAt,
  started: subscription.startDate,
  ends: subscription.endDate,
  price: subscription.pricePence,
  status: subscription.status,
};
type SubscriptionSort = keyof typeof subscriptionSorts;
type SubscriptionFilter = "status" | "type";

/** The statuses a subscription passes through (schema/payments.ts); "abandoned" also finds checkouts left open over a day. */
export const SUBSCRIPTION_STATUSES = [
  "pending",
  "abandoned",
  "active",
  "past_due",
  "cancelled",
  "expired",
  "refunded",
] as const;

/**
 * The status filter. Abandoned checkouts (decision 0079) are left out unless
 * asked for: a checkout over a day old counts as abandoned even while its row
 * still says pending, in case Stripe's word that it expired never came.
 */
function statusCondition(status: string | undefined) {
  if (status === "abandoned") return abandonedCheckout();
  if (status === "pending") return and(eq(subscription.status, status), not(abandonedCheckout()));
  return status ? eq(subscription.status, status) : not(abandonedCheckout());
}

function subscriptionConditions({ q, filters }: ListParams<SubscriptionSort, SubscriptionFilter>) {
  // Each way of finding a subscription is one an index can answer, so
  // PostgreSQL can combine them rather than read every subscription.
  const members = db()
    .select({ id: user.id })
    .from(user)
    .where(or(ilike(user.email, containsPattern(q)), ilike(user.fullName, containsPattern(q))));
  const paidBy = db().select({ id: payment.subscriptionId }).from(payment).where(eq(payment.stripeObjectId, q));
  const customer = db()
    .select({ id: stripeCustomer.userId })
    .from(stripeCustomer)
    .where(eq(stripeCustomer.customerId, q));
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          sql`${subscription.userId} = any(array(${members}))`,
          ilike(subscription.packageName, containsPattern(q)),
          /^\d{1,9}$/.test(q) ? eq(subscription.id, Number(q)) : undefined,
          // Stripe's ids, pasted whole from its dashboard or an e-mail: the
          // checkout, subscription or payment, an invoice or charge, or the customer.
          eq(subscription.stripeCheckoutSessionId, q),
          eq(subscription.stripeSubscriptionId, q),
          eq(subscription.stripePaymentIntentId, q),
          sql`${subscription.id} = any(array(${paidBy}))`,
          sql`${subscription.userId} = any(array(${customer}))`,
        )
      : undefined,
    statusCondition(filters.status),
    filters.type ? eq(subscription.packageType, filters.type as (typeof packageType.enumValues)[number]) : undefined,
  ];
  return and(...conditions);
}

/** A package type as staff read it. */
export const packageTypeLabel = (type: string) => (type === "service" ? "Business optimization" : "Promotion");

/** Every subscription but abandoned checkouts, found by member, package, id or Stripe's ids; by status and type. */
export const subscriptionsList = defineAdminList({
  name: "subscriptions",
  spec: {
    sorts: Object.keys(subscriptionSorts) as SubscriptionSort[],
    defaultSort: "added",
    defaultDirection: "desc",
    filters: { status: SUBSCRIPTION_STATUSES, type: packageType.enumValues },
  },
  rows: (params, limit, offset) =>
    db()
      .select({
        id: subscription.id,
        email: user.email,
        fullName: user.fullName,
        userId: user.id,
        packageName: subscription.packageName,
        packageType: subscription.packageType,
        status: subscription.status,
        pricePence: subscription.pricePence,
        startDate: subscription.startDate,
        endDate: subscription.endDate,
        createdAt: subscription.createdAt,
        stripeCheckoutSessionId: subscription.stripeCheckoutSessionId,
        stripeSubscriptionId: subscription.stripeSubscriptionId,
        stripePaymentIntentId: subscription.stripePaymentIntentId,
        promotes: promotedName,
        abandoned: abandonedCheckout(),
      })
      .from(subscription)
      .innerJoin(user, eq(user.id, subscription.userId))
      .leftJoin(directoryBusiness, eq(directoryBusiness.id, subscription.businessId))
      .leftJoin(businessListing, eq(businessListing.id, subscription.listingId))
      .where(subscriptionConditions(params))
      .orderBy(...orderBy(subscriptionSorts, params, subscription.id))
      .limit(limit)
      .offset(offset),
  count: async (params) =>
    (await db().select({ n: count() }).from(subscription).where(subscriptionConditions(params)))[0]!.n,
  csv: [
    ["Id", (s) => s.id],
    ["Member e-mail", (s) => s.email],
    ["Member name", (s) => s.fullName],
    ["Package", (s) => s.packageName],
    ["Promotes", (s) => s.promotes],
    ["Type", (s) => packageTypeLabel(s.packageType)],
    ["Status", (s) => subscriptionStatusOf(s)],
    ["Price (£)", (s) => s.pricePence / 100],
    ["Starts", (s) => s.startDate],
    ["Ends", (s) => s.endDate],
    ["Added", (s) => s.createdAt],
    ["Stripe checkout session", (s) => s.stripeCheckoutSessionId],
    ["Stripe subscription", (s) => s.stripeSubscriptionId],
    ["Stripe payment intent", (s) => s.stripePaymentIntentId],
  ],
});

export function listPackageChoices() {
  return db()
    .select({
      slug: servicePackage.slug,
      name: servicePackage.name,
      type: servicePackage.type,
      pricePence: servicePackage.pricePence,
    })
    .from(servicePackage)
    .orderBy(servicePackage.type, servicePackage.position);
}

export interface NewSubscription {
  email: string;
  packageSlug: string;
  /** Blank: the package's own price. */
  pricePence?: number;
  startDate: Date;
  endDate?: Date;
}

export type CreateOutcome = { ok: true; id: number } | { ok: false; field: "email" | "packageSlug"; message: string };

/** A new subscription, waiting to be activated. The package decides its name and type. */
export async function createSubscription(admin: SessionUser, input: NewSubscription): Promise<CreateOutcome> {
  const [member] = await db().select({ id: user.id }).from(user).where(eq(user.email, input.email.toLowerCase()));
  if (!member) return { ok: false, field: "email", message: "No member has that e-mail address" };
  const [plan] = await db().select().from(servicePackage).where(eq(servicePackage.slug, input.packageSlug));
  if (!plan) return { ok: false, field: "packageSlug", message: "Please choose a package" };
  const values = {
    userId: member.id,
    packageName: plan.name,
    packageType: plan.type,
    status: "pending",
    pricePence: input.pricePence ?? plan.pricePence,
    startDate: input.startDate,
    endDate: input.endDate ?? null,
  };
  const id = await db().transaction(async (tx) => {
    const [row] = await tx.insert(subscription).values(values).returning({ id: subscription.id });
    await recordAudit(tx, admin, {
      action: "subscription.create",
      entityType: "subscription",
      entityId: row!.id,
      after: { ...values, startDate: values.startDate.toISOString(), endDate: values.endDate?.toISOString() ?? null },
    });
    return row!.id;
  });
  return { ok: true, id };
}

const allowedFrom: Record<"active" | "cancelled", string[]> = {
  active: ["pending", "cancelled"],
  cancelled: ["pending", "active"],
};

export async function setSubscriptionStatus(admin: SessionUser, id: number, status: "active" | "cancelled") {
  return db().transaction(async (tx) => {
    const [before] = await tx.select({ status: subscription.status }).from(subscription).where(eq(subscription.id, id));
    if (!before || !allowedFrom[status].includes(before.status)) return false;
    await tx.update(subscription).set({ status }).where(eq(subscription.id, id));
    await recordAudit(tx, admin, {
      action: status === "active" ? "subscription.activate" : "subscription.cancel",
      entityType: "subscription",
      entityId: id,
      before,
      after: { status },
    });
    return true;
  });
}

/** The hourly job in the audit log: it expires subscriptions, and switches their paid promotion off. */
export const SUBSCRIPTION_EXPIRY_ACTOR = scheduledJobActor("subscription expiry");

/**
 * Marks active subscriptions past their end date as expired; returns how many.
 * Not those Stripe renews: Stripe says when they end (decision 0026).
 */
export async function expireSubscriptions(now = new Date()) {
  return db().transaction(async (tx) => {
    const expired = await tx
      .update(subscription)
      .set({ status: "expired" })
      .where(
        and(
          eq(subscription.status, "active"),
          lt(subscription.endDate, now),
          isNull(subscription.stripeSubscriptionId),
        ),
      )
      .returning({ id: subscription.id });
    for (const { id } of expired) {
      await recordAudit(tx, SUBSCRIPTION_EXPIRY_ACTOR, {
        action: "subscription.expire",
        entityType: "subscription",
        entityId: id,
        before: { status: "active" },
        after: { status: "expired" },
      });
    }
    return expired.length;
  });
}

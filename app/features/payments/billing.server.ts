// What members and staff see of the money: each subscription's payments,
// failures and refunds as Stripe reported them, and the door to Stripe's
// customer portal (cancel, change card).
import { asc, inArray, sql } from "drizzle-orm";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { db } from "~/server/db.server";
import { businessListing, directoryBusiness, payment, subscription } from "~/server/schema";
import { absoluteUrl } from "~/server/site.server";
import { customerOf } from "./checkout.server";
import { stripe } from "./stripe.server";

export type PaymentRecord = typeof payment.$inferSelect;

/**
 * What a promotion was bought for, by name: its directory business or its
 * listing (a query left-joins both on the subscription's ids). Null for a
 * service plan, and for a promotion whose business or listing has gone.
 */
export const promotedName = sql<string | null>`coalesce(${directoryBusiness.name}, ${businessListing.title})`;

/** How long Stripe keeps a Checkout Session open before it expires it (its default). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A checkout started and never completed (decision 0079): Stripe said it
 * expired, or it is older than Stripe lets one stay open, in case that word
 * never came. A completed one has Stripe's payment or subscription id, so a
 * payment short of the price (decision 0061) is never taken for abandoned.
 */
export function abandonedCheckout(now = new Date()) {
  const openedBefore = new Date(now.getTime() - CHECKOUT_LIFETIME_MS).toISOString();
  return sql<boolean>`(${subscription.status} = 'abandoned' or (${subscription.status} = 'pending'
    and ${subscription.stripeCheckoutSessionId} is not null and ${subscription.stripeSubscriptionId} is null
    and ${subscription.stripePaymentIntentId} is null and ${subscription.createdAt} < ${openedBefore}::timestamptz))`;
}

/** The payments of these subscriptions, oldest first, by subscription id. */
export async function paymentsOf(subscriptionIds: number[]) {
  const bySubscription = new Map<number, PaymentRecord[]>();
  if (subscriptionIds.length === 0) return bySubscription;
  const rows = await db()
    .select()
    .from(payment)
    .where(inArray(payment.subscriptionId, subscriptionIds))
    .orderBy(asc(payment.occurredAt), asc(payment.id));
  for (const row of rows) {
    bySubscription.set(row.subscriptionId, [...(bySubscription.get(row.subscriptionId) ?? []), row]);
  }
  return bySubscription;
}

export const paymentKindLabels: Record<PaymentRecord["kind"], string> = {
  payment: "Paid",
  failure: "Payment failed",
  refund: "Refunded",
};

/** How much less than the subscription's price a payment took, in pence; 0 when paid in full (decision 0061). */
export function shortfall(amountPence: number, pricePence: number) {
  return Math.max(0, pricePence - amountPence);
}

/**
 * A payment as staff read it beside its subscription. One short of the
 * price started nothing (decision 0061): it says so, to be looked at.
 */
export function paymentForStaff(record: PaymentRecord, pricePence: number) {
  const when = formatLondonDate(record.occurredAt);
  const short = record.kind === "payment" ? shortfall(record.amountPence, pricePence) : 0;
  return {
    id: record.id,
    text: short
      ? `${when}: Paid ${formatPence(record.amountPence)} of ${formatPence(pricePence)} — short by ${formatPence(short)}, needs a look`
      : `${when}: ${paymentKindLabels[record.kind]} ${formatPence(record.amountPence)}`,
    flagged: record.kind !== "payment" || short > 0,
    url: record.receiptUrl,
  };
}

/** Statuses as people read them (capitalised by the page); the spec's pending, active, cancelled and expired keep their names. */
export const subscriptionStatusLabels: Record<string, string> = {
  past_due: "payment failed",
  refunded: "refunded",
  abandoned: "abandoned checkout",
};

/**
 * A subscription's status as people read it. An active plan whose paid period
 * has ended without word from Stripe (or before the hourly expiry has run) says
 * so, rather than "active" after its promotion stopped; a checkout left
 * unfinished (`abandoned`, from `abandonedCheckout`) says that, though Stripe
 * may not have said so yet.
 */
export function subscriptionStatusOf(
  { status, endDate, abandoned = false }: { status: string; endDate: Date | null; abandoned?: boolean },
  now = new Date(),
) {
  if (abandoned) return subscriptionStatusLabels.abandoned!;
  if (status === "active" && endDate && endDate <= now) return "paid period ended";
  return subscriptionStatusLabels[status] ?? status;
}

export type PortalOutcome = { ok: true; url: string } | { ok: false; message: string };

/** A Stripe customer-portal session for the member, who comes back to /my-subscriptions. */
export async function openBillingPortal(userId: string): Promise<PortalOutcome> {
  const client = stripe();
  const customer = await customerOf(userId);
  if (!client || !customer) return { ok: false, message: "You have not paid for anything online yet." };
  try {
    const session = await client.billingPortal.sessions.create({
      customer,
      return_url: absoluteUrl("/my-subscriptions"),
    });
    return { ok: true, url: session.url };
  } catch {
    return { ok: false, message: "We could not reach our payment provider. Please try again in a few minutes." };
  }
}

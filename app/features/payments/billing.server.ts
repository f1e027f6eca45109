// What members and staff see of the money: each subscription's payments,
// failures and refunds as Stripe reported them, and the door to Stripe's
// customer portal (cancel, change card).
import { asc, inArray } from "drizzle-orm";
import { db } from "~/server/db.server";
import { payment } from "~/server/schema";
import { absoluteUrl } from "~/server/site.server";
import { customerOf } from "./checkout.server";
import { stripe } from "./stripe.server";

export type PaymentRecord = typeof payment.$inferSelect;

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

/** Statuses as people read them (capitalised by the page); the spec's pending, active, cancelled and expired keep their names. */
export const subscriptionStatusLabels: Record<string, string> = {
  past_due: "payment failed",
  refunded: "refunded",
};

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

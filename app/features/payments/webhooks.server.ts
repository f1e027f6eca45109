// Stripe's webhooks (decision 0026): verified by signature, stored, then
// applied once. A repeat finds its event stored and done; an event older than
// the last one applied to a subscription records its money but changes no
// state; a handling that fails is retried from the stored event by the
// scheduler (job payments.events). Only a payment of the subscription's full
// price starts or extends it (decision 0061). What an event changed is in the
// audit log, by "Stripe event evt_…", in the same transaction (decision 0077).
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEventActor, type AuditAction } from "~/lib/audit-actions";
import { changedFields, recordAudit } from "~/server/audit.server";
import { recordEnquiry } from "~/features/enquiries/enquiries.server";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { reportBackgroundError } from "~/server/error-reporting.server";
import { logger } from "~/server/logger.server";
import { enquiry, payment, stripeEvent, subscription, user } from "~/server/schema";
import { shortfall } from "./billing.server";
import { syncPromotions } from "./promotions.server";
import { stripe } from "./stripe.server";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Row = typeof subscription.$inferSelect;
type Money = typeof payment.$inferInsert;

/** The subscription an event was about, as it was before, and the money it recorded. */
interface Applied {
  row: Row;
  money?: Money;
}

export type WebhookAnswer = { status: 200 | 400 | 404; body: string };

/** Verifies, stores and applies one webhook delivery. */
export async function receiveWebhook(raw: string, signature: string | null): Promise<WebhookAnswer> {
  const client = stripe();
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!client || !secret) return { status: 404, body: "Not found" };
  let event: Stripe.Event;
  try {
    event = client.webhooks.constructEvent(raw, signature ?? "", secret);
  } catch {
    return { status: 400, body: "The signature does not match." };
  }
  await db()
    .insert(stripeEvent)
    .values({
      id: event.id,
      type: event.type,
      payload: event as unknown as Record<string, unknown>,
      createdAt: new Date(event.created * 1000),
    })
    .onConflictDoNothing();
  // Stored: from here a failure is ours to retry, so Stripe hears 200 either way.
  await applyStoredEvent(event.id);
  return { status: 200, body: "Received" };
}

/** Applies a stored event unless done already (or being done by another server); true when applied now. */
export async function applyStoredEvent(id: string, now = new Date()) {
  return db().transaction(async (tx) => {
    const [stored] = await tx
      .select()
      .from(stripeEvent)
      .where(and(eq(stripeEvent.id, id), isNull(stripeEvent.processedAt)))
      .for("update", { skipLocked: true });
    if (!stored) return false;
    try {
      // A savepoint: a failed handling leaves no half-made change behind, nor its audit.
      await tx.transaction(async (inner) => {
        const actor = stripeEventActor(stored.id);
        const applied = await applyEvent(inner, stored.payload as unknown as Stripe.Event);
        if (applied) await auditEvent(inner, actor, applied);
        await syncPromotions(inner, now, actor);
      });
      await tx
        .update(stripeEvent)
        .set({ processedAt: now, attempts: sql`${stripeEvent.attempts} + 1`, lastError: null })
        .where(eq(stripeEvent.id, id));
      return true;
    } catch (error) {
      reportBackgroundError(error, "stripe event", { event: id });
      await tx
        .update(stripeEvent)
        .set({ attempts: sql`${stripeEvent.attempts} + 1`, lastError: String(error).slice(0, 500) })
        .where(eq(stripeEvent.id, id));
      return false;
    }
  });
}

/** Events whose handling failed, retried oldest first; gives up on one after ten tries (staff see it). */
export async function retryStoredEvents(now = new Date()) {
  const due = await db()
    .select({ id: stripeEvent.id })
    .from(stripeEvent)
    .where(and(isNull(stripeEvent.processedAt), lt(stripeEvent.attempts, 10)))
    .orderBy(asc(stripeEvent.createdAt))
    .limit(100);
  let applied = 0;
  for (const { id } of due) if (await applyStoredEvent(id, now)) applied++;
  return applied;
}

const seconds = (unix: number) => new Date(unix * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

/** Our subscription row named in the metadata that checkout put on everything it made. */
async function rowFor(tx: Tx, metadata: Record<string, string> | null | undefined) {
  const id = Number(metadata?.hbs_subscription);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await tx.select().from(subscription).where(eq(subscription.id, id)).for("update");
  return row ?? null;
}

/**
 * Changes the row's state as of the event, unless a newer event has already
 * been applied: events can arrive out of order, and the newest word wins.
 */
async function applyState(tx: Tx, row: Row, event: Stripe.Event, changes: Partial<Row>) {
  const at = seconds(event.created);
  if (row.stripeStateAt && at < row.stripeStateAt) return;
  await tx
    .update(subscription)
    .set({ ...changes, stripeStateAt: at })
    .where(eq(subscription.id, row.id));
  if (row.status !== "active" && changes.status === "active" && row.packageType === "service") {
    await openWorkItem(tx, row);
  }
}

/** A service plan paid for: work for staff, in the back office's enquiries, and a receipt for the member. */
async function openWorkItem(tx: Tx, row: Row) {
  const [member] = await tx
    .select({ email: user.email, fullName: user.fullName, name: user.name })
    .from(user)
    .where(eq(user.id, row.userId));
  const reference = `#${row.id}`;
  const [opened] = await tx
    .select({ id: enquiry.id })
    .from(enquiry)
    .where(and(eq(enquiry.kind, "package_order"), sql`${enquiry.fields}->>'subscription' = ${reference}`))
    .limit(1);
  // Once per subscription, however it came to be paid (a failed first attempt, then a payment).
  if (!member || opened) return;
  await recordEnquiry(tx, {
    kind: "package_order",
    subject: row.packageName,
    userId: row.userId,
    fields: {
      packageName: row.packageName,
      fullName: member.fullName || member.name || member.email,
      email: member.email,
      subscription: reference,
    },
  });
}

async function recordMoney(tx: Tx, values: Money): Promise<Money> {
  await tx
    .insert(payment)
    .values(values)
    .onConflictDoUpdate({
      target: [payment.kind, payment.stripeObjectId],
      set: { amountPence: values.amountPence },
    });
  return values;
}

/** The subscription's fields an event may change, as its audit entry records them. */
const auditedFields = [
  "status",
  "startDate",
  "endDate",
  "stripeSubscriptionId",
  "stripePaymentIntentId",
  "stripeCheckoutSessionId",
] as const;
const moneyFields = { payment: "paymentPence", refund: "refundPence", failure: "failedPaymentPence" } as const;

const statusActions: Partial<Record<string, AuditAction>> = {
  active: "subscription.stripe.activate",
  past_due: "subscription.stripe.payment-failed",
  cancelled: "subscription.stripe.cancel",
  expired: "subscription.stripe.expire",
  refunded: "subscription.stripe.refund",
  abandoned: "subscription.stripe.abandon",
};
const moneyActions: Record<Money["kind"], AuditAction> = {
  payment: "subscription.stripe.payment",
  refund: "subscription.stripe.refund",
  failure: "subscription.stripe.payment-failed",
};

/**
 * The event's entry in the audit log: the subscription's fields it changed
 * and the money it recorded, named by what happened (a new status first,
 * then a longer period, then the money). Nothing changed, nothing recorded:
 * an older event that only repeats what is known leaves no entry.
 */
async function auditEvent(tx: Tx, actor: string, { row, money }: Applied) {
  const [now] = await tx.select().from(subscription).where(eq(subscription.id, row.id));
  const pick = (r: Row) =>
    Object.fromEntries(
      auditedFields.map((field) => [field, r[field] instanceof Date ? r[field].toISOString() : r[field]]),
    );
  const changes = changedFields(pick(row), pick(now!));
  if (money) changes.after[moneyFields[money.kind]] = money.amountPence;
  if (Object.keys(changes.after).length === 0) return;
  const action: AuditAction =
    (now!.status !== row.status ? statusActions[now!.status] : undefined) ??
    (now!.status === "active" && "endDate" in changes.after ? "subscription.stripe.renew" : undefined) ??
    (money ? moneyActions[money.kind] : "subscription.stripe.update");
  await recordAudit(tx, actor, { action, entityType: "subscription", entityId: row.id, ...changes });
}

/**
 * Whether Stripe took the price stored for the subscription: a coupon or a
 * price changed in Stripe's dashboard can make it take less, and then nothing
 * starts. The money is still recorded (from the invoice) and staff see it
 * flagged; the log says so at once.
 */
function paidInFull(row: Row, amountPence: number | null, event: Stripe.Event) {
  const short = shortfall(amountPence ?? 0, row.pricePence);
  if (short > 0) {
    logger.warn(
      { event: event.id, subscription: row.id, amountPence, pricePence: row.pricePence },
      "a Stripe payment was short of the subscription's price and activated nothing",
    );
  }
  return short === 0;
}

function oneMonthFrom(start: Date) {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/** A one-off package's month, from when it was paid. */
function oneMonthOfPromotion(event: Stripe.Event) {
  const start = seconds(event.created);
  return { status: "active", startDate: start, endDate: oneMonthFrom(start) };
}

/**
 * Only Stripe's bad news is taken from its subscription updates: that a
 * subscription is active says nothing of what it took, so only a payment of
 * the full price (checkout or invoice) makes ours active or extends it.
 */
const fromStripeStatus: Partial<Record<Stripe.Subscription.Status, string>> = {
  past_due: "past_due",
  unpaid: "past_due",
  canceled: "cancelled",
  incomplete_expired: "expired",
};

/** Once ended, a subscription is only ever brought back by a new payment. */
const ended = ["cancelled", "expired", "refunded"];

/** Applies the event to the subscription it names; that subscription as it was, and any money recorded. */
async function applyEvent(tx: Tx, event: Stripe.Event): Promise<Applied | undefined> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const row = await rowFor(tx, session.metadata);
      if (!row) return;
      const stripeSubscriptionId = idOf(session.subscription) ?? row.stripeSubscriptionId;
      const stripePaymentIntentId = idOf(session.payment_intent) ?? row.stripePaymentIntentId;
      await tx
        .update(subscription)
        .set({ stripeSubscriptionId, stripePaymentIntentId, stripeCheckoutSessionId: session.id })
        .where(eq(subscription.id, row.id));
      if (row.status !== "pending" || session.payment_status !== "paid") return { row };
      if (!paidInFull(row, session.amount_total, event)) return { row };
      await applyState(tx, row, event, oneMonthOfPromotion(event));
      return { row };
    }
    case "checkout.session.expired": {
      // Stripe closed a checkout never completed (after 24 hours by default):
      // the row leaves the lists as an abandoned checkout (decision 0079).
      const row = await rowFor(tx, event.data.object.metadata);
      if (row?.status !== "pending") return;
      await applyState(tx, row, event, { status: "abandoned" });
      return { row };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const row = await rowFor(tx, details?.metadata ?? invoice.metadata);
      if (!row || !invoice.id) return;
      const money = await recordMoney(tx, {
        subscriptionId: row.id,
        kind: "payment",
        stripeObjectId: invoice.id,
        amountPence: invoice.amount_paid,
        receiptUrl: invoice.hosted_invoice_url ?? null,
        occurredAt: seconds(event.created),
      });
      if (!paidInFull(row, invoice.amount_paid, event)) return { row, money };
      if (!details) {
        // A one-off package's invoice: the payment itself started its month.
        if (row.status === "pending") await applyState(tx, row, event, oneMonthOfPromotion(event));
        return { row, money };
      }
      if (row.status === "cancelled") return { row, money };
      const periods = invoice.lines.data.map((line) => line.period);
      const end = Math.max(...periods.map((p) => p.end));
      const start = Math.min(...periods.map((p) => p.start));
      await applyState(tx, row, event, {
        status: "active",
        endDate: seconds(end),
        ...(row.status === "pending" && { startDate: seconds(start) }),
        stripeSubscriptionId: idOf(details.subscription) ?? row.stripeSubscriptionId,
      });
      return { row, money };
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const row = await rowFor(tx, invoice.parent?.subscription_details?.metadata ?? invoice.metadata);
      if (!row || !invoice.id) return;
      const money = await recordMoney(tx, {
        subscriptionId: row.id,
        kind: "failure",
        stripeObjectId: `${invoice.id}#${invoice.attempt_count}`,
        amountPence: invoice.amount_due,
        receiptUrl: invoice.hosted_invoice_url ?? null,
        occurredAt: seconds(event.created),
      });
      if (!ended.includes(row.status)) await applyState(tx, row, event, { status: "past_due" });
      return { row, money };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const object = event.data.object;
      const row = await rowFor(tx, object.metadata);
      if (!row) return;
      if (event.type === "customer.subscription.deleted") {
        await applyState(tx, row, event, {
          status: "cancelled",
          endDate: seconds(object.ended_at ?? event.created),
          stripeSubscriptionId: object.id,
        });
        return { row };
      }
      const status = fromStripeStatus[object.status];
      if (!status || ended.includes(row.status)) return;
      const item = object.items.data[0];
      await applyState(tx, row, event, {
        status,
        stripeSubscriptionId: object.id,
        ...(item && row.status === "pending" && { startDate: seconds(item.current_period_start) }),
      });
      return { row };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent);
      const [byIntent] = paymentIntent
        ? await tx
            .select({ id: subscription.id })
            .from(subscription)
            .where(eq(subscription.stripePaymentIntentId, paymentIntent))
        : [];
      const row = await rowFor(tx, byIntent ? { hbs_subscription: String(byIntent.id) } : charge.metadata);
      if (!row) return;
      const money = await recordMoney(tx, {
        subscriptionId: row.id,
        kind: "refund",
        stripeObjectId: charge.id,
        amountPence: charge.amount_refunded,
        receiptUrl: charge.receipt_url ?? null,
        occurredAt: seconds(event.created),
      });
      // Money given back ends what it paid for.
      await applyState(tx, row, event, { status: "refunded", endDate: seconds(event.created) });
      return { row, money };
    }
    default:
      return;
  }
}

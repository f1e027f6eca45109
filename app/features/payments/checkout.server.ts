// Buying a package online (decision 0026): a pending subscription row, then a
// Stripe Checkout session for it, priced from our database and never from
// the form. Promotion is bought for one of the member's own businesses or
// listings, and only while it has no promotion paid up (decision 0079);
// anything else is refused before Stripe hears of it.
import { and, eq, gt, inArray, max, sql, type AnyColumn } from "drizzle-orm";
import type Stripe from "stripe";
import { formatLondonDate } from "~/lib/dates";
import { db } from "~/server/db.server";
import { businessListing, directoryBusiness, servicePackage, stripeCustomer, subscription } from "~/server/schema";
import { logger } from "~/server/logger.server";
import { absoluteUrl } from "~/server/site.server";
import { stripe } from "./stripe.server";

export interface PromotionTarget {
  /** "business:12" or "listing:5": what the form sends back. */
  value: string;
  name: string;
  label: string;
  /** The end of the promotion paid up for it, if one runs: then no other is sold for it. */
  promotedUntil: Date | null;
}

/**
 * The end of the latest promotion paid up for the business or listing in
 * `id`: active, and not ended. A month bought now starts when it is paid, so
 * it would overlap any such one.
 */
function paidUpTo(promoted: typeof subscription.businessId | typeof subscription.listingId, id: AnyColumn) {
  const until = db()
    .select({ until: max(subscription.endDate) })
    .from(subscription)
    .where(
      and(
        eq(promoted, id),
        eq(subscription.packageType, "promotion"),
        eq(subscription.status, "active"),
        gt(subscription.endDate, new Date()),
      ),
    );
  return sql`(${until})`.mapWith(subscription.endDate);
}

/** What the member may promote: their directory businesses and their listings on sale or awaiting review. */
export async function promotionTargets(userId: string): Promise<PromotionTarget[]> {
  const [businesses, listings] = await Promise.all([
    db()
      .select({
        id: directoryBusiness.id,
        name: directoryBusiness.name,
        until: paidUpTo(subscription.businessId, directoryBusiness.id),
      })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.ownerId, userId))
      .orderBy(directoryBusiness.name),
    db()
      .select({
        id: businessListing.id,
        name: businessListing.title,
        until: paidUpTo(subscription.listingId, businessListing.id),
      })
      .from(businessListing)
      .where(and(eq(businessListing.sellerId, userId), inArray(businessListing.status, ["pending", "published"])))
      .orderBy(businessListing.title),
  ]);
  const target = (kind: "business" | "listing", where: string) => (row: (typeof businesses)[number]) => ({
    value: `${kind}:${row.id}`,
    name: row.name,
    label: `${row.name} (${where})`,
    promotedUntil: row.until,
  });
  return [...businesses.map(target("business", "directory")), ...listings.map(target("listing", "for sale"))];
}

/** Why a business or listing already promoted is refused, with when it may be bought again. */
function alreadyPromotedMessage(target: Pick<PromotionTarget, "name" | "promotedUntil">) {
  return `${target.name} already has a promotion paid up to ${formatLondonDate(target.promotedUntil!)}. A business or listing has one promotion at a time: choose another, or buy again once that one ends.`;
}

/** A package as the buy page shows it, or null. */
export async function getBuyablePackage(slug: string) {
  const [row] = await db().select().from(servicePackage).where(eq(servicePackage.slug, slug)).limit(1);
  return row ?? null;
}

type Package = NonNullable<Awaited<ReturnType<typeof getBuyablePackage>>>;

/** A refusal's status: the choice is wrong (400), it is promoted already (409), or Stripe is out of reach (503). */
export type CheckoutOutcome = { ok: true; url: string } | { ok: false; status: 400 | 409 | 503; message: string };

export const CHOOSE_TARGET_MESSAGE = "Please choose one of your businesses or listings to promote.";
export const CHECKOUT_FAILED_MESSAGE = "We could not reach our payment provider. Please try again in a few minutes.";

/**
 * Starts a Checkout session for `plan`. `target` is the form's choice for a
 * promotion package; only the member's own business or listing is accepted,
 * and only while no promotion is paid up for it.
 */
export async function startCheckout(
  member: { id: string; email: string },
  plan: Package,
  target: string | null,
): Promise<CheckoutOutcome> {
  const client = stripe();
  if (!client) return { ok: false, status: 503, message: CHECKOUT_FAILED_MESSAGE };
  let promoted: { businessId: number | null; listingId: number | null } = { businessId: null, listingId: null };
  if (plan.type === "promotion") {
    const chosen = (await promotionTargets(member.id)).find((t) => t.value === target);
    if (!chosen) return { ok: false, status: 400, message: CHOOSE_TARGET_MESSAGE };
    if (chosen.promotedUntil) return { ok: false, status: 409, message: alreadyPromotedMessage(chosen) };
    const [kind, id] = chosen.value.split(":");
    promoted =
      kind === "business" ? { businessId: Number(id), listingId: null } : { businessId: null, listingId: Number(id) };
  }
  const [row] = await db()
    .insert(subscription)
    .values({
      userId: member.id,
      packageId: plan.id,
      packageName: plan.name,
      packageType: plan.type,
      status: "pending",
      pricePence: plan.pricePence,
      startDate: new Date(),
      ...promoted,
    })
    .returning({ id: subscription.id });
  const metadata = { hbs_subscription: String(row!.id) };
  try {
    const customer = await customerFor(client, member);
    const session = await client.checkout.sessions.create(
      {
        mode: plan.billing === "monthly" ? "subscription" : "payment",
        customer,
        client_reference_id: String(row!.id),
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "gbp",
              unit_amount: plan.pricePence,
              // Our prices include VAT (decision 0070): should Stripe ever work out tax, it comes out of the price, never on top.
              tax_behavior: "inclusive",
              product_data: { name: plan.name },
              ...(plan.billing === "monthly" && { recurring: { interval: "month" as const } }),
            },
          },
        ],
        // The same id on everything the session makes, so each webhook finds its row.
        ...(plan.billing === "monthly"
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata }, invoice_creation: { enabled: true, invoice_data: { metadata } } }),
        success_url: absoluteUrl("/my-subscriptions?checkout=success"),
        cancel_url: absoluteUrl(plan.type === "service" ? "/services" : "/promote"),
      },
      { idempotencyKey: `checkout-${row!.id}` },
    );
    await db().update(subscription).set({ stripeCheckoutSessionId: session.id }).where(eq(subscription.id, row!.id));
    if (!session.url) return { ok: false, status: 503, message: CHECKOUT_FAILED_MESSAGE };
    return { ok: true, url: session.url };
  } catch (error) {
    // Stripe never had it: the row would only be an unpaid stray.
    logger.warn({ err: error }, "a Stripe checkout session could not be made");
    await db().delete(subscription).where(eq(subscription.id, row!.id));
    return { ok: false, status: 503, message: CHECKOUT_FAILED_MESSAGE };
  }
}

/** The member's Stripe customer, made on their first checkout and kept. */
async function customerFor(client: Stripe, member: { id: string; email: string }) {
  const [known] = await db().select().from(stripeCustomer).where(eq(stripeCustomer.userId, member.id));
  if (known) return known.customerId;
  const created = await client.customers.create(
    { email: member.email, metadata: { hbs_user: member.id } },
    { idempotencyKey: `customer-${member.id}` },
  );
  await db().insert(stripeCustomer).values({ userId: member.id, customerId: created.id }).onConflictDoNothing();
  const [kept] = await db().select().from(stripeCustomer).where(eq(stripeCustomer.userId, member.id));
  return kept!.customerId;
}

/** The member's Stripe customer, if they have bought anything. */
export async function customerOf(userId: string) {
  const [row] = await db().select().from(stripeCustomer).where(eq(stripeCustomer.userId, userId));
  return row?.customerId ?? null;
}

// Payments: the packages members have, and what Stripe tells us about them (decision 0026).
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./account";
import { directoryBusiness } from "./directory";
import { businessListing } from "./marketplace";
import { packageType, servicePackage } from "./packages";
import { timestamps } from "./shared";

/**
 * A package a member has: typed in by staff, or bought online (decision 0026),
 * then with the package, what it promotes and Stripe's ids. Status: pending,
 * active, past_due (a renewal failed), cancelled, expired or refunded.
 */
export const subscription = pgTable(
  "subscription",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    packageName: text("package_name").notNull(),
    packageType: packageType("package_type").notNull(),
    status: text("status").notNull().default("active"),
    pricePence: integer("price_pence").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    packageId: integer("package_id").references(() => servicePackage.id, { onDelete: "set null" }),
    // What a promotion package was bought for: one of the two.
    businessId: integer("business_id").references(() => directoryBusiness.id, { onDelete: "set null" }),
    listingId: integer("listing_id").references(() => businessListing.id, { onDelete: "set null" }),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id").unique(),
    // The creation time of the newest Stripe event applied: an older one arriving late changes no state.
    stripeStateAt: timestamp("stripe_state_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("subscription_user_created_idx").on(t.userId, t.createdAt),
    index("subscription_business_idx").on(t.businessId),
    index("subscription_listing_idx").on(t.listingId),
    // The back office's list (decision 0075): its sorts and searches at 100,000 rows.
    index("subscription_created_idx").on(t.createdAt, t.id),
    index("subscription_start_idx").on(t.startDate, t.id),
    index("subscription_end_idx").on(t.endDate, t.id),
    index("subscription_price_idx").on(t.pricePence, t.id),
    index("subscription_status_created_idx").on(t.status, t.createdAt, t.id),
    index("subscription_status_idx").on(t.status, t.id),
    index("subscription_type_created_idx").on(t.packageType, t.createdAt, t.id),
    index("subscription_package_trgm_idx").using("gin", sql`${t.packageName} gin_trgm_ops`),
    // The promotion sync and the expiry job look only at active rows.
    index("subscription_active_end_idx")
      .on(t.endDate)
      .where(sql`${t.status} = 'active'`),
  ],
);

/** Each member's Stripe customer, made on their first checkout: the portal opens on it. */
export const stripeCustomer = pgTable("stripe_customer", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  customerId: text("customer_id").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentKind = pgEnum("payment_kind", ["payment", "failure", "refund"]);

/** What Stripe reported about a subscription's money: payments with their receipt, failures, refunds. */
export const payment = pgTable(
  "payment",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscription.id, { onDelete: "cascade" }),
    kind: paymentKind("kind").notNull(),
    // The invoice or charge it is about: with the kind, recorded once however often Stripe says it.
    stripeObjectId: text("stripe_object_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    receiptUrl: text("receipt_url"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("payment_kind_object_idx").on(t.kind, t.stripeObjectId),
    index("payment_subscription_idx").on(t.subscriptionId, t.occurredAt),
    // A Stripe reference typed into the back office's subscriptions search.
    index("payment_stripe_object_idx").on(t.stripeObjectId),
  ],
);

/**
 * Every verified webhook event, stored before it is applied (decision 0026):
 * its id makes a repeat a no-op, and one whose handling failed is retried
 * from here by the scheduler.
 */
export const stripeEvent = pgTable(
  "stripe_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // Stripe's own time for it, which orders the events of one subscription.
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("stripe_event_unprocessed_idx")
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

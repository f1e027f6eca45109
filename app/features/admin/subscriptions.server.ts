// Subscriptions as staff run them: made for a member (often after a package
// enquiry), activated, cancelled; an hourly job expires those past their end.
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { SessionUser } from "~/features/account/session.server";
import { db } from "~/server/db.server";
import { servicePackage, subscription, user } from "~/server/schema";
import { recordAudit } from "./audit.server";

export function listAllSubscriptions() {
  return db()
    .select({
      id: subscription.id,
      email: user.email,
      userId: user.id,
      packageName: subscription.packageName,
      packageType: subscription.packageType,
      status: subscription.status,
      pricePence: subscription.pricePence,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      // Bought online: Stripe's webhooks run it, not these buttons (decision 0026).
      online: sql<boolean>`${subscription.stripeCheckoutSessionId} is not null`,
    })
    .from(subscription)
    .innerJoin(user, eq(user.id, subscription.userId))
    .orderBy(desc(subscription.createdAt), desc(subscription.id))
    .limit(200);
}

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
      await recordAudit(tx, "scheduled job", {
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

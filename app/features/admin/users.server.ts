// Staff's view of members: find them, see everything they have and did with
// us (decision 0078), sign them out everywhere, suspend them or make them
// staff. Role changes go through Better Auth's admin API; a suspension is ours,
// so that the ban, the end of their sessions and the hiding of their content
// are one transaction with its audit entry. Every change is audited.
import { APIError } from "better-auth/api";
import { count, desc, eq, ilike, or, sql, type SQL, and } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { listSessions } from "~/features/account/member.server";
import type { SessionUser } from "~/features/account/session.server";
import { listEnquiriesOf } from "~/features/enquiries/enquiries.server";
import { promotedName, type PaymentRecord } from "~/features/payments/billing.server";
import { hideReviewsOf } from "~/features/reviews/reviews.server";
import { restoreListingsOf, suspendListingsOf } from "~/features/selling/seller.server";
import { auth } from "~/server/auth.server";
import { db, type Database } from "~/server/db.server";
import { containsPattern } from "~/server/text-search.server";
import {
  businessListing,
  directoryBusiness,
  message,
  messageThread,
  review,
  session,
  subscription,
  threadReport,
  user,
} from "~/server/schema";
import { recordAudit } from "~/server/audit.server";
import { defineAdminList, orderBy } from "./lists/admin-list.server";
import type { ListParams } from "./lists/list-params";

const columns = {
  id: user.id,
  email: user.email,
  fullName: user.fullName,
  phone: user.phone,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
};

const userSorts = { joined: user.createdAt, email: user.email, name: user.fullName };
type UserSort = keyof typeof userSorts;
type UserFilter = "role" | "state";

function userConditions({ q, filters }: ListParams<UserSort, UserFilter>) {
  const conditions: (SQL | undefined)[] = [
    // The member's id, as the audit log and Stripe's metadata show it, finds them too.
    q ? or(ilike(user.email, containsPattern(q)), ilike(user.fullName, containsPattern(q)), eq(user.id, q)) : undefined,
    filters.role ? eq(user.role, filters.role === "staff" ? "admin" : "user") : undefined,
    filters.state ? eq(user.banned, filters.state === "suspended") : undefined,
  ];
  return and(...conditions);
}

/** Every member, found by e-mail, name or id; staff or not; suspended or not. */
export const usersList = defineAdminList({
  name: "users",
  spec: {
    sorts: Object.keys(userSorts) as UserSort[],
    defaultSort: "joined",
    defaultDirection: "desc",
    filters: { role: ["staff", "member"], state: ["active", "suspended"] },
  },
  rows: (params, limit, offset) =>
    db()
      .select(columns)
      .from(user)
      .where(userConditions(params))
      .orderBy(...orderBy(userSorts, params, user.id))
      .limit(limit)
      .offset(offset),
  count: async (params) => (await db().select({ n: count() }).from(user).where(userConditions(params)))[0]!.n,
  csv: [
    ["Id", (u) => u.id],
    ["E-mail", (u) => u.email],
    ["Name", (u) => u.fullName],
    ["Phone", (u) => u.phone],
    ["Staff", (u) => u.role === "admin"],
    ["Suspended", (u) => u.banned],
    ["E-mail confirmed", (u) => u.emailVerified],
    ["Joined", (u) => u.createdAt],
  ],
});

/** How many of each kind of thing a member's page lists; the rest are counted and found in their lists. */
const MEMBER_ROWS_SHOWN = 20;

/** Every row's count of all the rows its query matched, before the limit: a section's total in the same query. */
const total = sql<number>`(count(*) over ())::int`;

/** A section's first rows and how many there are in all. */
function section<Row extends { total: number }>(rows: Row[]) {
  return { total: rows[0]?.total ?? 0, rows: rows.map(({ total: _, ...row }) => row) };
}

const buyer = alias(user, "buyer");
const seller = alias(user, "seller");

/** A member's listings, newest first. */
const listingsOf = (id: string) =>
  db()
    .select({
      id: businessListing.id,
      title: businessListing.title,
      status: businessListing.status,
      statusBeforeSuspension: businessListing.statusBeforeSuspension,
      createdAt: businessListing.createdAt,
      total,
    })
    .from(businessListing)
    .where(eq(businessListing.sellerId, id))
    .orderBy(desc(businessListing.createdAt), desc(businessListing.id))
    .limit(MEMBER_ROWS_SHOWN);

/** The directory businesses a member owns (by a claim or set by staff), newest first. */
const businessesOf = (id: string) =>
  db()
    .select({
      id: directoryBusiness.id,
      name: directoryBusiness.name,
      town: directoryBusiness.town,
      published: directoryBusiness.published,
      total,
    })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.ownerId, id))
    .orderBy(desc(directoryBusiness.createdAt), desc(directoryBusiness.id))
    .limit(MEMBER_ROWS_SHOWN);

/** The reviews a member wrote, newest first. */
const reviewsOf = (id: string) =>
  db()
    .select({
      id: review.id,
      business: directoryBusiness.name,
      rating: review.rating,
      status: review.status,
      hidden: review.hiddenBySuspension,
      createdAt: review.createdAt,
      total,
    })
    .from(review)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
    .where(eq(review.userId, id))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(MEMBER_ROWS_SHOWN);

/** The replies a member wrote, as a business's owner, to reviews of it; newest first. */
const repliesOf = (id: string) =>
  db()
    .select({
      reviewId: review.id,
      business: directoryBusiness.name,
      reply: review.replyBody,
      hidden: review.replyHiddenBySuspension,
      repliedAt: review.repliedAt,
      total,
    })
    .from(review)
    .innerJoin(directoryBusiness, eq(directoryBusiness.id, review.businessId))
    .where(eq(review.replyBy, id))
    .orderBy(desc(review.repliedAt), desc(review.id))
    .limit(MEMBER_ROWS_SHOWN);

interface ThreadReportRow {
  id: number;
  reason: string;
  status: "open" | "resolved";
  createdAt: string;
  reporterId: string | null;
  reporterEmail: string | null;
}

/**
 * The threads a member is in, latest message first: the other party (null:
 * HBS), the last message, and every report about the thread with who made it.
 */
const threadsOf = (id: string) =>
  db()
    .select({
      id: messageThread.id,
      listing: businessListing.title,
      asBuyer: sql<boolean>`${messageThread.buyerId} = ${id}`,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      sellerId: seller.id,
      sellerEmail: seller.email,
      lastMessageAt: messageThread.lastMessageAt,
      lastBody: sql<
        string | null
      >`(select m.body from ${message} m where m.thread_id = ${messageThread.id} order by m.created_at desc, m.id desc limit 1)`,
      lastFromMember: sql<boolean>`coalesce((select m.sender_id = ${id} and not m.from_staff from ${message} m
        where m.thread_id = ${messageThread.id} order by m.created_at desc, m.id desc limit 1), false)`,
      reports: sql<ThreadReportRow[]>`(select coalesce(json_agg(json_build_object(
          'id', r.id, 'reason', r.reason, 'status', r.status, 'createdAt', r.created_at,
          'reporterId', r.reporter_id, 'reporterEmail', rp.email
        ) order by r.created_at desc, r.id desc), '[]'::json)
        from ${threadReport} r left join ${user} rp on rp.id = r.reporter_id
        where r.thread_id = ${messageThread.id})`,
      total,
    })
    .from(messageThread)
    .innerJoin(businessListing, eq(businessListing.id, messageThread.listingId))
    .innerJoin(buyer, eq(buyer.id, messageThread.buyerId))
    .leftJoin(seller, eq(seller.id, messageThread.sellerId))
    .where(or(eq(messageThread.buyerId, id), eq(messageThread.sellerId, id)))
    .orderBy(desc(messageThread.lastMessageAt), desc(messageThread.id))
    .limit(MEMBER_ROWS_SHOWN);

type PaymentRow = Omit<PaymentRecord, "occurredAt"> & { occurredAt: string };

/** A member's subscriptions, newest first, each with what it promotes and Stripe's payments, failures and refunds. */
const subscriptionsOf = (id: string) =>
  db()
    .select({
      id: subscription.id,
      packageName: subscription.packageName,
      status: subscription.status,
      pricePence: subscription.pricePence,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      promotes: promotedName,
      payments: sql<PaymentRow[]>`(select coalesce(json_agg(json_build_object(
          'id', p.id, 'subscriptionId', p.subscription_id, 'kind', p.kind, 'stripeObjectId', p.stripe_object_id,
          'amountPence', p.amount_pence, 'receiptUrl', p.receipt_url, 'occurredAt', p.occurred_at
        ) order by p.occurred_at, p.id), '[]'::json)
        from payment p where p.subscription_id = ${subscription.id})`,
      total,
    })
    .from(subscription)
    .leftJoin(directoryBusiness, eq(directoryBusiness.id, subscription.businessId))
    .leftJoin(businessListing, eq(businessListing.id, subscription.listingId))
    .where(eq(subscription.userId, id))
    .orderBy(desc(subscription.createdAt), desc(subscription.id))
    .limit(MEMBER_ROWS_SHOWN);

/**
 * A member with everything they own and did: one query a section, each
 * capped at MEMBER_ROWS_SHOWN with the count of all. Staff see listings'
 * titles in full, as in the rest of the back office.
 */
export async function getUserDetail(id: string) {
  const [found] = await db().select(columns).from(user).where(eq(user.id, id));
  if (!found) return null;
  const [listings, businesses, reviews, replies, threads, subscriptions, sessions, enquiries] = await Promise.all([
    listingsOf(id),
    businessesOf(id),
    reviewsOf(id),
    repliesOf(id),
    threadsOf(id),
    subscriptionsOf(id),
    listSessions(id),
    listEnquiriesOf(id),
  ]);
  const subs = section(subscriptions);
  return {
    user: found,
    listings: section(listings),
    businesses: section(businesses),
    reviews: section(reviews),
    replies: section(replies),
    threads: section(threads),
    subscriptions: {
      total: subs.total,
      // JSON carries the time as text.
      rows: subs.rows.map(({ payments, ...row }) => ({
        ...row,
        payments: payments.map((p): PaymentRecord => ({ ...p, occurredAt: new Date(p.occurredAt) })),
      })),
    },
    sessions: { total: sessions.length, rows: sessions.slice(0, MEMBER_ROWS_SHOWN) },
    enquiries,
  };
}

export type UserAction = { kind: "ban"; reason: string } | { kind: "unban" } | { kind: "role"; role: "admin" | "user" };

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * Carries out one change to a member; the message when it is refused. A
 * suspension (decision 0078) bans them, ends their sessions and takes their
 * listings, reviews and replies off the site, in one transaction with its
 * audit entry; restoring puts all of it back as it was. Their messages are
 * hidden by the ban itself (threads.server.ts). Staff are not suspended: they
 * are removed from staff first.
 */
export async function changeUser(
  admin: SessionUser,
  request: Request,
  userId: string,
  change: UserAction,
): Promise<Outcome> {
  const [before] = await db()
    .select({ role: user.role, banned: user.banned, banReason: user.banReason })
    .from(user)
    .where(eq(user.id, userId));
  if (!before) return { ok: false, message: "That member no longer exists." };
  if (userId === admin.id) return { ok: false, message: "You cannot change your own account here." };
  if (change.kind === "role") return changeRole(admin, request, userId, before.role, change.role);
  if (change.kind === "ban" && before.role === "admin") {
    return { ok: false, message: "Staff accounts cannot be suspended: remove them from staff first." };
  }
  const banned = change.kind === "ban";
  const banReason = change.kind === "ban" ? change.reason : null;
  await db().transaction(async (tx) => {
    // banExpires stays null: Better Auth lifts a ban past its expiry at sign-in, which would not restore the content.
    await tx.update(user).set({ banned, banReason, banExpires: null }).where(eq(user.id, userId));
    const sessions = banned ? await endSessionsOf(tx, userId) : 0;
    const listings = banned ? await suspendListingsOf(tx, userId) : await restoreListingsOf(tx, userId);
    const { reviews, replies } = await hideReviewsOf(tx, userId, banned);
    await recordAudit(tx, admin, {
      action: `user.${change.kind}`,
      entityType: "user",
      entityId: userId,
      before: { banned: before.banned, banReason: before.banReason },
      after: {
        banned,
        banReason,
        ...(banned
          ? { sessionsEnded: sessions, listingsHidden: listings, reviewsHidden: reviews, repliesHidden: replies }
          : { listingsRestored: listings, reviewsRestored: reviews, repliesRestored: replies }),
      },
    });
  });
  return { ok: true };
}

/** Makes a member staff or no longer staff, through Better Auth's admin API (which checks the caller is staff). */
async function changeRole(
  admin: SessionUser,
  request: Request,
  userId: string,
  before: string,
  role: "admin" | "user",
): Promise<Outcome> {
  try {
    await auth().api.setRole({ body: { userId, role }, headers: request.headers });
  } catch (error) {
    if (error instanceof APIError) return { ok: false, message: error.message };
    throw error;
  }
  await recordAudit(db(), admin, {
    action: "user.role",
    entityType: "user",
    entityId: userId,
    before: { role: before },
    after: { role },
  });
  return { ok: true };
}

/**
 * Ends every session of a member, on every device, audited with how many.
 * Not for staff's own account: that is Sign out, or "Sign out of other
 * devices" in their account settings, which keeps the one they are using.
 */
export async function signOutEverywhere(
  admin: SessionUser,
  userId: string,
): Promise<{ ok: true; ended: number } | { ok: false; message: string }> {
  if (userId === admin.id) {
    return {
      ok: false,
      message:
        "You cannot sign yourself out everywhere here: sign out, or sign out of your other devices in Account settings.",
    };
  }
  const [found] = await db().select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!found) return { ok: false, message: "That member no longer exists." };
  const ended = await db().transaction(async (tx) => {
    const gone = await endSessionsOf(tx, userId);
    // Nothing ended, nothing changed: no entry, as with any other change that changes nothing.
    if (gone > 0) {
      await recordAudit(tx, admin, {
        action: "user.sign-out-everywhere",
        entityType: "user",
        entityId: userId,
        before: { sessions: gone },
        after: { sessions: 0 },
      });
    }
    return gone;
  });
  return { ok: true, ended };
}

/** Ends every session of a member (suspending them, or signing them out everywhere): how many ended. */
async function endSessionsOf(tx: Database, userId: string) {
  return (await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id })).length;
}

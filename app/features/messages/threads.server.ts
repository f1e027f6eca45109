// Message threads between a buyer and a listing's seller, or HBS staff when
// the listing has no seller account (decision 0032). Every query names the
// member as one of the thread's two parties, so nobody reads or writes a
// thread that is not theirs.
import { and, desc, eq, gt, isNull, lt, lte, ne, not, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { notifyLive } from "~/server/live.server";
import { enqueueMail } from "~/server/outbox.server";
import { hitRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { businessListing, memberBlock, message, messageThread, threadReport, user } from "~/server/schema";
import {
  maskableColumns as listingForMask,
  maskListing,
  viewListings,
} from "~/features/marketplace/confidential.server";
import { newMessageMail } from "./emails.server";
import { memberName, STAFF_NAME } from "./message-rules";

/** At most one "you have a message" e-mail per thread in this time while it stays unread. */
const NOTIFY_EVERY_MS = 15 * 60 * 1000;
export const MESSAGE_RATE_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60 * 1000 };

export type Thread = typeof messageThread.$inferSelect;
export type Side = "buyer" | "seller";
interface Member {
  id: string;
}

export const sideOf = (thread: Thread, memberId: string): Side => (thread.buyerId === memberId ? "buyer" : "seller");

/**
 * Whether a message's sender is suspended: their messages are hidden from the
 * other member until they are restored (decision 0078). The reader is never
 * suspended (a suspended member has no session), nor are staff.
 */
const fromSuspended = (senderId: SQL | AnyPgColumn) =>
  sql`exists (select 1 from ${user} s where s.id = ${senderId} and s.banned)`;

const isParty = (memberId: string) => or(eq(messageThread.buyerId, memberId), eq(messageThread.sellerId, memberId));

/** Which of the two has blocked the other: none, one or both ids. */
async function blockersBetween(database: Database, a: string, b: string) {
  const rows = await database
    .select({ blocker: memberBlock.blockerId })
    .from(memberBlock)
    .where(
      or(
        and(eq(memberBlock.blockerId, a), eq(memberBlock.blockedId, b)),
        and(eq(memberBlock.blockerId, b), eq(memberBlock.blockedId, a)),
      ),
    );
  return rows.map((row) => row.blocker);
}

/** A side's "read up to" column, and the change that marks it read up to `now`. */
function readMark(side: Side, now: Date) {
  return side === "buyer"
    ? { readAt: messageThread.buyerReadAt, markRead: { buyerReadAt: now } }
    : { readAt: messageThread.sellerReadAt, markRead: { sellerReadAt: now } };
}

/**
 * Adds a message and, in the same transaction, tells the other side's open
 * pages and (at most once per 15 minutes while unread) their inbox. Offers
 * (app/features/offers) say theirs through it too.
 */
export async function addMessage(
  tx: Database,
  thread: Thread,
  from: { side: Side; senderId: string; fromStaff: boolean; name: string },
  body: string,
  now = new Date(),
) {
  await tx
    .insert(message)
    .values({ threadId: thread.id, senderId: from.senderId, fromStaff: from.fromStaff, body, createdAt: now });
  await tx
    .update(messageThread)
    .set({ lastMessageAt: now, ...readMark(from.side, now).markRead })
    .where(eq(messageThread.id, thread.id));
  const to = from.side === "buyer" ? "seller" : "buyer";
  const recipientId = to === "buyer" ? thread.buyerId : thread.sellerId;
  await notifyLive(tx, recipientId ? { users: [recipientId] } : { users: [], staff: true });

  const notifiedAt = to === "buyer" ? messageThread.buyerNotifiedAt : messageThread.sellerNotifiedAt;
  const { readAt } = readMark(to, now);
  const [due] = await tx
    .update(messageThread)
    .set(to === "buyer" ? { buyerNotifiedAt: now } : { sellerNotifiedAt: now })
    .where(
      and(
        eq(messageThread.id, thread.id),
        or(
          isNull(notifiedAt),
          lte(notifiedAt, new Date(now.getTime() - NOTIFY_EVERY_MS)),
          sql`${readAt} >= ${notifiedAt}`,
        ),
      ),
    )
    .returning({ id: messageThread.id });
  if (!due) return;
  const [listing] = await tx
    .select(listingForMask)
    .from(businessListing)
    .where(eq(businessListing.id, thread.listingId));
  const address = recipientId
    ? (await tx.select({ email: user.email }).from(user).where(eq(user.id, recipientId)))[0]?.email
    : env().SITE_EMAIL;
  if (!address) return;
  const path = recipientId ? `/messages/${thread.id}` : `/admin/messages/${thread.id}`;
  await enqueueMail(
    tx,
    newMessageMail(address, {
      from: from.name,
      // E-mails name a confidential listing as a visitor sees it (decision 0033).
      title: listing ? maskListing(listing).title : "a listing",
      url: new URL(path, env().SITE_URL).toString(),
    }),
  );
}

/**
 * A signed-in buyer's registered interest opens (or continues) their thread
 * about the listing: with its seller, or with HBS staff when it has none.
 * Called inside the transaction that stores the enquiry.
 */
export async function threadFromInterest(tx: Database, listingId: number, buyerId: string, body: string) {
  const [listing] = await tx
    .select({ id: businessListing.id, sellerId: businessListing.sellerId })
    .from(businessListing)
    .where(eq(businessListing.id, listingId));
  if (!listing) return;
  const [buyer] = await tx
    .select({ id: user.id, fullName: user.fullName, stopped: user.messagingBlockedAt })
    .from(user)
    .where(eq(user.id, buyerId));
  // A member staff stopped messaging (decision 0079) starts no thread: the interest itself is still stored.
  if (!buyer || buyer.stopped || listing.sellerId === buyer.id) return;
  if (listing.sellerId && (await blockersBetween(tx, buyer.id, listing.sellerId)).length) return;
  await tx
    .insert(messageThread)
    .values({ listingId: listing.id, buyerId: buyer.id, sellerId: listing.sellerId })
    .onConflictDoNothing({ target: [messageThread.listingId, messageThread.buyerId] });
  const [thread] = await tx
    .select()
    .from(messageThread)
    .where(and(eq(messageThread.listingId, listing.id), eq(messageThread.buyerId, buyer.id)));
  await addMessage(
    tx,
    thread!,
    { side: "buyer", senderId: buyer.id, fromStaff: false, name: memberName(buyer.fullName) },
    body,
  );
}

const buyer = alias(user, "buyer");
const seller = alias(user, "seller");

/** Messages the member has not read yet, across their threads: the header's count. */
export async function unreadCount(memberId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(message)
    .innerJoin(messageThread, eq(messageThread.id, message.threadId))
    .where(
      and(
        or(isNull(message.senderId), ne(message.senderId, memberId)),
        not(fromSuspended(message.senderId)),
        or(
          and(eq(messageThread.buyerId, memberId), gt(message.createdAt, messageThread.buyerReadAt)),
          and(eq(messageThread.sellerId, memberId), gt(message.createdAt, messageThread.sellerReadAt)),
        ),
      ),
    );
  return row?.n ?? 0;
}

/** The member's threads, newest activity first, with the other party's name, the last message and what is unread. */
export async function listThreads(memberId: string) {
  const lastBody = sql<
    string | null
  >`(select m.body from ${message} m where m.thread_id = ${messageThread.id} and not ${fromSuspended(sql`m.sender_id`)}
    order by m.created_at desc, m.id desc limit 1)`;
  const unread = sql<number>`(select count(*)::int from ${message} m where m.thread_id = ${messageThread.id}
    and m.sender_id is distinct from ${memberId} and not ${fromSuspended(sql`m.sender_id`)}
    and m.created_at > case when ${messageThread.buyerId} = ${memberId} then ${messageThread.buyerReadAt} else ${messageThread.sellerReadAt} end)`;
  const rows = await db()
    .select({
      id: messageThread.id,
      buyerId: messageThread.buyerId,
      sellerId: messageThread.sellerId,
      lastMessageAt: messageThread.lastMessageAt,
      listing: listingForMask,
      buyerName: buyer.fullName,
      sellerName: seller.fullName,
      lastBody,
      unread,
    })
    .from(messageThread)
    .innerJoin(businessListing, eq(businessListing.id, messageThread.listingId))
    .innerJoin(buyer, eq(buyer.id, messageThread.buyerId))
    .leftJoin(seller, eq(seller.id, messageThread.sellerId))
    .where(isParty(memberId))
    .orderBy(desc(messageThread.lastMessageAt), desc(messageThread.id))
    .limit(200);
  // A buyer who has not accepted a confidential listing's NDA sees its generic title.
  const listings = await viewListings(
    { id: memberId },
    rows.map((row) => row.listing),
  );
  return rows.map((row, i) => ({
    id: row.id,
    listingTitle: listings[i]!.title,
    with:
      row.buyerId === memberId ? (row.sellerId ? memberName(row.sellerName) : STAFF_NAME) : memberName(row.buyerName),
    lastBody: row.lastBody,
    lastMessageAt: row.lastMessageAt,
    unread: row.unread,
  }));
}

/** A thread the member is one of the two parties of; null for anyone else's. */
export async function threadFor(database: Database, memberId: string, threadId: number) {
  const [thread] = await database
    .select()
    .from(messageThread)
    .where(and(eq(messageThread.id, threadId), isParty(memberId)));
  return thread ?? null;
}

/** Every message of a thread, as one of its parties sees it. */
async function messagesOf(threadId: number) {
  return db()
    .select({
      id: message.id,
      body: message.body,
      senderId: message.senderId,
      fromStaff: message.fromStaff,
      createdAt: message.createdAt,
    })
    .from(message)
    .where(eq(message.threadId, threadId))
    .orderBy(message.createdAt, message.id);
}

/** A thread for one of its parties, marked read up to now; null for anyone else. */
export async function openThread(memberId: string, threadId: number, now = new Date()) {
  const thread = await threadFor(db(), memberId, threadId);
  if (!thread) return null;
  const side = sideOf(thread, memberId);
  const { readAt, markRead } = readMark(side, now);
  const marked = await db()
    .update(messageThread)
    .set(markRead)
    .where(and(eq(messageThread.id, thread.id), lt(readAt, messageThread.lastMessageAt)))
    .returning({ id: messageThread.id });
  // The header's unread count is loaded beside this page's data, maybe before this
  // update: the member's open pages (this one and other tabs) are told to look again.
  if (marked.length > 0) await notifyLive(db(), { users: [memberId] });
  const otherId = side === "buyer" ? thread.sellerId : thread.buyerId;
  const [others, listing, messages, blocks, stopped] = await Promise.all([
    otherId
      ? db().select({ fullName: user.fullName, banned: user.banned }).from(user).where(eq(user.id, otherId))
      : Promise.resolve([{ fullName: STAFF_NAME, banned: false }]),
    db()
      .select({ ...listingForMask, status: businessListing.status })
      .from(businessListing)
      .where(eq(businessListing.id, thread.listingId))
      .then((rows) => viewListings({ id: memberId }, rows)),
    messagesOf(thread.id),
    otherId ? blockersBetween(db(), memberId, otherId) : Promise.resolve([]),
    stoppedMessaging(memberId),
  ]);
  const otherName = otherId ? memberName(others[0]?.fullName) : STAFF_NAME;
  const otherSuspended = others[0]?.banned ?? false;
  const shown = listing[0]!;
  return {
    id: thread.id,
    listing: { title: shown.title, slug: shown.slug, status: shown.status },
    otherName,
    canBlock: otherId !== null,
    iBlocked: blocks.includes(memberId),
    blocked: blocks.length > 0,
    stopped,
    // Their messages are left out and no reply can be sent while they are suspended (decision 0078).
    otherSuspended,
    messages: messages
      .filter((m) => !(otherSuspended && m.senderId === otherId))
      .map((m) => ({
        id: m.id,
        body: m.body,
        mine: m.senderId === memberId && !m.fromStaff,
        from: m.senderId === memberId && !m.fromStaff ? "You" : otherName,
        createdAt: m.createdAt,
      })),
  };
}

export type ReplyOutcome = "sent" | "not-found" | "blocked" | "stopped" | "suspended" | "rate-limited";

/** Whether staff have stopped the member sending messages (decision 0079). */
async function stoppedMessaging(memberId: string) {
  const [row] = await db().select({ at: user.messagingBlockedAt }).from(user).where(eq(user.id, memberId));
  return Boolean(row?.at);
}

/**
 * Why the member may not send anything in their thread now, or null when they may: staff stopped
 * them messaging, either has blocked the other, the other is suspended, or they have sent too many
 * (which this counts as one more). Offers are held to the same.
 */
export async function sendingRefusal(
  member: Member,
  thread: Thread,
): Promise<Exclude<ReplyOutcome, "sent" | "not-found"> | null> {
  if (await stoppedMessaging(member.id)) return "stopped";
  const otherId = sideOf(thread, member.id) === "buyer" ? thread.sellerId : thread.buyerId;
  if (otherId && (await blockersBetween(db(), member.id, otherId)).length) return "blocked";
  if (otherId && (await db().$count(user, and(eq(user.id, otherId), eq(user.banned, true))))) return "suspended";
  const limit = await hitRateLimit(db(), `message:${member.id}`, MESSAGE_RATE_LIMIT);
  return limit.allowed ? null : "rate-limited";
}

/** A party's reply, unless sendingRefusal says why not. */
export async function reply(
  member: Member & { fullName?: string | null },
  threadId: number,
  body: string,
): Promise<ReplyOutcome> {
  const thread = await threadFor(db(), member.id, threadId);
  if (!thread) return "not-found";
  const refusal = await sendingRefusal(member, thread);
  if (refusal) return refusal;
  const side = sideOf(thread, member.id);
  await db().transaction((tx) =>
    addMessage(tx, thread, { side, senderId: member.id, fromStaff: false, name: memberName(member.fullName) }, body),
  );
  wakeOutbox();
  return "sent";
}

/** Blocks (or unblocks) the other party of one of the member's threads. */
export async function setBlocked(memberId: string, threadId: number, blocked: boolean) {
  const thread = await threadFor(db(), memberId, threadId);
  const otherId = thread && (sideOf(thread, memberId) === "buyer" ? thread.sellerId : thread.buyerId);
  if (!otherId) return false;
  if (blocked) {
    await db().insert(memberBlock).values({ blockerId: memberId, blockedId: otherId }).onConflictDoNothing();
  } else {
    await db()
      .delete(memberBlock)
      .where(and(eq(memberBlock.blockerId, memberId), eq(memberBlock.blockedId, otherId)));
  }
  return true;
}

/** Reports one of the member's threads to staff. */
/** Reports a member sends to staff, as review reports are limited: per member and per network. */
export const THREAD_REPORT_LIMITS = {
  member: { limit: 10, windowMs: 60 * 60 * 1000 },
  network: { limit: 20, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export async function reportThread(
  memberId: string,
  threadId: number,
  reason: string,
  ip: string,
): Promise<"reported" | "not-found" | "rate-limited"> {
  const thread = await threadFor(db(), memberId, threadId);
  if (!thread) return "not-found";
  const [member, network] = await Promise.all([
    hitRateLimit(db(), `thread-report:${memberId}`, THREAD_REPORT_LIMITS.member),
    hitRateLimit(db(), `thread-report-network:${ip}`, THREAD_REPORT_LIMITS.network),
  ]);
  if (!member.allowed || !network.allowed) return "rate-limited";
  await db().insert(threadReport).values({ threadId, reporterId: memberId, reason });
  return "reported";
}

// --- Staff: HBS's own threads and reported ones (their list is in messages-list.server.ts) ---

/** A member of a thread as staff see them: who, and what staff have already done about them. */
async function partyForStaff(memberId: string) {
  const [row] = await db()
    .select({
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      banned: user.banned,
      messagingBlockedAt: user.messagingBlockedAt,
    })
    .from(user)
    .where(eq(user.id, memberId));
  return row ? { ...row, name: memberName(row.fullName) } : null;
}

/**
 * A thread as staff see it: any thread, so that a reported one can be read;
 * answered only when it is HBS's. Each report says which side made it.
 */
export async function openStaffThread(threadId: number, now = new Date()) {
  const [thread] = await db().select().from(messageThread).where(eq(messageThread.id, threadId));
  if (!thread) return null;
  if (!thread.sellerId) {
    await db().update(messageThread).set({ sellerReadAt: now }).where(eq(messageThread.id, thread.id));
  }
  const [buyerRow, sellerRow, [listing], messages, reports] = await Promise.all([
    partyForStaff(thread.buyerId),
    thread.sellerId ? partyForStaff(thread.sellerId) : Promise.resolve(null),
    db()
      .select(listingForMask)
      .from(businessListing)
      .where(eq(businessListing.id, thread.listingId))
      // Staff see it in full, at its public address.
      .then((rows) => rows.map((row) => maskListing(row, true))),
    messagesOf(thread.id),
    db().select().from(threadReport).where(eq(threadReport.threadId, thread.id)).orderBy(desc(threadReport.createdAt)),
  ]);
  const buyerName = buyerRow?.name ?? memberName(null);
  const sellerName = sellerRow ? sellerRow.name : STAFF_NAME;
  const sideOfMember = (id: string | null): Side | null =>
    id === thread.buyerId ? "buyer" : id && id === thread.sellerId ? "seller" : null;
  return {
    id: thread.id,
    listing: listing!,
    withStaff: thread.sellerId === null,
    buyer: buyerRow,
    seller: sellerRow,
    messages: messages.map((m) => ({
      id: m.id,
      body: m.body,
      from: m.fromStaff ? STAFF_NAME : m.senderId === thread.buyerId ? buyerName : sellerName,
      mine: m.fromStaff,
      createdAt: m.createdAt,
    })),
    reports: reports.map((r) => ({ ...r, by: sideOfMember(r.reporterId) })),
  };
}

/** Staff answer a buyer in a thread that is HBS's own. */
export async function staffReply(staff: { id: string }, threadId: number, body: string) {
  const [thread] = await db()
    .select()
    .from(messageThread)
    .where(and(eq(messageThread.id, threadId), isNull(messageThread.sellerId)));
  if (!thread) return false;
  await db().transaction((tx) =>
    addMessage(tx, thread, { side: "seller", senderId: staff.id, fromStaff: true, name: STAFF_NAME }, body),
  );
  wakeOutbox();
  return true;
}

/** Staff close a report once dealt with. */
export async function resolveReport(tx: Database, reportId: number, threadId: number) {
  const [row] = await tx
    .update(threadReport)
    .set({ status: "resolved", resolvedAt: new Date() })
    .where(and(eq(threadReport.id, reportId), eq(threadReport.threadId, threadId), eq(threadReport.status, "open")))
    .returning({ id: threadReport.id });
  return Boolean(row);
}

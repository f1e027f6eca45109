// Staff's list of message threads (decision 0032): by default what waits for
// them, as it always was (buyers' threads with HBS, about listings without a
// seller account, and threads with an open report), newest activity first;
// its filter reaches resolved reports and every other thread. Never the
// messages themselves: those are read on a thread's own page.
import { and, count, eq, gt, ilike, inArray, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { defineAdminList, orderBy } from "~/features/admin/lists/admin-list.server";
import type { ListParams } from "~/features/admin/lists/list-params";
import { db } from "~/server/db.server";
import { businessListing, message, messageThread, threadReport, user } from "~/server/schema";
import { containsPattern } from "~/server/text-search.server";

const buyer = alias(user, "buyer");
const seller = alias(user, "seller");

const threadSorts = { last: messageThread.lastMessageAt, started: messageThread.createdAt };
type ThreadSort = keyof typeof threadSorts;
type ThreadFilter = "state";

/** The threads with a report, or (`open`) with a report still open. */
const reported = (open: boolean) =>
  db()
    .select({ id: threadReport.threadId })
    .from(threadReport)
    .where(open ? eq(threadReport.status, "open") : undefined);

/** The threads in a state of the filter; "" is what waits for staff. */
function inState(state: string) {
  const withStaff = isNull(messageThread.sellerId);
  if (state === "hbs") return withStaff;
  if (state === "reported") return inArray(messageThread.id, reported(true));
  if (state === "resolved") {
    return and(inArray(messageThread.id, reported(false)), notInArray(messageThread.id, reported(true)));
  }
  if (state === "all") return undefined;
  return or(withStaff, inArray(messageThread.id, reported(true)));
}

/**
 * The threads found by what staff typed and in the state chosen. A search
 * looks for the listing and the members apart, so neither this nor the count
 * joins them: a join of every thread to find a few is what made a search slow.
 */
function threadConditions({ q, filters }: ListParams<ThreadSort, ThreadFilter>) {
  const pattern = containsPattern(q);
  const members = () =>
    db()
      .select({ id: user.id })
      .from(user)
      .where(or(ilike(user.email, pattern), ilike(user.fullName, pattern)));
  const conditions: (SQL | undefined)[] = [
    q
      ? or(
          inArray(
            messageThread.listingId,
            db().select({ id: businessListing.id }).from(businessListing).where(ilike(businessListing.title, pattern)),
          ),
          inArray(messageThread.buyerId, members()),
          inArray(messageThread.sellerId, members()),
          // The thread's id, as its page's address shows it.
          /^#?\d{1,9}$/.test(q) ? eq(messageThread.id, Number(q.replace("#", ""))) : undefined,
        )
      : undefined,
    inState(filters.state),
  ];
  return and(...conditions);
}

/**
 * Whether each reported thread has a report still open. Joined, not asked
 * row by row: the rows an offset skips are made too, and a subquery for each
 * would make a long export's later batches ever slower.
 */
const reportsByThread = () =>
  db()
    .select({
      threadId: threadReport.threadId,
      open: sql<boolean>`bool_or(${threadReport.status} = 'open')`.as("open"),
    })
    .from(threadReport)
    .groupBy(threadReport.threadId)
    .as("reports");

/** Buyers' messages HBS has not read, in the threads of `ids` that are its own. */
async function unreadByStaff(ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db()
    .select({ threadId: message.threadId, n: count() })
    .from(message)
    .innerJoin(messageThread, eq(messageThread.id, message.threadId))
    .where(
      and(
        inArray(message.threadId, ids),
        isNull(messageThread.sellerId),
        gt(message.createdAt, messageThread.sellerReadAt),
        eq(message.fromStaff, false),
      ),
    )
    .groupBy(message.threadId);
  return new Map(rows.map((row) => [row.threadId, row.n]));
}

const reportWords = { open: "Open report", resolved: "Reports resolved" } as const;

/** Threads found by listing, either party or id; what waits for staff unless another state is asked for. */
export const messagesList = defineAdminList({
  name: "messages",
  spec: {
    sorts: Object.keys(threadSorts) as ThreadSort[],
    defaultSort: "last",
    defaultDirection: "desc",
    // "" (the default) is what waits: threads with HBS and open reports.
    filters: { state: ["hbs", "reported", "resolved", "all"] },
  },
  rows: async (params, limit, offset) => {
    const reports = reportsByThread();
    const threads = await db()
      .select({
        id: messageThread.id,
        listingTitle: businessListing.title,
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        buyerName: buyer.fullName,
        sellerId: seller.id,
        sellerEmail: seller.email,
        sellerName: seller.fullName,
        startedAt: messageThread.createdAt,
        lastMessageAt: messageThread.lastMessageAt,
        reportOpen: reports.open,
      })
      .from(messageThread)
      .innerJoin(businessListing, eq(businessListing.id, messageThread.listingId))
      .innerJoin(buyer, eq(buyer.id, messageThread.buyerId))
      .leftJoin(seller, eq(seller.id, messageThread.sellerId))
      .leftJoin(reports, eq(reports.threadId, messageThread.id))
      .where(threadConditions(params))
      .orderBy(...orderBy(threadSorts, params, messageThread.id))
      .limit(limit)
      .offset(offset);
    const unread = await unreadByStaff(threads.filter((t) => !t.sellerId).map((t) => t.id));
    return threads.map(({ reportOpen, ...t }) => ({
      ...t,
      /** "open" while a report waits, "resolved" once every report is dealt with, null if never reported. */
      reportState: reportOpen === null ? null : reportOpen ? ("open" as const) : ("resolved" as const),
      unread: unread.get(t.id) ?? 0,
    }));
  },
  count: async (params) =>
    (await db().select({ n: count() }).from(messageThread).where(threadConditions(params)))[0]!.n,
  csv: [
    ["Thread", (t) => t.id],
    ["Listing", (t) => t.listingTitle],
    ["Buyer e-mail", (t) => t.buyerEmail],
    ["Buyer name", (t) => t.buyerName],
    ["Seller e-mail", (t) => t.sellerEmail ?? "HBS"],
    ["Seller name", (t) => (t.sellerId ? t.sellerName : "HBS")],
    ["Started", (t) => t.startedAt],
    ["Last message", (t) => t.lastMessageAt],
    ["Reported", (t) => (t.reportState ? reportWords[t.reportState] : "")],
  ],
});

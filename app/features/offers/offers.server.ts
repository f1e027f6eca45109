// Offers inside a buyer's and a seller's message thread (decision 0088). Every
// statement names the member's own thread, so nobody reads, makes or answers
// an offer in a thread that is not theirs; each step is also a message in the
// thread, so the other side hears of it as of any message (live and by e-mail).
import { and, desc, eq, gt } from "drizzle-orm";
import { formatLondonDate, londonMidnight, addDays } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { db, type Database } from "~/server/db.server";
import { wakeOutbox } from "~/server/lifecycle.server";
import { businessListing, offer } from "~/server/schema";
import { ndaState } from "~/features/marketplace/confidential.server";
import { memberName, REPLY_REFUSALS } from "~/features/messages/message-rules";
import {
  addMessage,
  sendingRefusal,
  sideOf,
  threadFor,
  type ReplyOutcome,
  type Side,
  type Thread,
} from "~/features/messages/threads.server";
import { takeSellerAction } from "~/features/selling/seller-actions.server";
import type { OfferTerms } from "./offer-rules";

interface Member {
  id: string;
  email: string;
  fullName?: string | null;
}

export type OfferOutcome =
  | "done"
  | "not-found"
  // The offer was answered, withdrawn or ran out before this step.
  | "closed"
  // The listing is not on the market (sold, withdrawn, waiting for review…).
  | "not-for-sale"
  // A confidential listing whose NDA the buyer has not accepted, or the seller revoked.
  | "nda"
  // The buyer already has an offer waiting for an answer in this thread.
  | "open-offer"
  // The listing has no seller account: HBS staff answer its messages, and offers go to its seller elsewhere.
  | "no-seller"
  // The seller answers offers; only the buyer makes the first one.
  | "buyer-only"
  | Exclude<ReplyOutcome, "sent" | "not-found">;

type Offer = typeof offer.$inferSelect;
export type OfferStatus = Offer["status"] | "expired";

/** The moment an offer open "until 12 Dec 2026" ends: midnight at the end of that UK day. */
export const expiresAtFor = (day: string) => londonMidnight(addDays(day, 1));

const isOpen = (row: Pick<Offer, "status" | "expiresAt">, now: Date) => row.status === "open" && row.expiresAt > now;
export const statusOf = (row: Pick<Offer, "status" | "expiresAt">, now: Date): OfferStatus =>
  row.status === "open" && row.expiresAt <= now ? "expired" : row.status;

async function listingOf(database: Database, thread: Thread) {
  const [row] = await database
    .select({
      status: businessListing.status,
      confidential: businessListing.confidential,
      underOfferAt: businessListing.underOfferAt,
    })
    .from(businessListing)
    .where(eq(businessListing.id, thread.listingId));
  return row!;
}

/**
 * Whether the member's side may put or accept an amount on this listing now: it must be on the market,
 * and a buyer of a confidential one must still hold its NDA (a buyer without it learns nothing new here).
 */
async function dealRefusal(memberId: string, thread: Thread): Promise<OfferOutcome | null> {
  const listing = await listingOf(db(), thread);
  if (listing.status !== "published") return "not-for-sale";
  if (
    listing.confidential &&
    sideOf(thread, memberId) === "buyer" &&
    (await ndaState(memberId, thread.listingId)) !== "accepted"
  ) {
    return "nda";
  }
  return null;
}

const amountWords = (terms: OfferTerms) =>
  `${formatPence(terms.amount)}, open until the end of ${formatLondonDate(expiresAtFor(terms.expires))}.` +
  (terms.conditions ? `\nConditions: ${terms.conditions}` : "");

async function offerMessage(tx: Database, thread: Thread, member: Member, body: string) {
  await addMessage(
    tx,
    thread,
    { side: sideOf(thread, member.id), senderId: member.id, fromStaff: false, name: memberName(member.fullName) },
    body,
  );
}

/** A buyer's offer in their thread with the seller. */
export async function makeOffer(member: Member, threadId: number, terms: OfferTerms, now = new Date()) {
  const thread = await threadFor(db(), member.id, threadId);
  if (!thread) return "not-found";
  if (!thread.sellerId) return "no-seller";
  if (sideOf(thread, member.id) !== "buyer") return "buyer-only";
  const refused = await dealRefusal(member.id, thread);
  if (refused) return refused;
  const waiting = await db().$count(
    offer,
    and(eq(offer.threadId, thread.id), eq(offer.status, "open"), gt(offer.expiresAt, now)),
  );
  if (waiting > 0) return "open-offer";
  const refusal = await sendingRefusal(member, thread);
  if (refusal) return refusal;
  await db().transaction(async (tx) => {
    await tx.insert(offer).values({
      threadId: thread.id,
      listingId: thread.listingId,
      madeBy: "buyer",
      madeById: member.id,
      amountPence: terms.amount,
      conditions: terms.conditions || null,
      expiresAt: expiresAtFor(terms.expires),
      createdAt: now,
    });
    await offerMessage(tx, thread, member, `Offered ${amountWords(terms)}`);
  });
  wakeOutbox();
  return "done";
}

export type OfferDecision =
  | { kind: "accept"; underOffer: boolean }
  | { kind: "decline" }
  | { kind: "withdraw" }
  | { kind: "counter"; terms: OfferTerms };

/**
 * The other side accepts, declines or counters an open offer; its maker withdraws it. Only while it is
 * open: the statement that closes it says so, so two answers at once cannot both land.
 */
export async function decideOffer(
  member: Member,
  threadId: number,
  offerId: number,
  decision: OfferDecision,
  now = new Date(),
): Promise<OfferOutcome> {
  const thread = await threadFor(db(), member.id, threadId);
  if (!thread) return "not-found";
  const [row] = await db()
    .select()
    .from(offer)
    .where(and(eq(offer.id, offerId), eq(offer.threadId, thread.id)));
  if (!row) return "not-found";
  const side = sideOf(thread, member.id);
  const mine = row.madeBy === side;
  // A maker withdraws; only the other side answers.
  if (mine !== (decision.kind === "withdraw")) return "not-found";
  if (!isOpen(row, now)) return "closed";
  if (decision.kind === "accept" || decision.kind === "counter") {
    const refused = await dealRefusal(member.id, thread);
    if (refused) return refused;
  }
  const refusal = await sendingRefusal(member, thread);
  if (refusal) return refusal;
  const status = ({ accept: "accepted", decline: "declined", withdraw: "withdrawn", counter: "countered" } as const)[
    decision.kind
  ];
  const closed = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(offer)
      .set({ status, decidedAt: now })
      .where(and(eq(offer.id, row.id), eq(offer.status, "open"), gt(offer.expiresAt, now)))
      .returning({ id: offer.id });
    if (!updated) return false;
    const of = formatPence(row.amountPence);
    if (decision.kind === "counter") {
      await tx.insert(offer).values({
        threadId: thread.id,
        listingId: thread.listingId,
        madeBy: side,
        madeById: member.id,
        amountPence: decision.terms.amount,
        conditions: decision.terms.conditions || null,
        expiresAt: expiresAtFor(decision.terms.expires),
        counterOfId: row.id,
        createdAt: now,
      });
      await offerMessage(tx, thread, member, `Countered the offer of ${of} with ${amountWords(decision.terms)}`);
    } else {
      const verb = { accept: "Accepted", decline: "Declined", withdraw: "Withdrew" }[decision.kind];
      await offerMessage(tx, thread, member, `${verb} the offer of ${of}.`);
    }
    return true;
  });
  if (!closed) return "closed";
  wakeOutbox();
  if (decision.kind === "accept" && decision.underOffer && side === "seller") {
    await takeSellerAction(member, thread.listingId, "under-offer");
  }
  return "done";
}

/** The seller marks the listing under offer from a thread where an offer was accepted. */
export async function markUnderOffer(member: Member, threadId: number) {
  const thread = await threadFor(db(), member.id, threadId);
  if (!thread || sideOf(thread, member.id) !== "seller") return false;
  const accepted = await db().$count(offer, and(eq(offer.threadId, thread.id), eq(offer.status, "accepted")));
  return accepted > 0 && takeSellerAction(member, thread.listingId, "under-offer");
}

async function offersOf(threadId: number) {
  return db().select().from(offer).where(eq(offer.threadId, threadId)).orderBy(desc(offer.createdAt), desc(offer.id));
}

const shown = (row: Offer, now: Date) => ({
  id: row.id,
  amountPence: row.amountPence,
  conditions: row.conditions,
  expiresAt: row.expiresAt,
  status: statusOf(row, now),
  madeBy: row.madeBy as Side,
  createdAt: row.createdAt,
  decidedAt: row.decidedAt,
});
export type ShownOffer = ReturnType<typeof shown>;

/** The offers of one of the member's threads, with what they may do next; null for anyone else's. */
export async function offersPanel(memberId: string, threadId: number, now = new Date()) {
  const thread = await threadFor(db(), memberId, threadId);
  if (!thread) return null;
  const side = sideOf(thread, memberId);
  const [rows, listing] = await Promise.all([offersOf(thread.id), listingOf(db(), thread)]);
  const offers = rows.map((row) => shown(row, now));
  const open = offers.find((o) => o.status === "open") ?? null;
  const forSale = listing.status === "published";
  return {
    side,
    offers,
    open,
    // Offers go to a seller's account; a listing HBS runs for its seller takes them by message.
    takesOffers: thread.sellerId !== null,
    forSale,
    canOffer: side === "buyer" && thread.sellerId !== null && forSale && open === null,
    canMarkUnderOffer:
      side === "seller" && forSale && listing.underOfferAt === null && offers.some((o) => o.status === "accepted"),
  };
}
export type OffersPanel = NonNullable<Awaited<ReturnType<typeof offersPanel>>>;

/** A thread's offers as staff see them: any thread's, read-only. */
export async function offersForStaff(threadId: number, now = new Date()) {
  return (await offersOf(threadId)).map((row) => shown(row, now));
}

/** Messages for refusals, on the page and when a step is refused. */
export const OFFER_REFUSALS: Record<Exclude<OfferOutcome, "done" | "not-found">, string> = {
  closed: "That offer is no longer open: it was answered, withdrawn or ran out.",
  "not-for-sale": "This business is no longer on the market, so offers cannot be made or accepted.",
  nda: "Please accept this listing's confidentiality agreement before making or accepting an offer.",
  "open-offer": "Your last offer is still waiting for an answer. Withdraw it first to make another.",
  "no-seller": "Offers on this listing go to its seller through HBS: please say your offer in a message.",
  "buyer-only": "The buyer makes the first offer; you can accept, decline or counter it.",
  ...REPLY_REFUSALS,
};

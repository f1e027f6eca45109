// Listings that stay current (decision 0030). A published listing's clock
// starts when it is published and again each time its seller confirms it.
// After 60 days the seller is asked "Is your listing still available?" with
// two single-use links; a listing still unconfirmed 30 days after that
// question (90 days in all) expires. Each step is one guarded UPDATE with
// its e-mail in the same transaction, so however many servers run the job,
// a seller gets each e-mail once.
import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { AUTOMATIC_ACTORS, scheduledJobActor } from "~/lib/audit-actions";
import { recordAudit } from "~/server/audit.server";
import type { Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { enqueueMail } from "~/server/outbox.server";
import { businessListing, listingCheckLink } from "~/server/schema";
import { expiredMail, stillAvailableMail } from "./emails.server";
import { sellerContact } from "./seller.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const ASK_AFTER_DAYS = 60;
export const EXPIRE_AFTER_DAYS = 90;
/** A link outlives the 30 days to expiry, so a late "yes" still brings the listing back. */
export const LINK_DAYS = 45;
/** At most this many listings per step per run; the next run takes the rest. */
const BATCH = 200;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
// The same expression as business_listing_lifecycle_idx, so the scan uses it.
const clockStart = sql<Date>`coalesce(${businessListing.confirmedAt}, ${businessListing.publishedAt})`;
const publishedNow = eq(businessListing.status, "published");
/** Asked since the clock last started. */
const askedThisTime = sql`${businessListing.remindedAt} >= ${clockStart}`;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const SCHEDULER = scheduledJobActor("listing lifecycle");

/** Asks the sellers of listings unconfirmed for 60 days; returns how many were asked. */
export async function askSellers(database: Database, now: Date): Promise<number> {
  const due = await database
    .select({ id: businessListing.id })
    .from(businessListing)
    .where(
      and(
        publishedNow,
        lte(clockStart, daysBefore(now, ASK_AFTER_DAYS)),
        or(isNull(businessListing.remindedAt), sql`not (${askedThisTime})`),
      ),
    )
    .limit(BATCH);
  let asked = 0;
  for (const { id } of due) {
    await database.transaction(async (tx) => {
      const [listing] = await tx
        .update(businessListing)
        .set({ remindedAt: now })
        .where(
          and(
            eq(businessListing.id, id),
            publishedNow,
            or(isNull(businessListing.remindedAt), sql`not (${askedThisTime})`),
          ),
        )
        .returning();
      if (!listing) return;
      asked++;
      const seller = await sellerContact(listing, undefined, tx);
      // The 30 days to expiry start here: staff see when, and whether anyone was asked.
      await recordAudit(tx, SCHEDULER, {
        action: "listing.availability-check",
        entityType: "listing",
        entityId: id,
        after: { remindedAt: now.toISOString(), sellerEmailed: seller !== null },
      });
      // Nobody to ask (a listing staff made): the 30 days still run, and staff can renew it.
      if (!seller) return;
      const token = crypto.randomBytes(32).toString("base64url");
      await tx.insert(listingCheckLink).values({
        tokenHash: hashToken(token),
        listingId: id,
        expiresAt: new Date(now.getTime() + LINK_DAYS * DAY_MS),
      });
      const link = (answer: string) => new URL(`/listing-check/${token}?answer=${answer}`, env().SITE_URL).toString();
      await enqueueMail(
        tx,
        stillAvailableMail(seller, {
          title: listing.title,
          confirmUrl: link("confirm"),
          withdrawUrl: link("withdraw"),
        }),
      );
    });
  }
  return asked;
}

/** Expires listings asked 30 days ago and unconfirmed for 90; returns how many expired. */
export async function expireListings(database: Database, now: Date): Promise<number> {
  // Checked again by the UPDATE itself, so a seller confirming meanwhile wins.
  const due = and(
    publishedNow,
    lte(clockStart, daysBefore(now, EXPIRE_AFTER_DAYS)),
    askedThisTime,
    lte(businessListing.remindedAt, daysBefore(now, EXPIRE_AFTER_DAYS - ASK_AFTER_DAYS)),
  );
  const candidates = await database.select({ id: businessListing.id }).from(businessListing).where(due).limit(BATCH);
  if (candidates.length === 0) return 0;
  return database.transaction(async (tx) => {
    const rows = await tx
      .update(businessListing)
      .set({ status: "expired", featured: false })
      .where(
        and(
          inArray(
            businessListing.id,
            candidates.map((c) => c.id),
          ),
          due,
        ),
      )
      .returning();
    for (const listing of rows) {
      await recordAudit(tx, SCHEDULER, {
        action: "listing.expire",
        entityType: "listing",
        entityId: listing.id,
        before: { status: "published" },
        after: { status: "expired" },
      });
      const seller = await sellerContact(listing, undefined, tx);
      if (seller) {
        const dashboardUrl = new URL("/my-listings", env().SITE_URL).toString();
        await enqueueMail(tx, expiredMail(seller, { title: listing.title, dashboardUrl }));
      }
    }
    return rows.length;
  });
}

/** The scheduled job: ask, then expire. */
export async function runListingLifecycle(database: Database, now = new Date()) {
  const asked = await askSellers(database, now);
  const expired = await expireListings(database, now);
  return { asked, expired };
}

export type CheckLink =
  | { state: "invalid" | "used" | "expired" }
  | { state: "open"; listing: { title: string; slug: string; status: string } };

/** What a "still available?" link is, without using it. */
export async function readCheckLink(database: Database, token: string, now = new Date()): Promise<CheckLink> {
  const [row] = await database
    .select({
      link: listingCheckLink,
      title: businessListing.title,
      slug: businessListing.slug,
      status: businessListing.status,
    })
    .from(listingCheckLink)
    .innerJoin(businessListing, eq(businessListing.id, listingCheckLink.listingId))
    .where(eq(listingCheckLink.tokenHash, hashToken(token)));
  if (!row) return { state: "invalid" };
  if (row.link.usedAt) return { state: "used" };
  if (row.link.expiresAt <= now) return { state: "expired" };
  return { state: "open", listing: { title: row.title, slug: row.slug, status: row.status } };
}

export type CheckAnswer = "confirm" | "withdraw";

/**
 * Uses a link once: "confirm" restarts the listing's clock (and brings back
 * one that expired meanwhile); "withdraw" takes a published listing off the
 * market. A listing the seller has since sold or withdrawn is left alone.
 */
export async function answerCheckLink(database: Database, token: string, answer: CheckAnswer, now = new Date()) {
  return database.transaction(async (tx): Promise<CheckLink> => {
    const [link] = await tx
      .update(listingCheckLink)
      .set({ usedAt: now })
      .where(
        and(
          eq(listingCheckLink.tokenHash, hashToken(token)),
          isNull(listingCheckLink.usedAt),
          gt(listingCheckLink.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return readCheckLink(tx, token, now);
    const change =
      answer === "confirm"
        ? { status: "published" as const, confirmedAt: now, remindedAt: null }
        : { status: "withdrawn" as const, featured: false };
    const from: (typeof businessListing.$inferSelect)["status"][] =
      answer === "confirm" ? ["published", "expired"] : ["published"];
    const [listing] = await tx
      .update(businessListing)
      .set(change)
      .where(and(eq(businessListing.id, link.listingId), inArray(businessListing.status, from)))
      .returning({ title: businessListing.title, slug: businessListing.slug, status: businessListing.status });
    if (listing) {
      await recordAudit(tx, AUTOMATIC_ACTORS["emailed-link"].recordedAs, {
        action: answer === "confirm" ? "listing.seller.confirm" : "listing.seller.withdraw",
        entityType: "listing",
        entityId: link.listingId,
        after: { status: listing.status, ...(answer === "confirm" ? { confirmedAt: now.toISOString() } : {}) },
      });
    }
    const [current] = await tx
      .select({ title: businessListing.title, slug: businessListing.slug, status: businessListing.status })
      .from(businessListing)
      .where(eq(businessListing.id, link.listingId));
    return { state: "open", listing: current! };
  });
}

// The seller's side (decision 0030): ownership, the dashboard's steps and
// edits, staff's review of changes, and the 60/90-day lifecycle with a moved
// clock, on PGlite or PostgreSQL (tests/helpers/test-database.ts).
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { sellerDashboard } from "../../app/features/selling/dashboard.server";
import { answerCheckLink, readCheckLink, runListingLifecycle } from "../../app/features/selling/lifecycle.server";
import { decideRevision, pendingRevisionOf } from "../../app/features/selling/revisions.server";
import { editOwnListing, takeSellerAction } from "../../app/features/selling/seller-actions.server";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import type { SessionUser } from "../../app/features/account/session.server";
import { transitionListing } from "../../app/features/admin/listings.server";
import { auditLog, businessListing, listingCheckLink, outbox, user } from "../../app/server/schema";
import { inSitemap, pageStatus } from "../helpers/listing-visibility";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const DAY = 24 * 60 * 60 * 1000;
let counter = 0;

async function member(verified = true) {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `seller-${counter}`, email: `seller${counter}@example.com`, emailVerified: verified })
    .returning();
  return row!;
}

/** A business offered on /sell, as the form stores it: a submission and its pending listing. */
async function submit(contactEmail: string, userId: string | null = null) {
  counter += 1;
  const title = `Grill ${counter}`;
  await recordEnquiry(app.database.db, {
    kind: "listing_submission",
    subject: title,
    userId,
    fields: { businessName: title, contactName: "Amina Patel", contactEmail, contactPhone: "07700 900123" },
    draftListing: {
      slug: `grill-${counter}`,
      title,
      category: "food",
      town: "Leeds",
      askingPricePence: 50_000_00,
      annualRevenuePence: 150_000_00,
      description: "A busy grill on the high street.",
    },
  });
  const [listing] = await app.database.db
    .select()
    .from(businessListing)
    .where(eq(businessListing.slug, `grill-${counter}`));
  return listing!;
}

const publish = (id: number, publishedAt: Date) =>
  app.database.db.update(businessListing).set({ status: "published", publishedAt }).where(eq(businessListing.id, id));
const listingNow = async (id: number) =>
  (await app.database.db.select().from(businessListing).where(eq(businessListing.id, id)))[0]!;
/** Staff's decisions on the listing's revisions, as the audit log has them, oldest first. */
const staffDecisions = async (listingId: number) =>
  (
    await app.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "listing"), eq(auditLog.entityId, String(listingId))))
      .orderBy(auditLog.id)
  ).filter((entry) => entry.action.startsWith("listing.revision-"));
const mailsTo = async (to: string) =>
  (await app.database.db.select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
/** The "Is your listing still available?" e-mails to this address, oldest first. */
const questionsTo = async (to: string) =>
  (await mailsTo(to)).filter((mail) => mail.subject.startsWith("Is your listing still available?"));
const onBuy = async (slug: string) =>
  (await searchListings(parseListingQuery(new URLSearchParams("q=grill")), null)).items.some((i) => i.slug === slug);
const linkIn = (mail: { text: string }, answer: string) =>
  new RegExp(`/listing-check/([\\w-]+)\\?answer=${answer}`).exec(mail.text)![1]!;

const edit = (overrides: Record<string, unknown> = {}) =>
  ({
    businessName: "Grill House",
    category: "food",
    location: "Leeds",
    askingPrice: 45_000_00,
    annualRevenue: 150_000_00,
    description: "A busy grill on the high street.",
    accommodationIncluded: undefined,
    relocatable: undefined,
    alcoholLicence: undefined,
    paymentTerms: [],
    ...overrides,
  }) as Parameters<typeof editOwnListing>[2];

describe("whose listing it is", () => {
  it("gives a listing sent while signed out to the member whose verified e-mail sent it", async () => {
    const verified = await member(true);
    const listing = await submit(verified.email.toUpperCase());
    expect(listing.sellerId).toBeNull();
    const mine = await sellerDashboard(verified);
    expect(mine.map((l) => l.id)).toEqual([listing.id]);
    expect((await listingNow(listing.id)).sellerId).toBe(verified.id);
  });

  it("gives nothing to an address that is not verified", async () => {
    const unverified = await member(false);
    const listing = await submit(unverified.email);
    expect(await sellerDashboard(unverified)).toEqual([]);
    expect((await listingNow(listing.id)).sellerId).toBeNull();
  });

  it("leaves a listing sent while signed in with its member, whatever e-mail it gave", async () => {
    const owner = await member();
    const other = await member();
    const listing = await submit(other.email, owner.id);
    expect(await sellerDashboard(other)).toEqual([]);
    expect((await sellerDashboard(owner)).map((l) => l.id)).toEqual([listing.id]);
  });
});

describe("the dashboard's steps", () => {
  it("lets the owner mark under offer, sold and republish, audited; another member changes nothing", async () => {
    const owner = await member();
    const stranger = await member();
    const listing = await submit(owner.email, owner.id);
    await publish(listing.id, new Date(Date.now() - 5 * DAY));

    expect(await takeSellerAction(stranger, listing.id, "mark-sold")).toBe(false);
    expect(await takeSellerAction(stranger, listing.id, "under-offer")).toBe(false);
    expect((await listingNow(listing.id)).status).toBe("published");

    expect(await takeSellerAction(owner, listing.id, "under-offer")).toBe(true);
    expect((await listingNow(listing.id)).underOfferAt).toBeInstanceOf(Date);
    expect((await sellerDashboard(owner))[0]!.actions).toEqual(["offer-cleared", "mark-sold", "withdraw", "renew"]);
    // Not twice: the step is not open any more.
    expect(await takeSellerAction(owner, listing.id, "under-offer")).toBe(false);

    expect(await takeSellerAction(owner, listing.id, "mark-sold")).toBe(true);
    expect(await onBuy(listing.slug)).toBe(false);
    expect(await takeSellerAction(owner, listing.id, "republish")).toBe(true);
    const back = await listingNow(listing.id);
    expect(back.status).toBe("published");
    expect(back.underOfferAt).toBeNull();
    expect(back.confirmedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const audit = await app.database.db
      .select({ action: auditLog.action, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "listing"), eq(auditLog.entityId, String(listing.id))))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: "listing.seller.under-offer", actor: owner.id },
      { action: "listing.seller.mark-sold", actor: owner.id },
      { action: "listing.seller.republish", actor: owner.id },
    ]);
  });

  it("keeps a listing staff withdrew off the market until staff put it back; the seller is told why", async () => {
    // Once staff's withdrawal was undone by the seller's Republish, with no review.
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    await publish(listing.id, new Date(Date.now() - 5 * DAY));
    const [staffRow] = await app.database.db
      .insert(user)
      .values({ id: "staff-withdrawing", email: "staff-withdrawing@example.com", role: "admin" })
      .returning();
    const staff = staffRow as unknown as SessionUser;
    const reason = "The photos are of another business.";

    expect(await transitionListing(staff, listing.id, "withdraw", reason)).toBe(true);
    expect(await listingNow(listing.id)).toMatchObject({ status: "withdrawn", withdrawalReason: reason });
    expect((await mailsTo(owner.email)).at(-1)?.text).toContain(`Why: ${reason}`);
    const [card] = await sellerDashboard(owner);
    expect(card!.actions).not.toContain("republish");
    expect(card!.withdrawalReason).toBe(reason);
    // Posted all the same (a stale page, or by hand): refused, and nothing changes.
    expect(await takeSellerAction(owner, listing.id, "republish")).toBe(false);
    expect((await listingNow(listing.id)).status).toBe("withdrawn");
    expect(await onBuy(listing.slug)).toBe(false);

    // Staff put it back, and the hold ends with it.
    expect(await transitionListing(staff, listing.id, "republish")).toBe(true);
    expect(await listingNow(listing.id)).toMatchObject({
      status: "published",
      withdrawnByStaffAt: null,
      withdrawalReason: null,
    });
    // The seller's own withdrawal is theirs to undo.
    expect(await takeSellerAction(owner, listing.id, "withdraw")).toBe(true);
    expect((await sellerDashboard(owner))[0]!.actions).toContain("republish");
    expect(await takeSellerAction(owner, listing.id, "republish")).toBe(true);
    const audit = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "listing"), eq(auditLog.entityId, String(listing.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      "listing.withdraw",
      "listing.republish",
      "listing.seller.withdraw",
      "listing.seller.republish",
    ]);
  });

  it("shows the owner only interest registered under the line that tells buyers so", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    await publish(listing.id, new Date());
    const interest = (name: string, sharedWithSeller: boolean) =>
      recordEnquiry(app.database.db, {
        kind: "listing_interest",
        subject: listing.title,
        listingId: listing.id,
        sharedWithSeller,
        fields: { fullName: name, email: `${name.toLowerCase()}@example.com`, contactNumber: "07700 900000" },
      });
    await interest("Before", false);
    await interest("After", true);
    const [mine] = await sellerDashboard(owner);
    expect(mine!.enquiries.map((e) => [e.name, e.email, e.phone])).toEqual([
      ["After", "after@example.com", "07700 900000"],
    ]);
  });
});

describe("editing", () => {
  it("changes a pending listing in place, and not someone else's", async () => {
    const owner = await member();
    const stranger = await member();
    const listing = await submit(owner.email, owner.id);
    expect(await editOwnListing(stranger, listing.id, edit({ businessName: "Stolen" }))).toBeNull();
    expect(await editOwnListing(owner, listing.id, edit({ netProfit: 30_000_00 }))).toBe("saved");
    const saved = await listingNow(listing.id);
    expect([saved.title, saved.askingPricePence, saved.netProfitPence, saved.status]).toEqual([
      "Grill House",
      45_000_00,
      30_000_00,
      "pending",
    ]);
  });

  it("keeps a published listing live while its changes wait, then applies or refuses them", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    await publish(listing.id, new Date());
    expect(await editOwnListing(owner, listing.id, edit({ askingPrice: 39_000_00 }))).toBe("sent-for-review");
    expect((await listingNow(listing.id)).askingPricePence).toBe(50_000_00);
    // A newer edit replaces the waiting one.
    expect(await editOwnListing(owner, listing.id, edit({ askingPrice: 41_000_00 }))).toBe("sent-for-review");
    const revision = await pendingRevisionOf(listing.id);
    expect(revision!.fields.map((f) => [f.label, f.before, f.after])).toEqual([
      ["Business name", listing.title, "Grill House"],
      ["Asking price", "£50,000", "£41,000"],
    ]);
    const staff = { id: owner.id, email: "staff@example.com" };
    expect(await decideRevision(staff, listing.id, revision!.id, { approve: true })).toBe(true);
    expect((await listingNow(listing.id)).askingPricePence).toBe(41_000_00);
    expect(await decideRevision(staff, listing.id, revision!.id, { approve: true })).toBe(false);
    expect((await mailsTo(owner.email)).at(-1)!.subject).toBe("Your changes are live: Grill House");

    await editOwnListing(owner, listing.id, edit({ askingPrice: 1_00 }));
    const second = await pendingRevisionOf(listing.id);
    await decideRevision(staff, listing.id, second!.id, { approve: false, reason: "The price looks like a typo." });
    expect((await listingNow(listing.id)).askingPricePence).toBe(41_000_00);
    // Named as the seller wanted it, though the listing keeps its name.
    expect((await mailsTo(owner.email)).at(-1)).toMatchObject({
      subject: "We could not publish your changes: Grill House",
      text: expect.stringContaining("Why: The price looks like a typo."),
    });
    expect(await staffDecisions(listing.id)).toEqual([
      {
        action: "listing.revision-approve",
        actor: "staff@example.com",
        before: { title: listing.title, askingPricePence: 50_000_00 },
        after: { title: "Grill House", askingPricePence: 41_000_00 },
      },
      {
        action: "listing.revision-reject",
        actor: "staff@example.com",
        before: null,
        after: { reason: "The price looks like a typo." },
      },
    ]);
  });

  it("approves changes staff have already made to the listing without changing it again", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    await publish(listing.id, new Date());
    await editOwnListing(owner, listing.id, edit({ businessName: listing.title, askingPrice: 50_000_00 - 1 }));
    const revision = await pendingRevisionOf(listing.id);
    await app.database.db
      .update(businessListing)
      .set({ askingPricePence: 50_000_00 - 1 })
      .where(eq(businessListing.id, listing.id));
    const staff = { id: owner.id, email: "staff@example.com" };
    expect(await decideRevision(staff, listing.id, revision!.id, { approve: true })).toBe(true);
    expect(await pendingRevisionOf(listing.id)).toBeNull();
    expect(await staffDecisions(listing.id)).toEqual([
      { action: "listing.revision-approve", actor: "staff@example.com", before: {}, after: {} },
    ]);
    expect((await mailsTo(owner.email)).at(-1)!.subject).toBe(`Your changes are live: ${listing.title}`);
  });
});

describe("listings that stay current, with a moved clock", () => {
  it("asks at 60 days once, expires at 90, and the seller renews it", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    const t0 = new Date("2026-01-10T09:00:00Z");
    await publish(listing.id, t0);
    const at = (days: number) => new Date(t0.getTime() + days * DAY);
    const asked = () => questionsTo(owner.email);

    await runListingLifecycle(app.database.db, at(59));
    expect(await asked()).toHaveLength(0);
    await runListingLifecycle(app.database.db, at(60));
    await runListingLifecycle(app.database.db, at(61));
    expect(await asked()).toHaveLength(1);

    await runListingLifecycle(app.database.db, at(89.9));
    expect((await listingNow(listing.id)).status).toBe("published");
    await runListingLifecycle(app.database.db, at(90));
    await runListingLifecycle(app.database.db, at(91));
    expect((await listingNow(listing.id)).status).toBe("expired");
    expect((await mailsTo(owner.email)).filter((m) => m.subject.startsWith("Your listing has expired"))).toHaveLength(
      1,
    );
    expect(await onBuy(listing.slug)).toBe(false);
    expect(await inSitemap(listing.slug)).toBe(false);
    expect(await pageStatus(listing.slug)).toBe(410);
    expect((await sellerDashboard(owner))[0]!.actions).toEqual(["renew"]);
    // Both of the job's steps are in the audit log, as the job's doing.
    const byJob = await app.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "listing"), eq(auditLog.entityId, String(listing.id))))
      .orderBy(auditLog.id);
    expect(byJob).toEqual([
      {
        action: "listing.availability-check",
        actor: "scheduled job (listing lifecycle)",
        after: { remindedAt: at(60).toISOString(), sellerEmailed: true },
      },
      { action: "listing.expire", actor: "scheduled job (listing lifecycle)", after: { status: "expired" } },
    ]);

    expect(await takeSellerAction(owner, listing.id, "renew")).toBe(true);
    expect(await onBuy(listing.slug)).toBe(true);
    expect(await inSitemap(listing.slug)).toBe(true);
  });

  it("takes a yes by the e-mailed link once, and refuses forged, used and expired links", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    const t0 = new Date("2026-03-01T09:00:00Z");
    await publish(listing.id, t0);
    await runListingLifecycle(app.database.db, new Date(t0.getTime() + 60 * DAY));
    const [mail] = await questionsTo(owner.email);
    const token = linkIn(mail!, "confirm");
    expect(linkIn(mail!, "withdraw")).toBe(token);

    const answeredAt = new Date(t0.getTime() + 70 * DAY);
    expect((await readCheckLink(app.database.db, token, answeredAt)).state).toBe("open");
    expect((await answerCheckLink(app.database.db, token, "confirm", answeredAt)).state).toBe("open");
    expect((await listingNow(listing.id)).confirmedAt).toEqual(answeredAt);
    // Used: the second answer changes nothing.
    expect((await answerCheckLink(app.database.db, token, "withdraw", answeredAt)).state).toBe("used");
    expect((await listingNow(listing.id)).status).toBe("published");
    expect((await readCheckLink(app.database.db, `${token}x`, answeredAt)).state).toBe("invalid");
    expect((await answerCheckLink(app.database.db, "forged-token", "withdraw", answeredAt)).state).toBe("invalid");

    // The clock restarted at the answer: asked again 60 days after it, not before.
    await runListingLifecycle(app.database.db, new Date(answeredAt.getTime() + 59 * DAY));
    expect(await questionsTo(owner.email)).toHaveLength(1);
    await runListingLifecycle(app.database.db, new Date(answeredAt.getTime() + 60 * DAY));
    const second = (await questionsTo(owner.email))[1]!;
    const late = new Date(answeredAt.getTime() + 60 * DAY + 46 * DAY);
    expect((await answerCheckLink(app.database.db, linkIn(second, "withdraw"), "withdraw", late)).state).toBe(
      "expired",
    );
  });

  it("withdraws by the e-mailed link without signing in", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    const t0 = new Date("2026-04-01T09:00:00Z");
    await publish(listing.id, t0);
    await runListingLifecycle(app.database.db, new Date(t0.getTime() + 61 * DAY));
    const [mail] = await questionsTo(owner.email);
    await answerCheckLink(app.database.db, linkIn(mail!, "withdraw"), "withdraw", new Date(t0.getTime() + 62 * DAY));
    expect((await listingNow(listing.id)).status).toBe("withdrawn");
    const [row] = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(listing.id)))
      .orderBy(desc(auditLog.id));
    expect(row!.action).toBe("listing.seller.withdraw");
  });

  it("never expires a listing whose seller was not asked 30 days before, however old", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    const longAgo = new Date("2025-01-01T09:00:00Z");
    await publish(listing.id, longAgo);
    const now = new Date("2026-06-01T09:00:00Z");
    await runListingLifecycle(app.database.db, now);
    expect((await listingNow(listing.id)).status).toBe("published");
    await runListingLifecycle(app.database.db, new Date(now.getTime() + 29 * DAY));
    expect((await listingNow(listing.id)).status).toBe("published");
    await runListingLifecycle(app.database.db, new Date(now.getTime() + 30 * DAY));
    expect((await listingNow(listing.id)).status).toBe("expired");
  });

  it("sends each question once however many servers run the job at the same moment", async () => {
    const owner = await member();
    const listing = await submit(owner.email, owner.id);
    const t0 = new Date("2026-05-01T09:00:00Z");
    await publish(listing.id, t0);
    const due = new Date(t0.getTime() + 60 * DAY);
    await Promise.all([1, 2, 3, 4].map(() => runListingLifecycle(app.database.db, due)));
    expect(await questionsTo(owner.email)).toHaveLength(1);
    const links = await app.database.db
      .select()
      .from(listingCheckLink)
      .where(eq(listingCheckLink.listingId, listing.id));
    expect(links).toHaveLength(1);
  });
});

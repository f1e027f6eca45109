// Reviews (decision 0035) on PGlite or PostgreSQL: published at once or held
// for each of the checks' reasons, whatever the stars; one per member and
// business, edited with the checks again, deleted; the average and count kept
// on the business's row; staff's decisions with the reviewer's e-mail, the
// audit log and the ban for fake reviews; reports that leave a review up;
// owners' replies and the owner's e-mail when a review appears (decision 0038).
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readListParams } from "../../app/features/admin/lists/list-params";
import {
  decideReview,
  removeOwnerReply,
  setReviewWarning,
  staffReview,
} from "../../app/features/reviews/moderation.server";
import { deleteReply, reviewToReply, saveReply } from "../../app/features/reviews/replies.server";
import { replySchema, reviewSchema } from "../../app/features/reviews/review-rules";
import { reviewsList } from "../../app/features/reviews/reviews-list.server";
import {
  containsLink,
  deleteReview,
  fingerprintOf,
  listReviews,
  myReview,
  REPORT_RATE_LIMIT,
  REVIEW_RATE_LIMITS,
  reportReview,
  reviewerConnectedToBusiness,
  saveReview,
} from "../../app/features/reviews/reviews.server";
import { auditLog, directoryBusiness, outbox, review, reviewReport, user } from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;
const WEEK_AGO = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000);
const staff = { id: "staff-reviews", email: "staff@hbs.example" };
/** Every review of the back office's list in one state (held, reported, decided). */
const reviewsIn = (state: string) =>
  reviewsList.rows(readListParams(reviewsList.spec, new URLSearchParams({ state })), 1_000, 0);

beforeAll(async () => {
  await app.database.db.insert(user).values({ ...staff, role: "admin", emailVerified: true });
});

async function member(options: { email?: string; createdAt?: Date; verified?: boolean; name?: string } = {}) {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({
      id: `r-${counter}`,
      email: options.email ?? `reviewer${counter}@example.org`,
      fullName: options.name ?? `Reviewer ${counter}`,
      emailVerified: options.verified ?? true,
      createdAt: options.createdAt ?? WEEK_AGO,
    })
    .returning();
  return row!;
}

async function business(website: string | null = null) {
  counter += 1;
  const [row] = await app.database.db
    .insert(directoryBusiness)
    .values({
      slug: `reviewed-${counter}`,
      name: `Grill House ${counter}`,
      category: "food",
      description: "A grill.",
      town: "Cardiff",
      website,
    })
    .returning();
  return row!;
}

/** A review's text, different for every call unless `words` is given. */
const text = (words?: string) =>
  words ?? `Lovely lamb chops and friendly staff, visit number ${(counter += 1)}, would go again.`;
const input = (rating: number, body = text()) => reviewSchema.parse({ rating: String(rating), body });
/** A fresh network address for each call, so no check or limit sees another test's. */
const ip = () => `198.51.100.${(counter += 1) % 250}`;

const aggregate = async (businessId: number) => {
  const [row] = await app.database.db
    .select({ count: directoryBusiness.reviewCount, total: directoryBusiness.ratingTotal })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.id, businessId));
  return row!;
};
const mailsTo = async (to: string) =>
  (await app.database.db.select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
const reviewOf = async (userId: string, businessId: number) =>
  (
    await app.database.db
      .select()
      .from(review)
      .where(and(eq(review.userId, userId), eq(review.businessId, businessId)))
  )[0]!;

describe("writing a review", () => {
  it("publishes a verified member's review at once, counts it, lists it and e-mails the reviewer", async () => {
    const place = await business();
    const author = await member({ name: "Amina Khan" });
    expect(await saveReview(author, place.id, input(4), ip())).toEqual({ status: "published" });
    expect(await aggregate(place.id)).toEqual({ count: 1, total: 4 });
    const [shown] = await listReviews(place.id, "newest", 1);
    expect(shown).toMatchObject({ rating: 4, author: "Amina Khan", editedAt: null });
    expect(JSON.stringify(shown)).not.toContain(author.email);
    const [mail] = await mailsTo(author.email);
    expect(mail!.subject).toBe(`Your review of ${place.name} is published`);
    expect(mail!.text).toContain(`/halal-network-space/${place.slug}#reviews`);
  });

  it("refuses a member whose e-mail is not verified, and stores nothing", async () => {
    const place = await business();
    const author = await member({ verified: false });
    expect(await saveReview(author, place.id, input(5), ip())).toEqual({ status: "unverified" });
    expect(await myReview(author.id, place.id)).toBeNull();
  });

  it("refuses an unpublished business as not found", async () => {
    const place = await business();
    await app.database.db.update(directoryBusiness).set({ published: false }).where(eq(directoryBusiness.id, place.id));
    expect(await saveReview(await member(), place.id, input(5), ip())).toEqual({ status: "not-found" });
  });

  it("keeps one review per member and business: a second save edits it, marked edited, with the checks run again", async () => {
    const place = await business();
    const author = await member();
    await saveReview(author, place.id, input(2), ip());
    expect(await saveReview(author, place.id, input(5), ip())).toEqual({ status: "published" });
    const rows = await app.database.db.select().from(review).where(eq(review.businessId, place.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.editedAt).not.toBeNull();
    expect(await aggregate(place.id)).toEqual({ count: 1, total: 5 });
    // Only the first save was acknowledged: an edit that stays published sends nothing.
    expect(await mailsTo(author.email)).toHaveLength(1);

    // An edit that adds a link is held: it leaves the list and the average until staff decide.
    const linked = input(5, text("Great, and see https://grill.example.com for more."));
    expect(await saveReview(author, place.id, linked, ip())).toEqual({ status: "held" });
    expect(await aggregate(place.id)).toEqual({ count: 0, total: 0 });
    expect(await listReviews(place.id, "newest", 1)).toEqual([]);
    expect((await mailsTo(author.email)).at(-1)!.subject).toContain("is waiting for a check");
  });

  it("deletes only the member's own review, and the count follows", async () => {
    const place = await business();
    const author = await member();
    const other = await member();
    await saveReview(author, place.id, input(3), ip());
    expect(await deleteReview(other.id, place.id)).toBe(false);
    expect(await aggregate(place.id)).toEqual({ count: 1, total: 3 });
    expect(await deleteReview(author.id, place.id)).toBe(true);
    expect(await aggregate(place.id)).toEqual({ count: 0, total: 0 });
    expect(await myReview(author.id, place.id)).toBeNull();
  });

  it("lists newest first by default, and by stars highest or lowest first", async () => {
    const place = await business();
    for (const stars of [3, 5, 1]) await saveReview(await member(), place.id, input(stars), ip());
    const order = async (sort: "newest" | "highest" | "lowest") =>
      (await listReviews(place.id, sort, 1)).map((r) => r.rating);
    expect(await order("newest")).toEqual([1, 5, 3]);
    expect(await order("highest")).toEqual([5, 3, 1]);
    expect(await order("lowest")).toEqual([1, 3, 5]);
    expect(await aggregate(place.id)).toEqual({ count: 3, total: 9 });
  });

  it("limits how many reviews one member writes in an hour", async () => {
    const author = await member();
    const outcomes = [];
    for (let i = 0; i <= REVIEW_RATE_LIMITS.member.limit; i += 1) {
      outcomes.push((await saveReview(author, (await business()).id, input(4), ip())).status);
    }
    expect(outcomes.at(-1)).toBe("rate-limited");
    expect(outcomes.slice(0, -1).every((s) => s === "published")).toBe(true);
  });
});

describe("the checks before publishing", () => {
  /** Saves and returns the review's stored state. */
  async function heldFor(author: { id: string }, businessId: number, rating: number, body?: string, from = ip()) {
    const outcome = await saveReview(author, businessId, input(rating, body), from);
    const stored = await reviewOf(author.id, businessId);
    return { outcome: outcome.status, reasons: stored.holdReasons };
  }

  it("holds a review from an account under 24 hours old, and does not count it", async () => {
    const place = await business();
    const author = await member({ createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    expect(await heldFor(author, place.id, 5)).toEqual({ outcome: "held", reasons: ["new_account"] });
    expect(await aggregate(place.id)).toEqual({ count: 0, total: 0 });
    expect(await listReviews(place.id, "newest", 1)).toEqual([]);
    const mails = await mailsTo(author.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your review of ${place.name} is waiting for a check`]);
  });

  it("holds a second review of one business from the same network within a day, not one of another business", async () => {
    const place = await business();
    const network = ip();
    expect((await heldFor(await member(), place.id, 5, undefined, network)).outcome).toBe("published");
    expect(await heldFor(await member(), place.id, 5, undefined, network)).toEqual({
      outcome: "held",
      reasons: ["same_network"],
    });
    expect((await heldFor(await member(), (await business()).id, 5, undefined, network)).outcome).toBe("published");
  });

  it("holds text that repeats another review once case, punctuation and spacing are set aside", async () => {
    const words = "The best biryani in Cardiff, fresh naan and quick service every time we go.";
    expect((await heldFor(await member(), (await business()).id, 5, words)).outcome).toBe("published");
    const copy = "the BEST biryani in cardiff  fresh naan and quick service -- every time we go!";
    expect(fingerprintOf(copy)).toBe(fingerprintOf(words));
    expect(await heldFor(await member(), (await business()).id, 5, copy)).toEqual({
      outcome: "held",
      reasons: ["repeated_text"],
    });
  });

  it("holds text with a link", async () => {
    expect(containsLink("Order at www.grill.example today, it is very good food")).toBe(true);
    expect(containsLink("Try grill-house.co.uk for the menu")).toBe(true);
    expect(containsLink("Good food, e.g. the lamb. Prices fair, service 10/10.")).toBe(false);
    const body = "Brilliant food, order online at http://example.com/menu right now please.";
    expect(await heldFor(await member(), (await business()).id, 5, body)).toEqual({
      outcome: "held",
      reasons: ["contains_link"],
    });
  });

  it("holds a review by someone who works for the business (e-mail at its website's domain) or owns it", async () => {
    const place = await business("https://www.grill-house-cardiff.example.com/menu");
    const employee = await member({ email: "manager@grill-house-cardiff.example.com" });
    expect(await reviewerConnectedToBusiness(app.database.db, employee.id, place.id)).toBe(true);
    expect(await heldFor(employee, place.id, 5)).toEqual({ outcome: "held", reasons: ["connected"] });

    const owner = await member();
    await app.database.db
      .update(directoryBusiness)
      .set({ ownerId: owner.id })
      .where(eq(directoryBusiness.id, place.id));
    expect(await heldFor(owner, place.id, 5)).toEqual({ outcome: "held", reasons: ["connected"] });

    // A customer with an address elsewhere is not connected, nor is an unverified address at the domain.
    expect(await reviewerConnectedToBusiness(app.database.db, (await member()).id, place.id)).toBe(false);
    const unverified = await member({ email: "x@grill-house-cardiff.example.com", verified: false });
    expect(await reviewerConnectedToBusiness(app.database.db, unverified.id, place.id)).toBe(false);
  });

  it("treats negative and positive reviews alike: a 1-star review publishes at once, and is held for the same reasons", async () => {
    const place = await business();
    expect((await heldFor(await member(), place.id, 1)).outcome).toBe("published");
    const body = "Awful service and cold food, see www.complaints.example for photos of it.";
    expect((await heldFor(await member(), place.id, 1, body)).reasons).toEqual(["contains_link"]);
    expect((await heldFor(await member(), (await business()).id, 5, body.replace("Awful", "Great"))).reasons).toEqual([
      "contains_link",
    ]);
  });

  it("records every reason that applies", async () => {
    const place = await business("https://kebab.example.net");
    const author = await member({ email: "owner@kebab.example.net", createdAt: new Date() });
    expect(
      (await heldFor(author, place.id, 5, "Best kebabs in town: order at https://kebab.example.net now")).reasons,
    ).toEqual(["new_account", "contains_link", "connected"]);
  });
});

describe("staff decisions", () => {
  it("approving a held review publishes it, counts it, e-mails the reviewer and is audited", async () => {
    const place = await business();
    const author = await member({ createdAt: new Date() });
    await saveReview(author, place.id, input(4), ip());
    const held = await reviewOf(author.id, place.id);
    expect((await reviewsIn("held")).map((r) => r.id)).toContain(held.id);

    expect(await decideReview(staff, held.id, { kind: "publish" })).toBe(true);
    expect(await aggregate(place.id)).toEqual({ count: 1, total: 4 });
    expect((await mailsTo(author.email)).at(-1)!.subject).toBe(`Your review of ${place.name} is published`);
    expect((await reviewsIn("held")).map((r) => r.id)).not.toContain(held.id);
    expect((await reviewsIn("decided")).map((r) => r.id)).toContain(held.id);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "review"), eq(auditLog.entityId, String(held.id))));
    expect(audit).toMatchObject({ action: "review.publish", actorEmail: staff.email, after: { status: "published" } });
  });

  it("removing tells the reviewer the reason; removed as fake also bars them from reviewing", async () => {
    const place = await business();
    const author = await member();
    await saveReview(author, place.id, input(5), ip());
    const published = await reviewOf(author.id, place.id);
    const reason = "It is not about a visit to this business.";
    expect(await decideReview(staff, published.id, { kind: "remove", reason, asFake: true })).toBe(true);
    expect(await aggregate(place.id)).toEqual({ count: 0, total: 0 });
    const mail = (await mailsTo(author.email)).at(-1)!;
    expect(mail.subject).toBe(`Your review of ${place.name} has been removed`);
    expect(mail.text).toContain(reason);
    expect((await staffReview(published.id))!.authorBanned).not.toBeNull();

    // Neither a new review elsewhere nor an edit over the removed one.
    expect(await saveReview(author, (await business()).id, input(5), ip())).toEqual({ status: "banned" });
    expect((await reviewOf(author.id, place.id)).status).toBe("removed");
  });

  it("removing without 'fake' leaves the member free to review elsewhere, but not to write over the removal", async () => {
    const place = await business();
    const author = await member();
    await saveReview(author, place.id, input(2), ip());
    const row = await reviewOf(author.id, place.id);
    await decideReview(staff, row.id, { kind: "remove", reason: "Personal details of staff.", asFake: false });
    expect(await saveReview(author, place.id, input(2), ip())).toEqual({ status: "removed" });
    expect(await saveReview(author, (await business()).id, input(2), ip())).toEqual({ status: "published" });
  });

  it("sets and clears the warning on a business found buying reviews, audited", async () => {
    const place = await business();
    expect(await setReviewWarning(staff, place.id, "We found this business offered rewards for reviews.")).toBe(true);
    const [row] = await app.database.db.select().from(directoryBusiness).where(eq(directoryBusiness.id, place.id));
    expect(row!.reviewWarning).toBe("We found this business offered rewards for reviews.");
    expect(await setReviewWarning(staff, place.id, null)).toBe(true);
    const audits = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.review-warning"), eq(auditLog.entityId, String(place.id))));
    expect(audits).toHaveLength(2);
  });
});

describe("reports", () => {
  it("anyone reports a review: it stays published until staff decide, and keeping it dismisses the reports", async () => {
    const place = await business();
    const author = await member();
    await saveReview(
      author,
      place.id,
      input(1, text("Terrible: the chicken was raw and the staff were rude to us.")),
      ip(),
    );
    const published = await reviewOf(author.id, place.id);
    expect(await reportReview(published.id, null, "The owner says this never happened.", ip())).toBe("reported");
    expect((await reviewOf(author.id, place.id)).status).toBe("published");
    expect(await listReviews(place.id, "newest", 1)).toHaveLength(1);
    expect((await reviewsIn("reported")).find((r) => r.id === published.id)).toMatchObject({ openReports: 1 });

    await decideReview(staff, published.id, { kind: "publish" });
    const reports = await app.database.db.select().from(reviewReport).where(eq(reviewReport.reviewId, published.id));
    expect(reports.map((r) => r.status)).toEqual(["dismissed"]);
    expect((await reviewOf(author.id, place.id)).status).toBe("published");
    // Keeping a published review is no news to its author.
    expect((await mailsTo(author.email)).map((m) => m.subject)).toEqual([`Your review of ${place.name} is published`]);
  });

  it("refuses reports of a review that is not published, and limits reports per network", async () => {
    const place = await business();
    const author = await member({ createdAt: new Date() });
    await saveReview(author, place.id, input(5), ip());
    const held = await reviewOf(author.id, place.id);
    expect(await reportReview(held.id, null, "fake", ip())).toBe("not-found");
    expect(await reportReview(999_999, null, "fake", ip())).toBe("not-found");

    const other = await member();
    await saveReview(other, place.id, input(5), ip());
    const target = await reviewOf(other.id, place.id);
    const network = ip();
    const outcomes = [];
    for (let i = 0; i <= REPORT_RATE_LIMIT.limit; i += 1)
      outcomes.push(await reportReview(target.id, null, "x", network));
    expect(outcomes.at(-1)).toBe("rate-limited");
    const stored = await app.database.db
      .select()
      .from(reviewReport)
      .where(eq(reviewReport.reviewId, target.id))
      .orderBy(desc(reviewReport.id));
    expect(stored).toHaveLength(REPORT_RATE_LIMIT.limit);
  });
});

describe("owners' replies and e-mails (decision 0038)", () => {
  const reply = (words: string) => replySchema.parse({ reply: words });
  async function ownedBusiness() {
    const owner = await member({ name: "Owner Person" });
    const place = await business();
    await app.database.db
      .update(directoryBusiness)
      .set({ ownerId: owner.id })
      .where(eq(directoryBusiness.id, place.id));
    return { owner, place };
  }

  it("tells the owner when a review appears, at once or when staff publish a held one, with where to reply", async () => {
    const { owner, place } = await ownedBusiness();
    const reviewer = await member({ name: "Amina Khan" });
    expect(
      (await saveReview(reviewer, place.id, input(2, text("Cold chips and a long wait for them.")), ip())).status,
    ).toBe("published");
    const mine = await reviewOf(reviewer.id, place.id);
    const [arrived] = await mailsTo(owner.email);
    expect(arrived!.subject).toBe(`New review of ${place.name}: 2 out of 5`);
    expect(arrived!.text).toContain(`Amina Khan reviewed ${place.name}`);
    expect(arrived!.text).toContain("Cold chips and a long wait for them.");
    expect(arrived!.text).toContain(`/my-businesses/${place.id}/reviews/${mine.id}`);

    // An edit of a published review is not news; a held review is news only once staff publish it.
    await saveReview(reviewer, place.id, input(3, text("Cold chips, but the second visit was better.")), ip());
    const newcomer = await member({ createdAt: new Date() });
    expect((await saveReview(newcomer, place.id, input(5), ip())).status).toBe("held");
    expect(await mailsTo(owner.email)).toHaveLength(1);
    await decideReview(staff, (await reviewOf(newcomer.id, place.id)).id, { kind: "publish" });
    expect((await mailsTo(owner.email)).map((m) => m.subject)).toEqual([
      `New review of ${place.name}: 2 out of 5`,
      `New review of ${place.name}: 5 out of 5`,
    ]);
  });

  it("lets the owner reply once to a published review, edit it and delete it; shown under the review, audited, the reviewer told once", async () => {
    const { owner, place } = await ownedBusiness();
    const reviewer = await member();
    await saveReview(reviewer, place.id, input(2), ip());
    const { id } = await reviewOf(reviewer.id, place.id);

    expect(await saveReply(owner, place.id, id, reply("Sorry to hear it: we have a new chef since March."))).toBe(
      "saved",
    );
    let [shown] = await listReviews(place.id, "newest", 1);
    expect(shown).toMatchObject({ reply: "Sorry to hear it: we have a new chef since March.", replyEditedAt: null });
    expect(shown!.repliedAt).toBeInstanceOf(Date);
    expect(await saveReply(owner, place.id, id, reply("Sorry to hear it: we have a new chef since March."))).toBe(
      "unchanged",
    );
    expect(await saveReply(owner, place.id, id, reply("Sorry to hear it. Please come back and ask for Ali."))).toBe(
      "saved",
    );
    [shown] = await listReviews(place.id, "newest", 1);
    expect(shown).toMatchObject({ reply: "Sorry to hear it. Please come back and ask for Ali." });
    expect(shown!.replyEditedAt).toBeInstanceOf(Date);
    // The review itself is untouched: same stars, same text, not marked edited.
    const after = await reviewOf(reviewer.id, place.id);
    expect([after.rating, after.editedAt, after.status]).toEqual([2, null, "published"]);
    expect(
      (await mailsTo(reviewer.email)).filter((m) => m.subject === `${place.name} replied to your review`),
    ).toHaveLength(1);
    const audited = await app.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "review"), eq(auditLog.entityId, String(id))));
    expect(audited.map((a) => a.action)).toEqual(["review.owner.reply", "review.owner.reply"]);

    expect(await deleteReply(owner, place.id, id)).toBe(true);
    expect((await listReviews(place.id, "newest", 1))[0]!.reply).toBeNull();
    expect(await deleteReply(owner, place.id, id)).toBe(false);
  });

  it("refuses anyone but the owner, a review of another business, and a review that is not published", async () => {
    const { owner, place } = await ownedBusiness();
    const { owner: otherOwner, place: otherPlace } = await ownedBusiness();
    const reviewer = await member();
    await saveReview(reviewer, place.id, input(4), ip());
    const { id } = await reviewOf(reviewer.id, place.id);
    const words = reply("Thank you for coming.");

    expect(await saveReply(otherOwner, place.id, id, words)).toBe("not-found");
    expect(await saveReply(otherOwner, otherPlace.id, id, words)).toBe("not-found");
    expect(await saveReply(reviewer, place.id, id, words)).toBe("not-found");
    expect(await reviewToReply(otherOwner.id, place.id, id)).toBeNull();

    const newcomer = await member({ createdAt: new Date() });
    await saveReview(newcomer, place.id, input(1), ip());
    const held = await reviewOf(newcomer.id, place.id);
    expect(await saveReply(owner, place.id, held.id, words)).toBe("not-found");
    expect((await reviewOf(newcomer.id, place.id)).replyBody).toBeNull();

    expect(await saveReply(owner, place.id, id, words)).toBe("saved");
    expect(await deleteReply(otherOwner, place.id, id)).toBe(false);
    expect((await reviewOf(reviewer.id, place.id)).replyBody).toBe("Thank you for coming.");
  });

  it("lets staff remove an owner's reply, audited, and keeps the review", async () => {
    const { owner, place } = await ownedBusiness();
    const reviewer = await member();
    await saveReview(reviewer, place.id, input(1), ip());
    const { id } = await reviewOf(reviewer.id, place.id);
    await saveReply(owner, place.id, id, reply("This reviewer is lying and we know where they live."));
    expect(await removeOwnerReply(staff, id)).toBe(true);
    const after = await reviewOf(reviewer.id, place.id);
    expect([after.status, after.replyBody]).toEqual(["published", null]);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "review.reply-remove"), eq(auditLog.entityId, String(id))));
    expect(audit!.actorEmail).toBe(staff.email);
    expect(await removeOwnerReply(staff, id)).toBe(false);
  });

  it("takes 1 to 2,000 characters of text", () => {
    expect(replySchema.safeParse({ reply: "   " }).success).toBe(false);
    expect(replySchema.safeParse({ reply: "x".repeat(2001) }).success).toBe(false);
    expect(replySchema.safeParse({ reply: "Thanks!" }).success).toBe(true);
  });
});

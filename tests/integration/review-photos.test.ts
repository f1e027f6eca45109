// Photos in reviews (issue #47 point 5, decision 0093), through the routes'
// actions and loaders: up to four real pictures, re-encoded without their
// EXIF; shown with their review once it is published; a photo reported on its
// own and removed by staff while the review stays; and no member reaching
// another's photos.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { decideReview } from "../../app/features/reviews/moderation.server";
import { removeReviewPhoto } from "../../app/features/reviews/photos.server";
import { action as reviewAction } from "../../app/routes/directory-review";
import { action as accountAction } from "../../app/routes/my-account";
import { action as reportAction, loader as reportLoader } from "../../app/routes/review-report";
import { auditLog, review, reviewPhoto, reviewReport, user } from "../../app/server/schema";
import { storage } from "../../app/server/storage.server";
import { callAction, signedInMember } from "../helpers/actions";
import { addBusiness, businessPageData } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const staff = { id: "staff-photos", email: "photos-staff@example.com", role: "admin" } as SessionUser;
let writer = { id: "", cookie: "" };
let other = { id: "", cookie: "" };
const slug = "photo-grill";
const BODY = "The lamb chops were charred just right and the naan came hot from the tandoor.";

/** A JPEG carrying EXIF: who took it and with what. */
const jpeg = (colour: string) =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Amina Patel", Make: "PhoneCo", Model: "Pocket 9" } })
    .toBuffer();

const file = (bytes: Buffer, name: string, type = "image/jpeg") => new File([new Uint8Array(bytes)], name, { type });

async function saveReview(cookie: string, photos: File[], removePhoto: number[] = []) {
  const form = new FormData();
  form.set("intent", "save");
  form.set("rating", "4");
  form.set("body", BODY);
  for (const photo of photos) form.append("photos", photo);
  for (const id of removePhoto) form.append("removePhoto", String(id));
  return callAction<{ result: { error?: Record<string, string[]> } }>(reviewAction, {
    path: `/halal-network-space/${slug}/review`,
    params: { slug },
    body: form,
    headers: { cookie },
  });
}

const photosOf = async (userId: string) =>
  db()
    .select({ id: reviewPhoto.id, name: reviewPhoto.name, reviewId: reviewPhoto.reviewId })
    .from(reviewPhoto)
    .innerJoin(review, eq(review.id, reviewPhoto.reviewId))
    .where(eq(review.userId, userId))
    .orderBy(reviewPhoto.id);

const page = () => businessPageData(slug);

beforeAll(async () => {
  await addBusiness(db(), "Photo Grill", { halalStatus: "fully_halal" }, []);
  writer = await signedInMember("photo-writer@example.com", { ip: "198.51.100.151", fullName: "Amina Patel" });
  other = await signedInMember("photo-other@example.com", { ip: "198.51.100.152", fullName: "Omar Khan" });
  for (const m of [writer, other]) await db().update(user).set({ emailVerified: true }).where(eq(user.id, m.id));
  await db().insert(user).values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin" });
});

describe("photos in a review", () => {
  it("refuse what is not a picture, or more than four, and change nothing", async () => {
    const fake = await saveReview(writer.cookie, [file(Buffer.from("<html>not a photo</html>"), "chops.jpg")]);
    expect(fake.status).toBe(400);
    expect(fake.data.result.error?.photos).toEqual([
      "chops.jpg could not be read as a picture. Please choose JPEG, PNG or WebP photos.",
    ]);
    const five = await Promise.all(["red", "green", "blue", "white", "black"].map(jpeg));
    const tooMany = await saveReview(
      writer.cookie,
      five.map((bytes, i) => file(bytes, `p${i}.jpg`)),
    );
    // More files than a review takes: the body is refused as it is read ("You can upload up to 4 photos.").
    expect(tooMany.status).toBe(413);
    expect(await db().select().from(review).where(eq(review.userId, writer.id))).toEqual([]);
  });

  it("are kept without their EXIF, no wider than 1,600 px, and shown once the review is published", async () => {
    const saved = await saveReview(writer.cookie, [
      file(await jpeg("red"), "a.jpg"),
      file(await jpeg("blue"), "b.jpg"),
    ]);
    expect(saved.status).toBe(302);
    const stored = await photosOf(writer.id);
    expect(stored).toHaveLength(2);
    const bytes = (await storage().uploads.folder("reviews").read(stored[0]!.name))!;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Amina Patel"))).toBe(false);

    // A new account's review is held: its photos are not on the page until staff publish it.
    expect((await page()).reviews.reviews).toEqual([]);
    expect(await decideReview(staff, stored[0]!.reviewId, { kind: "publish" })).toBe(true);
    const [shown] = (await page()).reviews.reviews;
    expect(shown!.photos.map((p) => p.url)).toEqual(stored.map((p) => `/uploads/reviews/${p.name}`));

    // A third and a fourth may be added; a fifth may not.
    const more = await saveReview(writer.cookie, [
      file(await jpeg("green"), "c.jpg"),
      file(await jpeg("white"), "d.jpg"),
    ]);
    expect(more.status).toBe(302);
    const fifth = await saveReview(writer.cookie, [file(await jpeg("black"), "e.jpg")]);
    expect(fifth.data.result.error?.photos).toEqual(["A review can have up to 4 photos"]);
    expect(await photosOf(writer.id)).toHaveLength(4);
  });

  it("are the writer's alone: another member's edit never removes them", async () => {
    const [theirs] = await photosOf(writer.id);
    const mine = await saveReview(other.cookie, [], [theirs!.id]);
    expect(mine.status).toBe(302);
    expect((await photosOf(writer.id)).map((p) => p.id)).toContain(theirs!.id);
  });

  it("can be reported one by one, and staff remove one without removing the review", async () => {
    const [first, second] = await photosOf(writer.id);
    const reviewId = first!.reviewId;
    // Its edits were held again (the account is new): published, so that its photos are on the page.
    await decideReview(staff, reviewId, { kind: "publish" });
    const path = `/halal-network-space/${slug}/reviews/${reviewId}/report`;
    // A photo of another review, or none at all, is no photo of this one.
    const [otherPhoto] = await photosOf(other.id).then(async (rows) =>
      rows.length ? rows : (await saveReview(other.cookie, [file(await jpeg("red"), "o.jpg")]), photosOf(other.id)),
    );
    const notThis = await reportLoader({
      params: { slug, id: String(reviewId) },
      request: new Request(`http://localhost${path}?photo=${otherPhoto!.id}`),
      context: new RouterContextProvider(),
    } as never).catch((thrown: { init?: { status?: number } }) => thrown);
    expect((notThis as { init?: { status?: number } }).init?.status).toBe(404);

    const reported = await callAction(reportAction, {
      path,
      params: { slug, id: String(reviewId) },
      body: new URLSearchParams({ intent: "report", reason: "A stranger's face is in it.", photo: String(second!.id) }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: "203.0.113.77",
    });
    expect(reported.status).toBe(302);
    const [report] = await db().select().from(reviewReport).where(eq(reviewReport.reviewId, reviewId));
    expect(report).toMatchObject({ photoId: second!.id, status: "open" });

    expect(await removeReviewPhoto(staff, reviewId, second!.id)).toBe(true);
    expect(await removeReviewPhoto(staff, reviewId, second!.id)).toBe(false);
    expect(await storage().uploads.folder("reviews").has(second!.name)).toBe(false);
    const [shown] = (await page()).reviews.reviews;
    expect(shown!.body).toBe(BODY);
    expect(shown!.photos.map((p) => p.id)).not.toContain(second!.id);
    expect(shown!.photos).toHaveLength(3);
    const [upheld] = await db().select().from(reviewReport).where(eq(reviewReport.id, report!.id));
    expect(upheld).toMatchObject({ status: "upheld", photoId: null });
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "review.photo-remove"), eq(auditLog.entityId, String(reviewId))));
    expect(audited).toHaveLength(1);
  });
});

describe("a member who deletes their account", () => {
  it("takes their review's photos with it: the files are no longer served", async () => {
    const leaver = await signedInMember("photo-leaver@example.com", { ip: "198.51.100.153", fullName: "Leaver" });
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, leaver.id));
    expect((await saveReview(leaver.cookie, [file(await jpeg("green"), "g.jpg")])).status).toBe(302);
    const [photo] = await photosOf(leaver.id);
    expect(await storage().uploads.folder("reviews").has(photo!.name)).toBe(true);
    const deleted = await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ intent: "delete-account", password: "Quiet-Harbour-19" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: leaver.cookie },
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(reviewPhoto).where(eq(reviewPhoto.id, photo!.id))).toEqual([]);
    expect(await storage().uploads.folder("reviews").has(photo!.name)).toBe(false);
    // The other members' photos stay.
    expect((await photosOf(writer.id)).length).toBeGreaterThan(0);
    expect(
      await storage()
        .uploads.folder("reviews")
        .has((await photosOf(writer.id))[0]!.name),
    ).toBe(true);
  });
});

// The back office's work on the database: a listing's review and life, the
// enquiries inbox, subscriptions and their expiry, the outbox, making staff,
// and the audit log behind all of it. Authorisation of /admin is tested over
// HTTP, through the route middleware, in tests/e2e/admin.spec.ts.
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { createAdmin } from "../../app/features/admin/admins.server";
import { addEnquiryNote, enquiriesList, getEnquiry, setEnquiryStatus } from "../../app/features/admin/enquiries.server";
import { getListingForReview, saveListing, transitionListing } from "../../app/features/admin/listings.server";
import { outboxList, retryMessage } from "../../app/features/admin/outbox.server";
import { loadAdminList } from "../../app/features/admin/lists/admin-list.server";
import { getDirectoryBusiness, saveDirectoryBusiness } from "../../app/features/admin/directory.server";
import { businessSchema, listingEditSchema } from "../../app/features/admin/schemas";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { promotionTargets } from "../../app/features/payments/checkout.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { uploadsDir } from "../../app/server/storage.server";
import {
  createSubscription,
  expireSubscriptions,
  setSubscriptionStatus,
} from "../../app/features/admin/subscriptions.server";
import { listSubscriptions } from "../../app/features/account/member.server";
import { listEnquiriesOf, recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { getSessionUser } from "../../app/features/account/session.server";
import { action as accountAction } from "../../app/routes/my-account";
import { action as authAction } from "../../app/routes/auth";
import { action as sellAction } from "../../app/routes/sell";
import { auditLog, businessListing, outbox, user } from "../../app/server/schema";
import { callAction, sessionCookieOf } from "../helpers/actions";
import { inSitemap, pageStatus } from "../helpers/listing-visibility";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();

async function staff(email = "staff@example.com"): Promise<SessionUser> {
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `staff-${email}`, email, role: "admin" })
    .onConflictDoNothing()
    .returning();
  return (row ?? { id: `staff-${email}`, email }) as SessionUser;
}

const onBuy = async (title: string) =>
  (await searchListings(parseListingQuery(new URLSearchParams({ search: title })), null)).items.some(
    (l) => l.title === title,
  );
const mailsTo = async (to: string) =>
  (await app.database.db.select().from(outbox).orderBy(desc(outbox.id)))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);

async function submitForSale(businessName: string, contactEmail: string) {
  const photo = new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a5" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "shop.jpg",
    { type: "image/jpeg" },
  );
  const body = new FormData();
  const fields = {
    businessName,
    category: "food",
    location: "Leeds",
    askingPrice: "90000",
    annualRevenue: "250000",
    description: "A well-known bakery with a loyal following.",
    contactName: "Amina Patel",
    contactEmail,
    contactPhone: "0113 496 0000",
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("photos", photo);
  const answer = await callAction(sellAction, {
    path: "/sell",
    body,
    ip: `198.51.100.${Math.floor(Math.random() * 200)}`,
  });
  expect(answer.status).toBe(200);
  const [listing] = await app.database.db.select().from(businessListing).where(eq(businessListing.title, businessName));
  return listing!;
}

const edit = (values: Record<string, string | string[]>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const v of [value].flat()) body.append(name, v);
  }
  const parsed = listingEditSchema.safeParse(
    Object.fromEntries(
      [...new Set(body.keys())].map((k) => [
        k,
        k === "keepImages" || k === "sellerPhotos" ? body.getAll(k) : body.get(k),
      ]),
    ),
  );
  if (!parsed.success) throw parsed.error;
  return parsed.data;
};

describe("listing review", () => {
  it("a submission waits unseen; edited and approved it is published and the seller told; withdrawn it is gone with a 410", async () => {
    const admin = await staff();
    const listing = await submitForSale("Headingley Bakery", "amina@example.com");
    expect(listing.status).toBe("pending");
    expect(await onBuy("Headingley Bakery")).toBe(false);
    expect(await inSitemap(listing.slug)).toBe(false);
    expect(await pageStatus(listing.slug)).toBe(404);

    const review = (await getListingForReview(listing.id))!;
    expect(review.submission).toMatchObject({ contactEmail: "amina@example.com", contactName: "Amina Patel" });
    expect(review.submission!.photos).toHaveLength(1);

    const saved = await saveListing(
      admin,
      listing.id,
      edit({
        title: "Headingley Artisan Bakery",
        category: "food",
        town: "Leeds",
        postcode: "ls6 3hn",
        askingPrice: "95,000",
        description: "A well-known bakery with a loyal following.",
        features: "Freehold\nParking for 4",
        sellerPhotos: review.submission!.photos,
        // Not one of this listing's images: ignored.
        keepImages: "/uploads/seed/someone-else.webp",
      }),
    );
    expect(saved).toEqual({ ok: true });
    const [edited] = await app.database.db.select().from(businessListing).where(eq(businessListing.id, listing.id));
    expect(edited).toMatchObject({
      title: "Headingley Artisan Bakery",
      postcode: "LS6 3HN",
      askingPricePence: 9_500_000,
      features: ["Freehold", "Parking for 4"],
      images: [`/uploads/listings/${review.submission!.photos[0]}`],
    });
    const [editAudit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "listing.edit"), eq(auditLog.entityId, String(listing.id))));
    expect(editAudit).toMatchObject({
      actorEmail: "staff@example.com",
      before: { title: "Headingley Bakery", askingPricePence: 9_000_000 },
      after: { title: "Headingley Artisan Bakery", askingPricePence: 9_500_000 },
    });

    expect(await transitionListing(admin, listing.id, "approve")).toBe(true);
    expect(await onBuy("Headingley Artisan Bakery")).toBe(true);
    expect(await inSitemap(listing.slug)).toBe(true);
    expect(await pageStatus(listing.slug)).toBe(200);
    const [published] = await mailsTo("amina@example.com");
    expect(published!.subject).toBe("Your business is now listed on HBS: Headingley Artisan Bakery");
    expect(published!.text).toContain(`/buy/${listing.slug}`);

    // Approving twice does nothing; a withdrawn listing leaves /buy, search and the sitemap.
    expect(await transitionListing(admin, listing.id, "approve")).toBe(false);
    expect(await transitionListing(admin, listing.id, "withdraw")).toBe(true);
    expect(await onBuy("Headingley Artisan Bakery")).toBe(false);
    expect(await inSitemap(listing.slug)).toBe(false);
    expect(await pageStatus(listing.slug)).toBe(410);
    expect((await mailsTo("amina@example.com"))[0]!.subject).toBe(
      "Your listing has been withdrawn: Headingley Artisan Bakery",
    );
    const steps = await app.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "listing"), eq(auditLog.entityId, String(listing.id))))
      .orderBy(auditLog.id);
    expect(steps.map((s) => s.action)).toEqual(["listing.edit", "listing.approve", "listing.withdraw"]);
    expect(steps[2]).toMatchObject({ before: { status: "published" }, after: { status: "withdrawn" } });
  });

  it("a rejected submission never shows, and the seller is told why", async () => {
    const admin = await staff();
    const listing = await submitForSale("Kirkstall Kebabs", "bilal@example.com");
    expect(await transitionListing(admin, listing.id, "mark-sold")).toBe(false);
    expect(await transitionListing(admin, listing.id, "reject", "The asking price is missing its accounts.")).toBe(
      true,
    );
    expect(await onBuy("Kirkstall Kebabs")).toBe(false);
    expect(await inSitemap(listing.slug)).toBe(false);
    expect(await pageStatus(listing.slug)).toBe(404);
    const [mail] = await mailsTo("bilal@example.com");
    expect(mail!.subject).toBe("We could not publish your listing: Kirkstall Kebabs");
    expect(mail!.text).toContain("Why: The asking price is missing its accounts.");
  });
});

describe("enquiries inbox", () => {
  it("finds an enquiry by its reference or what was typed; its status shows in the sender's My Queries", async () => {
    const admin = await staff();
    const [member] = await app.database.db
      .insert(user)
      .values({ id: "inbox-member", email: "sara@example.com" })
      .returning();
    const stored = await recordEnquiry(app.database.db, {
      kind: "contact",
      subject: "Catering for a wedding",
      fields: {
        name: "Sara",
        email: "sara@example.com",
        subject: "Catering for a wedding",
        message: "For 200 guests, 100% halal",
      },
      userId: member!.id,
    });
    const reference = `HBS-${String(stored.id).padStart(6, "0")}`;
    const inbox = async (search: Record<string, string>) =>
      (
        await loadAdminList(
          enquiriesList,
          new Request(`http://localhost/admin/enquiries?${new URLSearchParams(search)}`),
        )
      ).rows;
    expect((await inbox({ q: reference })).map((e) => e.id)).toEqual([stored.id]);
    expect((await inbox({ q: "200 guests" })).map((e) => e.id)).toEqual([stored.id]);
    // LIKE's wildcards are taken literally.
    expect((await inbox({ q: "100%" })).map((e) => e.id)).toEqual([stored.id]);
    expect(await inbox({ q: "%", kind: "listing_interest" })).toEqual([]);

    expect(await setEnquiryStatus(admin, stored.id, "in_progress")).toBe(true);
    expect(await addEnquiryNote(admin, stored.id, "Called back; sending a quote.")).toBe(true);
    expect((await listEnquiriesOf(member!.id))[0]!.status).toBe("in_progress");
    expect((await inbox({ status: "in_progress" })).map((e) => e.id)).toContain(stored.id);
    const detail = (await getEnquiry(stored.id))!;
    expect(detail.notes).toMatchObject([{ body: "Called back; sending a quote.", author: "staff@example.com" }]);
    expect(await setEnquiryStatus(admin, 999_999, "closed")).toBe(false);
  });
});

describe("subscriptions", () => {
  it("are made pending for a member, activated, and expired by the hourly job after their end date", async () => {
    const admin = await staff();
    await app.database.db.insert(user).values({ id: "sub-member", email: "omar@example.com" });
    expect(
      await createSubscription(admin, { email: "nobody@example.com", packageSlug: "x", startDate: new Date() }),
    ).toMatchObject({ ok: false, field: "email" });
    const created = await createSubscription(admin, {
      email: "Omar@Example.com",
      packageSlug: "growth-plan",
      startDate: new Date("2026-01-01T00:00:00Z"),
      endDate: new Date("2026-02-01T00:00:00Z"),
    });
    if (!created.ok) throw new Error(created.message);
    const mine = async () => (await listSubscriptions("sub-member"))[0]!;
    expect(await mine()).toMatchObject({ status: "pending", packageType: "service" });
    expect(await setSubscriptionStatus(admin, created.id, "active")).toBe(true);
    expect(await expireSubscriptions(new Date("2026-01-15T00:00:00Z"))).toBe(0);
    expect((await mine()).status).toBe("active");
    expect(await expireSubscriptions(new Date("2026-02-02T00:00:00Z"))).toBeGreaterThanOrEqual(1);
    expect((await mine()).status).toBe("expired");
    // An expired subscription cannot be cancelled or activated again here.
    expect(await setSubscriptionStatus(admin, created.id, "cancelled")).toBe(false);
  });
});

describe("outbox", () => {
  it("lists a failing message with its error, and retries it now", async () => {
    const admin = await staff();
    const [row] = await app.database.db
      .insert(outbox)
      .values({
        kind: "mail",
        payload: { to: "x@example.com", subject: "Stuck", text: "Hello" },
        attempts: 3,
        lastError: "connect ECONNREFUSED 127.0.0.1:25",
        nextAttemptAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    const { rows: failing } = await loadAdminList(
      outboxList,
      new Request("http://localhost/admin/outbox?state=failing"),
    );
    expect(failing.find((m) => m.id === row!.id)).toMatchObject({
      lastError: "connect ECONNREFUSED 127.0.0.1:25",
      subject: "Stuck",
    });
    expect(await retryMessage(admin, row!.id)).toBe(true);
    const [after] = await app.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("an admin's one-time password", () => {
  // Once the printed password signed in for ever, in two browsers, and nothing asked for a new one.
  it("must be replaced at the first sign-in before anything else, and then stops working", async () => {
    const created = await createAdmin("first.boss@example.com");
    if (created.outcome !== "created") throw new Error(created.outcome);
    const signIn = (password: string, ip: string) =>
      callAction(authAction, {
        path: "/auth",
        body: new URLSearchParams({ intent: "sign-in", email: "first.boss@example.com", password }),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        ip,
      });
    const first = await signIn(created.password, "198.51.100.241");
    const elsewhere = await signIn(created.password, "198.51.100.242");
    expect([first.status, elsewhere.status]).toEqual([302, 302]);
    const cookie = sessionCookieOf(first);
    const asked = (path: string, withCookie = cookie) =>
      getSessionUser(new Request(`http://localhost${path}`, { headers: { cookie: withCookie } })).then(
        (found) => ({ user: found?.email ?? null }),
        (thrown: Response) => ({ redirect: thrown.headers.get("location") }),
      );
    // Every page but the one to choose it sends the account there; no other form of /my-account is taken.
    for (const path of ["/admin", "/admin/users", "/buy", "/messages"]) {
      expect(await asked(path)).toEqual({ redirect: "/my-account" });
    }
    expect(await asked("/my-account")).toEqual({ user: "first.boss@example.com" });
    const account = (values: Record<string, string>) =>
      callAction(accountAction, {
        path: "/my-account",
        body: new URLSearchParams(values),
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        ip: "198.51.100.241",
      });
    expect((await account({ intent: "profile", fullName: "Boss" })).status).toBe(403);

    const changed = await account({
      intent: "change-password",
      currentPassword: created.password,
      newPassword: "Own-Harbour-Lantern-42",
    });
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/admin");
    const [row] = await app.database.db.select().from(user).where(eq(user.email, "first.boss@example.com"));
    expect(row!.mustChangePassword).toBe(false);
    // The printed password no longer signs in, and the other browser's session is gone.
    expect((await signIn(created.password, "198.51.100.243")).status).toBe(401);
    expect(await asked("/admin", sessionCookieOf(elsewhere))).toEqual({ user: null });
    const own = await signIn("Own-Harbour-Lantern-42", "198.51.100.243");
    expect(own.status).toBe(302);
    expect(await asked("/admin", sessionCookieOf(own))).toEqual({ user: "first.boss@example.com" });
  });
});

describe("making staff", () => {
  it("creates an admin whose one-time password signs in, or promotes a member", async () => {
    const created = await createAdmin("New.Boss@example.com");
    if (created.outcome !== "created") throw new Error(created.outcome);
    const signIn = await callAction(authAction, {
      path: "/auth",
      body: new URLSearchParams({ intent: "sign-in", email: "new.boss@example.com", password: created.password }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      ip: "198.51.100.240",
    });
    expect(signIn.status).toBe(302);
    expect(await createAdmin("new.boss@example.com")).toMatchObject({ outcome: "already-admin" });

    await app.database.db.insert(user).values({ id: "to-promote", email: "lead@example.com" });
    expect(await createAdmin("lead@example.com")).toMatchObject({ outcome: "promoted" });
    const [promoted] = await app.database.db.select().from(user).where(eq(user.id, "to-promote"));
    expect(promoted!.role).toBe("admin");
    const [audit] = await app.database.db.select().from(auditLog).where(eq(auditLog.entityId, "to-promote"));
    expect(audit).toMatchObject({ actorEmail: "command line", before: { role: "user" }, after: { role: "admin" } });
  });
});

describe("directory", () => {
  const png = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#a52" } })
            .png()
            .toBuffer(),
        ),
      ],
      "front.png",
      { type: "image/png" },
    );
  const business = (values: Record<string, unknown>) =>
    businessSchema.parse({
      name: "Bismillah Butchers",
      category: "food",
      description: "Fresh halal meat, cut to order.",
      town: "Leeds",
      ...values,
    });

  it("adds a business with its image as WebP variants and its halal details; unpublished it leaves the directory", async () => {
    const admin = await staff();
    const created = await saveDirectoryBusiness(
      admin,
      null,
      business({
        website: "https://bismillah.example",
        halalCertifierBody: "hmc",
        halalStatus: "fully_halal",
        alcoholServed: "no",
        halalMeatSupplier: "Janan Meat",
        hours5: "13:30-02:00",
        hoursExceptions: "2030-04-10 closed Eid",
        // What diners need to go (issue #47).
        priceBand: "3",
        dineIn: true,
        prayerSpace: "no",
        menuUrl: "https://bismillah.example/menu",
        published: true,
        image: await png(),
      }),
    );
    if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
    const stored = (await getDirectoryBusiness(created.id))!;
    expect(stored).toMatchObject({
      halalCertifierBody: "hmc",
      halalStatus: "fully_halal",
      alcoholServed: false,
      halalMeatSupplier: "Janan Meat",
      priceBand: 3,
      dineIn: true,
      takeaway: false,
      delivery: false,
      prayerSpace: false,
      menuUrl: "https://bismillah.example/menu",
    });
    expect(stored.image).toMatch(/^\/uploads\/businesses\/[0-9a-f]{32}\.webp$/);
    const file = path.join(uploadsDir(), stored.image!.replace("/uploads/", ""));
    expect(await sharp(file).metadata()).toMatchObject({ format: "webp", width: 1200, height: 800 });
    const listed = async () =>
      (
        await searchBusinesses(parseDirectoryQuery(new URLSearchParams({ search: "Bismillah Butchers" })), null)
      ).items.map((b) => b.id);
    expect(await listed()).toContain(created.id);

    const unpublished = await saveDirectoryBusiness(admin, created.id, business({ published: false }));
    expect(unpublished.ok).toBe(true);
    expect(await listed()).not.toContain(created.id);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.edit"), eq(auditLog.entityId, String(created.id))));
    expect(audit!.before).toMatchObject({ published: true, halalCertifierBody: "hmc" });
    expect(audit!.after).toMatchObject({ published: false, halalCertifierBody: null });
    // The hours were cleared with the rest of the form, and the audit says what they were.
    expect(audit!.before).toMatchObject({
      hours: expect.stringContaining("Friday: 13:30-02:00"),
      hoursExceptions: "2030-04-10 closed Eid",
    });
    expect(audit!.after).toMatchObject({ hoursExceptions: null });
  });

  it("refuses a file that is not an image, and web addresses that are not http(s)", async () => {
    const admin = await staff();
    const fake = new File(["<svg onload=alert(1)>"], "logo.png", { type: "image/png" });
    expect(await saveDirectoryBusiness(admin, null, business({ image: fake }))).toMatchObject({
      ok: false,
      fieldErrors: { image: [expect.stringContaining("could not be read")] },
    });
    for (const website of ["javascript:alert(1)", "data:text/html,hi", "ftp://files.example"]) {
      expect(businessSchema.safeParse({ ...business({}), website }).success).toBe(false);
    }
  });

  it("places a business where staff typed, else at its postcode or town, and says which (decision 0074)", async () => {
    const admin = await staff();
    const placed = async (id: number) => {
      const { latitude, longitude, placedAt } = (await getDirectoryBusiness(id))!;
      return { latitude, longitude, placedAt };
    };
    const atTown = await saveDirectoryBusiness(admin, null, business({ name: "Placed Butchers" }));
    if (!atTown.ok) throw new Error(JSON.stringify(atTown.fieldErrors));
    const leeds = await placed(atTown.id);
    expect(leeds).toMatchObject({ placedAt: "town", latitude: expect.closeTo(53.8, 0) });
    // The form shows its coordinates back: sent unchanged with a postcode, it moves to the postcode's district.
    await saveDirectoryBusiness(admin, atTown.id, business({ name: "Placed Butchers", postcode: "B1 1AA", ...leeds }));
    expect(await placed(atTown.id)).toMatchObject({ placedAt: "district", latitude: expect.closeTo(52.48, 1) });
    // Typed by staff: given, and kept when shown back unchanged.
    const typed = { latitude: 52.4801, longitude: -1.9001 };
    await saveDirectoryBusiness(admin, atTown.id, business({ name: "Placed Butchers", postcode: "B1 1AA", ...typed }));
    expect(await placed(atTown.id)).toEqual({ ...typed, placedAt: "given" });
    await saveDirectoryBusiness(admin, atTown.id, business({ name: "Placed Butchers", town: "Cardiff", ...typed }));
    expect(await placed(atTown.id)).toEqual({ ...typed, placedAt: "given" });
  });

  it("links a business to its owner's account by e-mail, who may then buy promotion for it", async () => {
    const admin = await staff();
    const owner = await staff("owner-of-butchers@example.com");
    expect(await saveDirectoryBusiness(admin, null, business({ ownerEmail: "nobody@example.com" }))).toEqual({
      ok: false,
      fieldErrors: { ownerEmail: ["No member has that e-mail address"] },
    });
    const saved = await saveDirectoryBusiness(admin, null, business({ ownerEmail: "Owner-Of-Butchers@example.com" }));
    if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
    expect(await getDirectoryBusiness(saved.id)).toMatchObject({ ownerId: owner.id, ownerEmail: owner.email });
    expect((await promotionTargets(owner.id)).map((t) => t.value)).toEqual([`business:${saved.id}`]);
    await saveDirectoryBusiness(admin, saved.id, business({}));
    expect(await promotionTargets(owner.id)).toEqual([]);
  });
});

// Accounts through the route actions and loaders: sign-up and sign-in with
// the spec's answers, argon2id hashes, the rate limit on sign-in, the guards,
// and that one member can never read, change or delete another's rows.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listEnquiriesOf, recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { action as authAction } from "../../app/routes/auth";
import { action as favouritesAction, loader as favouritesLoader } from "../../app/routes/my-favorites";
import { action as accountAction, loader as accountLoader } from "../../app/routes/my-account";
import { loader as queriesLoader } from "../../app/routes/my-queries";
import { loader as subscriptionsLoader } from "../../app/routes/my-subscriptions";
import { action as savedAction, loader as savedLoader } from "../../app/routes/saved-listings";
import {
  account,
  businessListing,
  directoryBusiness,
  enquiry,
  favouriteBusiness,
  outbox,
  passkey,
  savedListing,
  subscription,
  user,
} from "../../app/server/schema";
import { callAction } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();

const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

function postAuth(values: Record<string, string>, ip = "198.51.100.20") {
  return callAction<{ toast: { title: string; description?: string } }>(authAction, {
    path: "/auth",
    body: new URLSearchParams(values),
    headers: urlencoded,
    ip,
  });
}

/** Signs up and in; returns the Cookie header of the new session. */
async function member(email: string, ip: string) {
  const password = "Quiet-Harbour-19";
  expect((await postAuth({ intent: "sign-up", email, password, fullName: "Test Member" }, ip)).status).toBe(302);
  const signedIn = await postAuth({ intent: "sign-in", email, password }, ip);
  expect(signedIn.status).toBe(302);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => c.startsWith("hbs."))
    .join("; ");
  expect(cookie).toMatch(/^hbs\.session_token=/);
  const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row!.id };
}

async function loaderAnswer(loader: (args: never) => unknown, urlPath: string, cookie?: string) {
  const request = new Request(`http://localhost${urlPath}`, { headers: cookie ? { cookie } : {} });
  try {
    return { status: 200, data: await loader({ request, params: {}, context: undefined } as never) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

describe("sign up and sign in", () => {
  it("stores an argon2id hash, queues the verification e-mail and answers the spec's messages", async () => {
    const email = "ayesha@example.com";
    const signedUp = await postAuth({
      intent: "sign-up",
      email,
      password: "Quiet-Harbour-19",
      fullName: "Ayesha Rahman",
    });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe("/auth?tab=sign-in");

    const [created] = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(created).toMatchObject({ fullName: "Ayesha Rahman", marketingConsent: false, emailVerified: false });
    const [credentials] = await app.database.db.select().from(account).where(eq(account.userId, created!.id));
    expect(credentials!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mails = await app.database.db.select().from(outbox);
    expect(mails.some((m) => m.payload.to === email && String(m.payload.subject).includes("Confirm your e-mail"))).toBe(
      true,
    );

    const again = await postAuth({ intent: "sign-up", email: "AYESHA@example.com", password: "Other-Harbour-20" });
    expect(again.status).toBe(409);
    expect(again.data.toast).toEqual({
      type: "error",
      title: "Account exists",
      description: "This email is already registered. Please sign in instead.",
    });

    const wrong = await postAuth({ intent: "sign-in", email, password: "Not-The-Password-1" });
    expect(wrong.status).toBe(401);
    expect(wrong.data.toast).toMatchObject({
      title: "Login failed",
      description: "Invalid email or password. Please try again.",
    });
  });

  it("refuses the most common passwords and short ones, with the first message in a 'Validation Error'", async () => {
    const common = await postAuth({ intent: "sign-up", email: "c@example.com", password: "iloveyou" });
    expect(common.status).toBe(400);
    expect(common.data.toast.description).toBe(
      "This password is too common. Please choose one that is harder to guess.",
    );
    const short = await postAuth({ intent: "sign-up", email: "nope", password: "abc" });
    expect(short.data.toast).toEqual({
      type: "error",
      title: "Validation Error",
      description: "Invalid email address",
    });
    expect(await app.database.db.$count(user, eq(user.email, "c@example.com"))).toBe(0);
  });

  it("holds back the eleventh sign-in from one address in a quarter of an hour", async () => {
    for (let i = 0; i < 10; i++) {
      const attempt = await postAuth(
        { intent: "sign-in", email: "x@example.com", password: "guess-123" },
        "203.0.113.50",
      );
      expect(attempt.status).toBe(401);
    }
    const refused = await postAuth(
      { intent: "sign-in", email: "x@example.com", password: "guess-123" },
      "203.0.113.50",
    );
    expect(refused.status).toBe(429);
    expect(refused.data.toast.title).toBe("Too many attempts");
  });
});

describe("guards", () => {
  it("sends a visitor without a session to /auth, remembering the page", async () => {
    expect(await loaderAnswer(accountLoader as never, "/my-account")).toEqual({
      status: 302,
      location: "/auth?redirectTo=%2Fmy-account",
    });
    expect(await loaderAnswer(savedLoader as never, "/saved-listings?x=1")).toEqual({
      status: 302,
      location: "/auth?redirectTo=%2Fsaved-listings%3Fx%3D1",
    });
    // My Queries performs no check (the spec).
    expect((await loaderAnswer(queriesLoader as never, "/my-queries")).status).toBe(200);
  });
});

describe("ownership", () => {
  it("keeps each member's saved listings, favourites, enquiries and profile to themselves", async () => {
    const alice = await member("alice@example.com", "198.51.100.31");
    const bob = await member("bob@example.com", "198.51.100.32");
    const [listing] = await app.database.db.select().from(businessListing).limit(1);
    const [business] = await app.database.db.select().from(directoryBusiness).limit(1);
    await app.database.db.insert(savedListing).values({ userId: alice.id, listingId: listing!.id });
    await app.database.db.insert(favouriteBusiness).values({ userId: alice.id, businessId: business!.id });
    await recordEnquiry(app.database.db, {
      kind: "contact",
      subject: "Alice's question",
      fields: { name: "Alice", email: "alice@example.com", subject: "Alice's question", message: "Hi" },
      userId: alice.id,
    });

    // Bob sees none of it.
    const bobSaved = await loaderAnswer(savedLoader as never, "/saved-listings", bob.cookie);
    expect(bobSaved.data).toEqual({ listings: [] });
    const aliceSaved = await loaderAnswer(savedLoader as never, "/saved-listings", alice.cookie);
    expect((aliceSaved.data as { listings: { id: number }[] }).listings.map((l) => l.id)).toEqual([listing!.id]);
    expect(await listEnquiriesOf(bob.id)).toEqual([]);
    expect((await listEnquiriesOf(alice.id)).map((q) => q.subject)).toEqual(["Alice's question"]);

    // Bob sends Alice's ids: nothing of hers is removed.
    const removeSaved = await callAction(savedAction, {
      path: "/saved-listings",
      body: new URLSearchParams({ listingId: String(listing!.id) }),
      headers: { ...urlencoded, cookie: bob.cookie },
    });
    expect(removeSaved.status).toBe(302);
    expect(await app.database.db.$count(savedListing, eq(savedListing.userId, alice.id))).toBe(1);
    const removeFavourite = await callAction(favouritesAction, {
      path: "/my-favorites",
      body: new URLSearchParams({ businessId: String(business!.id) }),
      headers: { ...urlencoded, cookie: bob.cookie },
    });
    expect(removeFavourite.status).toBe(302);
    expect(await app.database.db.$count(favouriteBusiness, eq(favouriteBusiness.userId, alice.id))).toBe(1);
    const favourites = await loaderAnswer(favouritesLoader as never, "/my-favorites", bob.cookie);
    expect(favourites.data).toEqual({ businesses: [] });

    // A profile form can only change its sender's profile, whatever it carries.
    await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ fullName: "Bob Smith", userId: alice.id, email: "alice@evil.example" }),
      headers: { ...urlencoded, cookie: bob.cookie },
    });
    const rows = await app.database.db.select({ id: user.id, fullName: user.fullName, email: user.email }).from(user);
    expect(rows.find((r) => r.id === alice.id)).toMatchObject({ fullName: "Test Member", email: "alice@example.com" });
    expect(rows.find((r) => r.id === bob.id)).toMatchObject({ fullName: "Bob Smith", email: "bob@example.com" });

    // And Alice can remove her own.
    await callAction(savedAction, {
      path: "/saved-listings",
      body: new URLSearchParams({ listingId: String(listing!.id) }),
      headers: { ...urlencoded, cookie: alice.cookie },
    });
    expect(await app.database.db.$count(savedListing, eq(savedListing.userId, alice.id))).toBe(0);
  });

  it("keeps each member's passkeys to themselves", async () => {
    const alice = await member("alice.keys@example.com", "198.51.100.33");
    const bob = await member("bob.keys@example.com", "198.51.100.34");
    await app.database.db.insert(passkey).values({
      id: "alice-passkey",
      name: "Chrome on Android",
      publicKey: "key",
      userId: alice.id,
      credentialID: "credential-alice",
      counter: 0,
      deviceType: "multiDevice",
      backedUp: true,
    });
    const listed = async (cookie: string) =>
      ((await loaderAnswer(accountLoader as never, "/my-account", cookie)).data as { passkeys: { id: string }[] })
        .passkeys;
    expect(await listed(bob.cookie)).toEqual([]);
    expect((await listed(alice.cookie)).map((p) => p.id)).toEqual(["alice-passkey"]);

    const remove = (cookie: string) =>
      callAction(accountAction, {
        path: "/my-account",
        body: new URLSearchParams({ intent: "remove-passkey", passkeyId: "alice-passkey" }),
        headers: { ...urlencoded, cookie },
      });
    expect((await remove(bob.cookie)).status).toBe(302);
    expect(await app.database.db.$count(passkey, eq(passkey.userId, alice.id))).toBe(1);
    await remove(alice.cookie);
    expect(await app.database.db.$count(passkey, eq(passkey.userId, alice.id))).toBe(0);
  });
});

describe("deleting an account", () => {
  it("removes the member's rows and keeps their enquiries without who sent them", async () => {
    const carol = await member("carol@example.com", "198.51.100.41");
    const [listing] = await app.database.db.select().from(businessListing).limit(1);
    await app.database.db.insert(savedListing).values({ userId: carol.id, listingId: listing!.id });
    await recordEnquiry(app.database.db, {
      kind: "contact",
      subject: "Carol's private matter",
      fields: { name: "Carol", email: "carol@example.com", subject: "Carol's private matter", message: "Hi" },
      userId: carol.id,
    });

    const wrong = await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ intent: "delete-account", password: "not-it-at-all" }),
      headers: { ...urlencoded, cookie: carol.cookie },
    });
    expect(wrong.status).toBe(400);
    expect(await app.database.db.$count(user, eq(user.id, carol.id))).toBe(1);

    const deleted = await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ intent: "delete-account", password: "Quiet-Harbour-19" }),
      headers: { ...urlencoded, cookie: carol.cookie },
    });
    expect(deleted.status).toBe(302);
    expect(await app.database.db.$count(user, eq(user.id, carol.id))).toBe(0);
    expect(await app.database.db.$count(savedListing, eq(savedListing.userId, carol.id))).toBe(0);
    const left = await app.database.db.select().from(enquiry).where(eq(enquiry.subject, "Deleted by its sender"));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ userId: null, fields: { anonymised: true } });
    expect(JSON.stringify(await app.database.db.select().from(enquiry))).not.toContain("carol@example.com");
  });
});

describe("subscriptions", () => {
  it("lists the member's own, newest first, with the spec's type labels", async () => {
    const dan = await member("dan@example.com", "198.51.100.51");
    const erin = await member("erin@example.com", "198.51.100.52");
    const day = 24 * 60 * 60 * 1000;
    await app.database.db.insert(subscription).values([
      {
        userId: dan.id,
        packageName: "GROWTH PLAN",
        packageType: "service",
        status: "active",
        pricePence: 4999,
        startDate: new Date(),
        createdAt: new Date(Date.now() - 2 * day),
      },
      {
        userId: dan.id,
        packageName: "The Feature Package",
        packageType: "promotion",
        status: "expired",
        pricePence: 2599,
        startDate: new Date(),
        createdAt: new Date(Date.now() - day),
      },
      {
        userId: erin.id,
        packageName: "VIP PLAN",
        packageType: "service",
        status: "active",
        pricePence: 19999,
        startDate: new Date(),
      },
    ]);
    const answer = await loaderAnswer(subscriptionsLoader as never, "/my-subscriptions", dan.cookie);
    const listed = (
      answer.data as { subscriptions: { packageName: string; typeLabel: string; status: string; price: string }[] }
    ).subscriptions;
    expect(
      listed.map(({ packageName, typeLabel, status, price }) => ({ packageName, typeLabel, status, price })),
    ).toEqual([
      { packageName: "The Feature Package", typeLabel: "Promotion", status: "expired", price: "£25.99" },
      { packageName: "GROWTH PLAN", typeLabel: "Business optimization", status: "active", price: "£49.99" },
    ]);
  });
});

// Accounts through the route actions and loaders: sign-up and sign-in with
// the spec's answers, argon2id hashes, the rate limit on sign-in, the guards,
// and that one member can never read, change or delete another's rows.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listEnquiriesOf, recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { action as authAction } from "../../app/routes/auth";
import { action as favouritesAction, loader as favouritesLoader } from "../../app/routes/my-favorites";
import { PASSWORD_CHECK_LIMITS } from "../../app/features/account/account-settings.server";
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
import { auth } from "../../app/server/auth.server";
import { callAction, sessionCookieOf } from "../helpers/actions";
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
  const cookie = sessionCookieOf(signedIn);
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
    expect(bobSaved.data).toEqual({ listings: [], enquired: {} });
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

describe("a member's name is one line, whatever route stores it", () => {
  // Once a name's line ends became a paragraph of their own in other members' e-mails.
  const forged = "Alice\r\n\r\nURGENT: account locked, sign in at http://evil.example/x";
  const stored = "Alice URGENT: account locked, sign in at http://evil.example/x";
  const fullNameOf = async (email: string) =>
    (await app.database.db.select({ fullName: user.fullName }).from(user).where(eq(user.email, email)))[0]?.fullName;

  it("from the sign-up form and the profile form", async () => {
    const email = "one-line@example.com";
    const signedUp = await postAuth(
      { intent: "sign-up", email, password: "Quiet-Harbour-19", fullName: forged },
      "198.51.100.61",
    );
    expect(signedUp.status).toBe(302);
    expect(await fullNameOf(email)).toBe(stored);

    const { cookie } = await member("one-line-profile@example.com", "198.51.100.62");
    await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ fullName: forged, phone: "07700\n900123" }),
      headers: { ...urlencoded, cookie },
    });
    const [row] = await app.database.db
      .select({ fullName: user.fullName, phone: user.phone })
      .from(user)
      .where(eq(user.email, "one-line-profile@example.com"));
    expect(row).toEqual({ fullName: stored, phone: "07700 900123" });
  });

  it("from Better Auth's own endpoints, which skip our forms", async () => {
    const email = "one-line-api@example.com";
    await auth().api.signUpEmail({ body: { email, password: "Quiet-Harbour-19", name: forged, fullName: forged } });
    const [row] = await app.database.db
      .select({ name: user.name, fullName: user.fullName })
      .from(user)
      .where(eq(user.email, email));
    expect(row).toEqual({ name: stored, fullName: stored });
  });
});

describe("the password checks of /my-account", () => {
  // A stolen session once guessed freely: 25 wrong enable-2fa and 15 wrong change-password, never a 429.
  it("are limited per member, whichever form checks it, and a right password waits too", async () => {
    const { cookie } = await member("guessed@example.com", "198.51.100.80");
    const post = (values: Record<string, string>, ip = "198.51.100.81") =>
      callAction<{ result: { error?: Record<string, string[]> } }>(accountAction, {
        path: "/my-account",
        body: new URLSearchParams(values),
        headers: { ...urlencoded, cookie },
        ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_CHECK_LIMITS.member.limit; i++) {
      const intent = i % 2 ? "enable-2fa" : "change-password";
      const guess = `Guess-${i}-Harbour`;
      statuses.push(
        (
          await post(
            intent === "enable-2fa"
              ? { intent, password: guess }
              : { intent, currentPassword: guess, newPassword: "New-Harbour-77" },
          )
        ).status,
      );
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    const refused = await post(
      { intent: "change-password", currentPassword: "Quiet-Harbour-19", newPassword: "New-Harbour-77" },
      "198.51.100.82",
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    // Nothing changed: the old password still signs in.
    expect(
      (
        await postAuth(
          { intent: "sign-in", email: "guessed@example.com", password: "Quiet-Harbour-19" },
          "198.51.100.83",
        )
      ).status,
    ).toBe(302);
  });
});

describe("a redirect target with characters a Location header cannot carry", () => {
  // "/😀" once made sign-in answer 500 with the right password, and the session was never set.
  it("still signs the member in, and goes to the page, percent-encoded", async () => {
    const email = "emoji-redirect@example.com";
    const password = "Quiet-Harbour-19";
    expect((await postAuth({ intent: "sign-up", email, password }, "198.51.100.85")).status).toBe(302);
    const signedIn = await postAuth({ intent: "sign-in", email, password, redirectTo: "/😀" }, "198.51.100.85");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/%F0%9F%98%80");
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("hbs.session_token="))).toBe(true);
  });
});

// "You enquired on … · Open the conversation" (issue #50): what a listing's
// page, /buy and /saved-listings tell a member about their own registered
// interest, through the routes' own loaders and action: their latest
// enquiry's London day and the thread it started, and nobody else's.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { clientIpContext } from "../../app/context";
import { toggleSavedListing } from "../../app/features/account/member.server";
import type { EnquiryActionData, ListingEnquired } from "../../app/features/enquiries/enquiry-kinds";
import { loader as rootLoader } from "../../app/root";
import { loader as buyLoader } from "../../app/routes/buy";
import { action as listingAction, loader as listingLoader } from "../../app/routes/listing";
import { loader as savedListingsLoader } from "../../app/routes/saved-listings";
import { formatLondonDate } from "../../app/lib/dates";
import { businessListing, enquiry, memberBlock, messageThread, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let visitors = 0;
const nextIp = () => `198.51.100.${++visitors}`;
let members = 0;
async function newMember(fullName: string) {
  const email = `enquirer-${++members}@example.com`;
  return { email, ...(await signedInMember(email, { ip: nextIp(), fullName })) };
}

const KEBAB = "kebab-takeaway-cwmbran";
const CAFE = "egyptian-cafe-newport";
const CHAII = "chaii-cafe-newport";

/** Registers interest as the listing page's form does, signed in when a cookie is given. */
async function registerInterest(slug: string, cookie: string | null, email = "buyer@example.com") {
  const answer = await callAction<EnquiryActionData>(listingAction, {
    path: `/buy/${slug}`,
    params: { slug },
    body: new URLSearchParams({ fullName: "Bilal Buyer", email, contactNumber: "07700 900123", businessTitle: "x" }),
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
    ip: nextIp(),
  });
  expect(answer.data.outcome).toBe("success");
}

/** A loader's data, as the signed-in member (or a visitor) asks for the page. */
async function pageData<T>(loader: (args: never) => unknown, path: string, cookie: string | null, params = {}) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  const context = new RouterContextProvider();
  context.set(clientIpContext, nextIp());
  const answer = (await loader({ request, params, context } as never)) as { data?: T } & T;
  return (answer.data ?? answer) as T;
}

const listingPage = (slug: string, cookie: string | null) =>
  pageData<{ enquired: ListingEnquired | null }>(listingLoader, `/buy/${slug}`, cookie, { slug }).then(
    (data) => data.enquired,
  );
const buyPage = (cookie: string | null) =>
  pageData<{ enquired: Record<number, ListingEnquired> }>(buyLoader, "/buy", cookie).then((data) => data.enquired);

async function listingId(slug: string) {
  const [row] = await app.database.db
    .select({ id: businessListing.id })
    .from(businessListing)
    .where(eq(businessListing.slug, slug));
  return row!.id;
}

async function threadOf(slug: string, buyerId: string) {
  const [row] = await app.database.db
    .select({ id: messageThread.id })
    .from(messageThread)
    .where(and(eq(messageThread.listingId, await listingId(slug)), eq(messageThread.buyerId, buyerId)));
  return row?.id ?? null;
}

describe("a member's registered interest, on the listing's page and cards", () => {
  it("tells the member the day and links the thread it started; another member and a visitor are told nothing", async () => {
    const aisha = await newMember("Aisha Khan");
    const bilal = await newMember("Bilal Ahmed");
    await registerInterest(KEBAB, aisha.cookie);
    await registerInterest(CAFE, bilal.cookie);
    const kebab = await listingId(KEBAB);
    const cafe = await listingId(CAFE);
    const aishasThread = await threadOf(KEBAB, aisha.id);
    expect(aishasThread).not.toBeNull();

    const own = await listingPage(KEBAB, aisha.cookie);
    expect(own).toEqual({
      date: formatLondonDate(new Date()),
      dateTime: expect.any(String),
      href: `/messages/${aishasThread}`,
      linkText: "Open the conversation",
    });
    expect(await listingPage(KEBAB, bilal.cookie)).toBeNull();
    expect(await listingPage(KEBAB, null)).toBeNull();

    // /buy: each member's own listings among the page's cards, and only those.
    expect(await buyPage(aisha.cookie)).toEqual({ [kebab]: own });
    expect(await buyPage(bilal.cookie)).toEqual({
      [cafe]: expect.objectContaining({ href: `/messages/${await threadOf(CAFE, bilal.id)}` }),
    });
    expect(await buyPage(null)).toEqual({});

    // Saved listings: of the two she saved, the one she asked about.
    await toggleSavedListing(aisha.id, kebab);
    await toggleSavedListing(aisha.id, cafe);
    const saved = await pageData<{ listings: { id: number }[]; enquired: Record<number, ListingEnquired> }>(
      savedListingsLoader,
      "/saved-listings",
      aisha.cookie,
    );
    expect(saved.listings.map((listing) => listing.id).sort()).toEqual([kebab, cafe].sort());
    expect(saved.enquired).toEqual({ [kebab]: own });
  });

  it("gives the latest of several enquiries, on its day in London", async () => {
    const yusuf = await newMember("Yusuf Ali");
    await registerInterest(CHAII, yusuf.cookie);
    await registerInterest(CHAII, yusuf.cookie);
    const rows = await app.database.db
      .select({ id: enquiry.id })
      .from(enquiry)
      .where(eq(enquiry.userId, yusuf.id))
      .orderBy(enquiry.id);
    expect(rows).toHaveLength(2);
    // The later one at 00:30 on 1 July in London, still 30 June in UTC.
    await app.database.db
      .update(enquiry)
      .set({ createdAt: new Date("2026-06-01T10:00:00Z") })
      .where(eq(enquiry.id, rows[0]!.id));
    await app.database.db
      .update(enquiry)
      .set({ createdAt: new Date("2026-06-30T23:30:00Z") })
      .where(eq(enquiry.id, rows[1]!.id));

    expect(await listingPage(CHAII, yusuf.cookie)).toEqual({
      date: "1 Jul 2026",
      dateTime: "2026-06-30T23:30:00.000Z",
      href: `/messages/${await threadOf(CHAII, yusuf.id)}`,
      linkText: "Open the conversation",
    });
  });

  it("without a thread points to My Queries; one sent signed out with the member's address is not theirs (decision 0067)", async () => {
    // A seller who has blocked the buyer: the interest is stored, and no thread is started.
    const seller = await newMember("Sara Seller");
    const zainab = await newMember("Zainab Noor");
    const [listing] = await app.database.db
      .insert(businessListing)
      .values({
        slug: "blocked-grill",
        title: "Blocked Grill",
        category: "food",
        town: "Leeds",
        askingPricePence: 50_000_00,
        description: "A grill.",
        status: "published",
        publishedAt: new Date(),
        sellerId: seller.id,
      })
      .returning();
    await app.database.db.insert(memberBlock).values({ blockerId: seller.id, blockedId: zainab.id });
    await registerInterest("blocked-grill", zainab.cookie);
    expect(await threadOf("blocked-grill", zainab.id)).toBeNull();
    const toMyQueries = { href: "/my-queries", linkText: "See it in My Queries" };
    expect(await listingPage("blocked-grill", zainab.cookie)).toMatchObject(toMyQueries);
    expect((await buyPage(zainab.cookie))[listing!.id]).toMatchObject(toMyQueries);

    // Someone signed out types a member's address: nothing of it reaches the member's pages.
    const idris = await newMember("Idris Bello");
    await registerInterest(KEBAB, null, idris.email);
    expect(await listingPage(KEBAB, idris.cookie)).toBeNull();
    expect(await buyPage(idris.cookie)).toEqual({});
  });

  it("gives the member's profile details to the page, for their forms to start with", async () => {
    const maryam = await newMember("Maryam Said");
    await app.database.db.update(user).set({ phone: "07700 900456" }).where(eq(user.id, maryam.id));
    const root = await pageData<{ user: { contact: unknown } | null }>(rootLoader, "/buy", maryam.cookie);
    expect(root.user?.contact).toEqual({ fullName: "Maryam Said", email: maryam.email, phone: "07700 900456" });
    expect((await pageData<{ user: unknown }>(rootLoader, "/buy", null)).user).toBeNull();
  });
});

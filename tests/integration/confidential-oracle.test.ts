// The confidential-listing oracle (decisions 0033, 0062): whatever a visitor
// or a member without the NDA can ask — every /buy filter, sort and count,
// every route that takes a listing's slug, a saved search's alert matching —
// must answer the same whatever the listing hides. Each question is asked in
// three worlds that differ only in what the NDA hides: the listing with its
// real place and figures in Cwmbran, the same listing with those fields
// absent (no position, no figures; the town and the asking price, which
// every listing has, blank or different), and the same listing with other
// secrets in Inverness. Any answer that differs between them tells a
// non-signatory something the NDA hides.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { clientIpContext } from "../../app/context";
import { matchSearches } from "../../app/features/alerts/alerts.server";
import { setConfidential } from "../../app/features/marketplace/confidential.server";
import { loader as buyLoader } from "../../app/routes/buy";
import { action as listingAction, loader as listingLoader } from "../../app/routes/listing";
import { action as ndaAction, loader as ndaLoader } from "../../app/routes/listing-nda";
import { action as saveAction } from "../../app/routes/listing-save";
import { loader as savedListingsLoader } from "../../app/routes/saved-listings";
import { businessListing, listingFiguresCheck, savedListing, user } from "../../app/server/schema";
import { getToast } from "../../app/server/toast.server";
import { callAction, signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

const PUBLISHED = new Date("2026-11-20T10:00:00Z");
/** Set on every change of the listing between worlds: when it last changed is shown, and is not what is tested. */
const UPDATED = new Date("2026-11-21T10:00:00Z");
/** When staff checked the figures, in every world the figures that world has (decision 0087). */
const CHECKED = new Date("2026-11-22T10:00:00Z");
/** Saved searches' window: every listing here was published in it. */
const SINCE = new Date("2026-11-01T00:00:00Z");
const UNTIL = new Date("2026-11-28T00:00:00Z");
/** A visitor's remembered position (the user-location cookie): the middle of Cwmbran. */
const IN_CWMBRAN = "user-location=51.654,-3.021";

// The other listings, on show in full: what a hidden listing's place among them would give away.
const NEIGHBOURS = [
  {
    slug: "oracle-cwmbran-cafe",
    title: "Cwmbran Cafe",
    category: "food",
    town: "Cwmbran",
    postcode: "NP44 3AA",
    latitude: 51.6505,
    longitude: -3.0246,
    askingPricePence: 80_000_00,
    monthlyLeasePence: 1_200_00,
    annualRevenuePence: 200_000_00,
    netProfitPence: 30_000_00,
    tenure: "leasehold" as const,
    leaseYearsRemaining: 10,
    accommodationIncluded: true,
  },
  {
    slug: "oracle-newport-grocer",
    title: "Newport Grocer",
    category: "retail",
    town: "Newport",
    postcode: "NP20 1AA",
    latitude: 51.5842,
    longitude: -2.9977,
    askingPricePence: 150_000_00,
    annualRevenuePence: 500_000_00,
    netProfitPence: 70_000_00,
    tenure: "freehold" as const,
    relocatable: true,
  },
  {
    slug: "oracle-cardiff-bakery",
    title: "Cardiff Bakery",
    category: "food",
    town: "Cardiff",
    postcode: "CF10 1AA",
    latitude: 51.4816,
    longitude: -3.1791,
    askingPricePence: 60_000_00,
    monthlyLeasePence: 900_00,
  },
  {
    slug: "oracle-pontypool-takeaway",
    title: "Pontypool Takeaway",
    category: "food",
    town: "Pontypool",
    postcode: "NP4 6AA",
    latitude: 51.7015,
    longitude: -3.0443,
    askingPricePence: 110_000_00,
    annualRevenuePence: 300_000_00,
    netProfitPence: 45_000_00,
    tenure: "leasehold" as const,
    leaseYearsRemaining: 20,
  },
];

// What the NDA hides, world by world. The postcode district (NP44), the category, the dates and the
// generic title are public and the same in all three.
const WORLDS = {
  "hidden in Cwmbran": {
    slug: "cwmbran-kebab-house",
    title: "Cwmbran Kebab House",
    town: "Cwmbran",
    postcode: "NP44 1PU",
    latitude: 51.6536,
    longitude: -3.0207,
    askingPricePence: 95_000_00,
    monthlyLeasePence: 1_500_00,
    annualRevenuePence: 400_000_00,
    netProfitPence: 60_000_00,
    tenure: "leasehold" as const,
    leaseYearsRemaining: 15,
    accommodationIncluded: true,
    relocatable: true,
    description: "A kebab house on Cwmbran's high street, busy every night",
    features: ["Kebab oven"],
    images: ["/uploads/listings/oracle-kebab.webp"],
  },
  "those fields absent": {
    slug: "oracle-listing-without-details",
    title: "Listing without details",
    town: "",
    postcode: "NP44",
    latitude: null,
    longitude: null,
    askingPricePence: 1_00,
    monthlyLeasePence: null,
    annualRevenuePence: null,
    netProfitPence: null,
    tenure: null,
    leaseYearsRemaining: null,
    accommodationIncluded: null,
    relocatable: null,
    description: "",
    features: [],
    images: [],
  },
  "hidden in Inverness": {
    slug: "highland-grill",
    title: "Highland Grill",
    town: "Inverness",
    postcode: "NP44 9ZZ",
    latitude: 57.4778,
    longitude: -4.2247,
    askingPricePence: 2_500_000_00,
    monthlyLeasePence: 9_000_00,
    annualRevenuePence: 2_000_000_00,
    netProfitPence: 900_000_00,
    tenure: "freehold" as const,
    leaseYearsRemaining: null,
    accommodationIncluded: false,
    relocatable: false,
    description: "A grill by the river in Inverness",
    features: ["River view"],
    images: ["/uploads/listings/oracle-grill.webp"],
  },
};
type World = keyof typeof WORLDS;
const worldNames = Object.keys(WORLDS) as World[];
/** Trading names a prober might try as addresses: each is the listing's own slug in one world. */
const GUESSED_SLUGS = worldNames.map((world) => WORLDS[world].slug);

// Every filter, sort and count of /buy, alone and together, as the form sends them.
const BUY_QUERIES = [
  "",
  "sort=latest",
  "sort=price-asc",
  "sort=price-desc",
  "sort=revenue",
  "page=2",
  "location=Cwmbran",
  "location=Inverness",
  "near=Cwmbran&radius=1",
  "near=Cwmbran&radius=3",
  "near=NP44&radius=1",
  "near=NP44 1PU&radius=1",
  "near=Inverness&radius=1",
  "near=Newport&radius=10",
  "near=Cwmbran&radius=25&sort=latest",
  "near=Cwmbran&radius=25&sort=price-asc",
  "near=Cwmbran&radius=25&sort=price-desc",
  "near=Cwmbran&radius=25&sort=revenue",
  "min-price=90000",
  "max-price=100000",
  "min-price=90000&max-price=100000",
  "min-price=1&sort=price-desc",
  "max-price=20000000&sort=price-asc",
  "min-turnover=1",
  "min-turnover=350000&sort=revenue",
  "min-profit=1",
  "min-profit=50000",
  "tenure=leasehold",
  "tenure=freehold",
  "min-lease-years=12",
  "accommodation=yes",
  "relocatable=yes",
  "under-offer=hide",
  "search=kebab",
  "search=kebap",
  "search=cwmbran",
  "search=highland",
  "search=river",
  "search=np44",
  "search=takeaway&sort=price-asc",
  "category=food",
  "category=food&sort=price-asc",
  "category=food&sort=revenue",
  "category=retail",
  "category=food&min-price=1&near=Cwmbran&radius=10",
  // Figures checked by HBS (decision 0087): found, and badged, alike whatever the checked figures are.
  "checked=yes",
  "checked=yes&sort=revenue",
  "checked=yes&min-turnover=1",
];
/** Asked again from a remembered position in Cwmbran, where nearest first is the default. */
const FROM_CWMBRAN = ["", "sort=nearest", "sort=price-asc", "category=food", "min-price=1", "search=takeaway"];

let listingId = 0;
let stranger = { id: "", cookie: "" };
let ipCounter = 0;
/** A new address for each request: the text-search and sign-in rate limits count per address. */
const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  const [seller] = await db()
    .insert(user)
    .values({ id: "oracle-seller", email: "oracle-seller@example.com", emailVerified: true })
    .returning();
  await db()
    .insert(businessListing)
    .values(
      NEIGHBOURS.map((neighbour, n) => ({
        ...neighbour,
        description: `${neighbour.title}, trading for years`,
        status: "published" as const,
        publishedAt: new Date(PUBLISHED.getTime() - (n + 1) * 3_600_000),
      })),
    );
  const [listing] = await db()
    .insert(businessListing)
    .values({
      ...WORLDS["hidden in Cwmbran"],
      category: "food",
      status: "published",
      publishedAt: PUBLISHED,
      sellerId: seller!.id,
    })
    .returning();
  listingId = listing!.id;
  // Nothing shown: every figure is behind the NDA.
  const settings = { confidential: true, title: "Confidential: established takeaway in South Wales", figures: [] };
  expect(await setConfidential({ id: seller!.id, email: seller!.email }, listingId, settings, seller!.id)).toBe(true);
  stranger = await signedInMember("oracle-stranger@example.com", { ip: nextIp(), fullName: "Nosy Buyer" });
});

async function enter(world: World) {
  await db()
    .update(businessListing)
    .set({ ...WORLDS[world], updatedAt: UPDATED })
    .where(eq(businessListing.id, listingId));
  // Staff checked this world's own figures, on the same day in every world: the check's date is public, its figures not.
  const { annualRevenuePence = null, netProfitPence = null } = WORLDS[world] as Partial<
    typeof businessListing.$inferInsert
  >;
  await db()
    .insert(listingFiguresCheck)
    .values({
      listingId,
      checkedAt: CHECKED,
      yearEnded: world === "hidden in Inverness" ? "2025-12-31" : "2026-03-31",
      turnoverChecked: true,
      netProfitChecked: true,
      annualRevenuePence,
      netProfitPence,
    });
}

/** Asks every question in every world; answers are compared as JSON. */
async function answersIn(ask: () => Promise<Map<string, unknown>>) {
  const answers = {} as Record<World, Map<string, unknown>>;
  for (const world of worldNames) {
    await enter(world);
    answers[world] = await ask();
  }
  await enter("hidden in Cwmbran");
  return answers;
}

/** Every question answered alike in every world; each one that differs is reported. */
function expectNothingLearnt(answers: Record<World, Map<string, unknown>>) {
  const [first, ...others] = worldNames;
  for (const world of others) {
    for (const [question, answer] of answers[first!]) {
      expect
        .soft(JSON.parse(JSON.stringify(answers[world].get(question) ?? null)), `${question} — ${world}`)
        .toEqual(JSON.parse(JSON.stringify(answer)));
    }
  }
}

async function buyPage(query: string, cookie: string[]) {
  const request = new Request(`http://localhost/buy?${query}`, { headers: { cookie: cookie.join("; ") } });
  const context = new RouterContextProvider();
  context.set(clientIpContext, nextIp());
  return buyLoader({ request, params: {}, context } as never);
}

/** A loader's answer: its status, and its data or where it sends the visitor. */
async function loaderAnswer(
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string>,
  cookie = "",
) {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  try {
    const answer = (await loader({ request, params, context: new RouterContextProvider() } as never)) as {
      data?: unknown;
      init?: { status?: number };
    };
    return { status: answer.init?.status ?? 200, data: answer.data ?? answer };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init) return { status: init.status };
    throw thrown;
  }
}

/** Posts to a listing's save address as the stranger: the answer, its toast and what the member then holds. */
async function save(slug: string) {
  const answer = await callAction(saveAction, {
    path: `/buy/${slug}/save`,
    body: new URLSearchParams({ redirectTo: "/saved-listings" }),
    headers: { ...urlencoded, cookie: stranger.cookie },
    params: { slug },
    ip: nextIp(),
  });
  const toastCookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie: toastCookie } }));
  // Each toast has an id of its own; what it says is the answer.
  const { id: _id, ...said } = toast!;
  const saved = await loaderAnswer(savedListingsLoader, "/saved-listings", {}, stranger.cookie);
  const stored = await db()
    .select({ listingId: savedListing.listingId, pricePenceSeen: savedListing.pricePenceSeen })
    .from(savedListing)
    .where(eq(savedListing.userId, stranger.id));
  // Each question starts from nothing saved.
  await db().delete(savedListing).where(eq(savedListing.userId, stranger.id));
  return { status: answer.status, location: answer.headers.get("location"), toast: said, saved, stored };
}

describe("a confidential listing tells a visitor or a member without its NDA nothing it hides", () => {
  it("through /buy's filters, sorts and counts, from anywhere", async () => {
    const answers = await answersIn(async () => {
      const asked = new Map<string, unknown>();
      for (const [who, cookie] of [
        ["visitor", []],
        ["member without the NDA", [stranger.cookie]],
      ] as const) {
        for (const query of BUY_QUERIES) asked.set(`${who}: /buy?${query}`, await buyPage(query, [...cookie]));
        for (const query of FROM_CWMBRAN) {
          asked.set(`${who} in Cwmbran: /buy?${query}`, await buyPage(query, [...cookie, IN_CWMBRAN]));
        }
      }
      return asked;
    });
    expectNothingLearnt(answers);

    // Not vacuous: the places resolved, the neighbours were found, and the listing was among the answers.
    const page = (query: string) =>
      answers["hidden in Cwmbran"].get(`visitor: /buy?${query}`) as { items: { id: number; slug: string }[] };
    const slugs = (query: string) => page(query).items.map((item) => item.slug);
    expect(slugs("near=Cwmbran&radius=1")).toContain("oracle-cwmbran-cafe");
    expect(slugs("near=NP44&radius=1")).toContain("oracle-cwmbran-cafe");
    expect(slugs("location=Cwmbran")).toEqual(["oracle-cwmbran-cafe"]);
    // Its public district is still found by the search words.
    expect(slugs("search=np44")).toEqual([`confidential-${listingId}`]);
    expect(slugs("checked=yes")).toEqual([`confidential-${listingId}`]);
    // A hidden figure or place sorts as one never given: after every listing that gives it.
    for (const query of ["sort=price-asc", "sort=price-desc", "sort=revenue", "category=food&sort=price-asc"]) {
      expect(slugs(query).at(-1), query).toBe(`confidential-${listingId}`);
    }
    const nearest = answers["hidden in Cwmbran"].get("visitor in Cwmbran: /buy?") as { items: { slug: string }[] };
    expect(nearest.items.at(-1)!.slug).toBe(`confidential-${listingId}`);
  });

  it("through every route that takes a listing's address", async () => {
    const answers = await answersIn(async () => {
      const asked = new Map<string, unknown>();
      const publicSlug = `confidential-${listingId}`;
      for (const slug of [...GUESSED_SLUGS, publicSlug]) {
        asked.set(`visitor: GET /buy/${slug}`, await loaderAnswer(listingLoader, `/buy/${slug}`, { slug }));
        asked.set(
          `member: GET /buy/${slug}`,
          await loaderAnswer(listingLoader, `/buy/${slug}`, { slug }, stranger.cookie),
        );
        asked.set(
          `member: GET /buy/${slug}/nda`,
          await loaderAnswer(ndaLoader, `/buy/${slug}/nda`, { slug }, stranger.cookie),
        );
        asked.set(`member: POST /buy/${slug}/save`, await save(slug));
      }
      // The posts that would act on the listing itself, at the addresses that must not reach it.
      for (const slug of GUESSED_SLUGS) {
        const interest = await callAction(listingAction, {
          path: `/buy/${slug}`,
          body: new URLSearchParams({
            fullName: "Nosy Buyer",
            email: "nosy@example.com",
            contactNumber: "07700900123",
          }),
          headers: { ...urlencoded, cookie: stranger.cookie },
          params: { slug },
          ip: nextIp(),
        });
        asked.set(`member: POST /buy/${slug} (register interest)`, { status: interest.status, data: interest.data });
        const nda = await callAction(ndaAction, {
          path: `/buy/${slug}/nda`,
          body: new URLSearchParams({ fullName: "Nosy Buyer", agree: "yes" }),
          headers: { ...urlencoded, cookie: stranger.cookie },
          params: { slug },
          ip: nextIp(),
        });
        asked.set(`member: POST /buy/${slug}/nda`, { status: nda.status, data: nda.data });
      }
      return asked;
    });
    expectNothingLearnt(answers);

    // Not vacuous: the public address works, and saving there keeps no hidden price.
    const hidden = answers["hidden in Cwmbran"];
    const saved = hidden.get(`member: POST /buy/confidential-${listingId}/save`) as {
      toast: { title: string };
      stored: { pricePenceSeen: number | null }[];
    };
    expect(saved.toast.title).toBe("Saved!");
    expect(saved.stored).toEqual([{ listingId, pricePenceSeen: null }]);
    expect(hidden.get(`visitor: GET /buy/confidential-${listingId}`)).toMatchObject({ status: 200 });
    for (const slug of GUESSED_SLUGS) {
      expect(hidden.get(`visitor: GET /buy/${slug}`)).toEqual({ status: 404 });
      expect((hidden.get(`member: POST /buy/${slug}/save`) as { toast: { title: string } }).toast.title).toBe("Error");
    }
  });

  it("through saved searches' alerts", async () => {
    // Every query with a filter in it: a saved search keeps the filters, and its matching ignores the sort.
    const queries = BUY_QUERIES.filter((query) => query.includes("=") && !/^(sort|page)=/.test(query));
    const answers = await answersIn(async () => {
      const matches = await matchSearches(
        db(),
        queries.map((query, n) => ({ id: n + 1, query, since: SINCE })),
        UNTIL,
      );
      return new Map(queries.map((query, n) => [`alert for ${query}`, [...(matches.get(n + 1) ?? [])].sort()]));
    });
    expectNothingLearnt(answers);
    // Not vacuous: the near searches matched the neighbours, and the public district matched the listing.
    const hidden = answers["hidden in Cwmbran"];
    expect((hidden.get("alert for near=Cwmbran&radius=3") as number[]).length).toBeGreaterThan(0);
    expect(hidden.get("alert for search=np44")).toContain(listingId);
  });
});

describe("a figure a confidential listing shows", () => {
  it("still filters and sorts in its place", async () => {
    const [seller] = await db().select().from(user).where(eq(user.id, "oracle-seller"));
    const settings = {
      confidential: true,
      title: "Confidential: established takeaway in South Wales",
      figures: ["askingPrice" as const],
    };
    expect(await setConfidential({ id: seller!.id, email: seller!.email }, listingId, settings, seller!.id)).toBe(true);
    const slugs = async (query: string) =>
      ((await buyPage(query, [])) as { items: { slug: string }[] }).items.map((item) => item.slug);
    // £95,000: between the Cwmbran cafe (£80,000) and the Pontypool takeaway (£110,000).
    expect(await slugs("sort=price-asc")).toEqual([
      "oracle-cardiff-bakery",
      "oracle-cwmbran-cafe",
      `confidential-${listingId}`,
      "oracle-pontypool-takeaway",
      "oracle-newport-grocer",
    ]);
    expect(await slugs("min-price=90000&max-price=100000")).toEqual([`confidential-${listingId}`]);
    // Its turnover is still hidden.
    expect(await slugs("min-turnover=1")).not.toContain(`confidential-${listingId}`);
  });
});

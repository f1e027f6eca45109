// The back office's queues as lists (issue #46, point 1): claims, message
// threads and reviews, each paged past the cap it used to stop at, opening on
// the work that waits as before, with a filter that reaches what was decided
// or resolved, searched, sorted and exported whole as a spreadsheet-safe CSV.
// Loaders are called as React Router calls them, behind the admin middleware.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { exportAdminList, type AdminList } from "../../app/features/admin/lists/admin-list.server";
import { messagesList } from "../../app/features/messages/messages-list.server";
import { claimsList } from "../../app/features/owners/claims-list.server";
import { reviewsList } from "../../app/features/reviews/reviews-list.server";
import { loader as claimsLoader } from "../../app/routes/admin/claims";
import { loader as messagesLoader } from "../../app/routes/admin/messages";
import { loader as reviewsLoader } from "../../app/routes/admin/reviews";
import {
  businessClaim,
  businessListing,
  directoryBusiness,
  halalProposal,
  message,
  messageThread,
  review,
  reviewReport,
  threadReport,
  user,
} from "../../app/server/schema";
import { signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();

/** Runs a loader under /admin as the router does: the staff guard first, with the member's cookie. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any admin route's loader
async function asStaff(loader: (args: any) => unknown, path: string, cookie: string) {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  const args = { request, params: {}, context: new RouterContextProvider(), url: new URL(request.url), pattern: path };
  await requireAdmin(args, async () => new Response());
  return loader(args);
}

/** The list's CSV for a search, parsed, after checking it is a download of that list. */
async function exported<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  search: string,
) {
  const response = exportAdminList(
    list,
    new Request(`http://localhost/admin/export/${list.name}?${search}`),
    "2026-11-29",
  );
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="hbs-${list.name}-2026-11-29.csv"`);
  return parse((await response.text()).replace(/^\uFEFF/, "")) as string[][];
}

/** Addresses no browser should send, each of which must still give a page. */
const GARBAGE = [
  "page=-1",
  "page=abc",
  "page=99999999999999999999",
  "sort=createdAt%3BDROP%20TABLE%20review&dir=sideways",
  "status=%00&state=root",
  "state=all&status=all&sort=&dir=",
  `q=${"%25_".repeat(400)}`,
  "q=%27%20OR%201%3D1--",
  "q=99999999999999999999",
  "q=%23",
  "q=%5C",
  "q=-1",
];

const START = Date.UTC(2026, 0, 1);
const minute = (n: number) => new Date(START + n * 60_000);
const pad = (i: number) => String(i).padStart(3, "0");
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
const HOSTILE = '=HYPERLINK("http://evil.example","Click")';

let cookie = "";
let alpha = 0;
let zeta = 0;
let odd = 0;

beforeAll(async () => {
  const staff = await signedInMember("lists-staff@example.com", { ip: "198.51.100.7", fullName: "Lists Staff" });
  await app.database.db.update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
  cookie = staff.cookie;
  const business = (slug: string, name: string) => ({
    slug,
    name,
    category: "food" as const,
    description: "A grill.",
    town: "Leeds",
  });
  [alpha, zeta, odd] = (
    await app.database.db
      .insert(directoryBusiness)
      .values([
        business("alpha-grill", "Alpha Grill"),
        business("zeta-cafe", "Zeta Cafe"),
        business("odd", "100% Halal_Grill"),
      ])
      .returning({ id: directoryBusiness.id })
  ).map((row) => row.id) as [number, number, number];
});

describe("the claims list", () => {
  type Page = Awaited<ReturnType<typeof claimsLoader>>;
  const page = (search: string) => asStaff(claimsLoader, `/admin/claims?${search}`, cookie) as Promise<Page>;
  /** Claim ids by claimant number, in the order they were inserted. */
  let ids: number[] = [];

  beforeAll(async () => {
    // 230 claims with documents wait (past the old cap of 200), 5 were approved, 5 rejected, 5 wait for a code.
    await app.database.db.insert(user).values(
      range(0, 245).map((i) => ({
        id: `claimant-${pad(i)}`,
        email: `claimant-${pad(i)}@example.com`,
        fullName: i === 7 ? HOSTILE : `Claimant ${pad(244 - i)}`,
      })),
    );
    const status = (i: number) =>
      i < 230
        ? ("pending" as const)
        : i < 235
          ? ("approved" as const)
          : i < 240
            ? ("rejected" as const)
            : ("code_sent" as const);
    ids = (
      await app.database.db
        .insert(businessClaim)
        .values(
          range(0, 245).map((i) => ({
            businessId: i < 230 ? (i % 2 ? alpha : zeta) : i < 240 ? odd : alpha,
            userId: `claimant-${pad(i)}`,
            method: i < 240 ? ("documents" as const) : ("code" as const),
            status: status(i),
            documents: i < 240 ? ["a.webp", "b.webp"].slice(0, 1 + (i % 2)) : [],
            decidedAt: status(i) === "approved" || status(i) === "rejected" ? minute(1_000 + i) : null,
            reason: status(i) === "rejected" ? "The bill names another person." : null,
            createdAt: minute(i),
            updatedAt: minute(i),
          })),
        )
        .returning({ id: businessClaim.id })
    ).map((row) => row.id);
  });

  it("opens on the claims with documents, oldest first, paged past 200 with the total", async () => {
    const first = await page("");
    expect(first.total).toBe(230);
    expect(first.pageCount).toBe(5);
    expect(first.claims).toHaveLength(50);
    expect(first.claims.every((c) => c.status === "Documents to check")).toBe(true);
    const pages = [first, ...(await Promise.all([2, 3, 4, 5].map((n) => page(`page=${n}`))))];
    expect(pages[4]!.claims).toHaveLength(30);
    const all = pages.flatMap((p) => p.claims.map((c) => c.id));
    expect(all).toEqual(ids.slice(0, 230));
    expect(new Set(all).size).toBe(230);
    expect(pages[4]!.claims.at(-1)!.claimantEmail).toBe("claimant-229@example.com");
    expect(first.claims[1]).toMatchObject({ business: "Alpha Grill", proof: "2", claimantName: "Claimant 243" });
  });

  it("reaches the decided claims and those waiting for a code", async () => {
    const approved = await page("status=approved");
    expect(approved.total).toBe(5);
    expect(approved.claims.every((c) => c.status === "Approved")).toBe(true);
    expect((await page("status=rejected")).claims.map((c) => c.id)).toEqual(ids.slice(235, 240));
    const code = await page("status=code_sent");
    expect(code.claims.map((c) => c.claimantEmail)).toEqual(
      range(240, 245).map((i) => `claimant-${pad(i)}@example.com`),
    );
    expect(code.claims[0]!.proof).toMatch(/^Code to /);
    expect((await page("status=all")).total).toBe(245);
  });

  it("finds claims by claimant's e-mail or name, business, or claim id; % and _ are characters", async () => {
    expect((await page("q=CLAIMANT-042%40")).claims.map((c) => c.id)).toEqual([ids[42]]);
    expect((await page("q=claimant%20202")).claims.map((c) => c.id)).toEqual([ids[42]]);
    expect((await page(`q=%23${ids[42]}`)).claims.map((c) => c.id)).toEqual([ids[42]]);
    expect((await page(`q=${ids[42]}`)).claims.map((c) => c.id)).toContain(ids[42]);
    expect((await page("q=zeta")).total).toBe(115);
    expect((await page("q=zeta&status=approved")).total).toBe(0);
    expect((await page("q=_")).total).toBe(0);
    expect((await page("q=_&status=all")).claims.map((c) => c.id)).toEqual(ids.slice(230, 240));
    expect((await page("q=100%25&status=all")).total).toBe(10);
    expect((await page("q=%25")).total).toBe(0);
  });

  it("sorts by the business or the time sent, either way", async () => {
    const byBusiness = await page("sort=business&dir=desc&page=3");
    expect(byBusiness.claims[14]!.business).toBe("Zeta Cafe");
    expect(byBusiness.claims[15]!.business).toBe("Alpha Grill");
    expect((await page("sort=sent&dir=desc")).claims[0]!.id).toBe(ids[229]);
  });

  it("shows the owners' halal details below, oldest first, with how many wait", async () => {
    await app.database.db.insert(halalProposal).values([
      { businessId: zeta, userId: "claimant-001", changes: { halalStatus: "fully_halal" }, updatedAt: minute(2) },
      { businessId: alpha, userId: "claimant-000", changes: { halalStatus: "fully_halal" }, updatedAt: minute(1) },
      { businessId: odd, userId: "claimant-002", changes: {}, status: "approved" },
    ]);
    const { proposals, proposalsWaiting } = await page("status=all&q=nothing-matches");
    expect(proposals.map((p) => p.business)).toEqual(["Alpha Grill", "Zeta Cafe"]);
    expect(proposalsWaiting).toBe(2);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.claims.length, search).toBeLessThanOrEqual(50);
      expect(answer.params.page, search).toBeLessThanOrEqual(answer.pageCount);
    }
    expect((await page("q=99999999999999999999")).total).toBe(0);
    expect((await page("page=9999")).claims).toHaveLength(30);
  });

  it("exports every claim the search finds, in its order, safe to open in a spreadsheet", async () => {
    const rows = await exported(claimsList, "sort=sent&dir=asc");
    expect(rows[0]).toEqual([
      "Id",
      "Business",
      "Claimant e-mail",
      "Claimant name",
      "Method",
      "Status",
      "Code sent to",
      "Documents",
      "Sent",
      "Decided",
      "Reason",
    ]);
    expect(rows).toHaveLength(231);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(ids.slice(0, 230));
    expect(rows[8]![3]).toBe(`'${HOSTILE}`);
    expect(rows[1]!.slice(1, 8)).toEqual([
      "Zeta Cafe",
      "claimant-000@example.com",
      "Claimant 244",
      "Documents",
      "Documents to check",
      "",
      "1",
    ]);
    const rejected = await exported(claimsList, "status=rejected");
    expect(rejected.slice(1).map((row) => row[10])).toEqual(Array(5).fill("The bill names another person."));
  });
});

describe("the messages list", () => {
  type Page = Awaited<ReturnType<typeof messagesLoader>>;
  const page = (search: string) => asStaff(messagesLoader, `/admin/messages?${search}`, cookie) as Promise<Page>;
  /** Thread ids by buyer number. */
  let ids: number[] = [];

  beforeAll(async () => {
    const { db } = app.database;
    await db.insert(user).values([
      { id: "seller-1", email: "seller@example.com", fullName: "Sara Seller" },
      ...range(0, 250).map((i) => ({
        id: `buyer-${pad(i)}`,
        email: `buyer-${pad(i)}@example.com`,
        fullName: i === 3 ? "-2+3" : `Buyer ${pad(i)}`,
      })),
    ]);
    const listing = (slug: string, title: string, sellerId: string | null) => ({
      slug,
      title,
      category: "food",
      town: "Leeds",
      askingPricePence: 5_000_000,
      description: "A grill.",
      sellerId,
    });
    const [hbs, sellers] = await db
      .insert(businessListing)
      .values([listing("hbs-grill", "HBS Grill", null), listing("corner-cafe", "Corner 100%_Cafe", "seller-1")])
      .returning({ id: businessListing.id });
    // 150 buyers write to HBS; 100 to a seller, of whose threads 60 have an open report, 20 only resolved ones.
    ids = (
      await db
        .insert(messageThread)
        .values(
          range(0, 250).map((i) => ({
            listingId: i < 150 ? hbs!.id : sellers!.id,
            buyerId: `buyer-${pad(i)}`,
            sellerId: i < 150 ? null : "seller-1",
            lastMessageAt: minute(i),
            createdAt: minute(1_000 - i),
          })),
        )
        .returning({ id: messageThread.id })
    ).map((row) => row.id);
    await db
      .insert(threadReport)
      .values([
        ...range(150, 210).map((i) => ({ threadId: ids[i]!, reason: "Rude.", status: "open" as const })),
        ...range(150, 151).map((i) => ({ threadId: ids[i]!, reason: "Spam.", status: "resolved" as const })),
        ...range(210, 230).map((i) => ({ threadId: ids[i]!, reason: "Spam.", status: "resolved" as const })),
      ]);
    await db
      .insert(message)
      .values([0, 1].map(() => ({ threadId: ids[0]!, senderId: "buyer-000", body: "SECRET BODY: my bank details" })));
  });

  it("opens on the threads with HBS and the open reports, newest first, paged past 200 with the total", async () => {
    const first = await page("");
    expect(first.total).toBe(210);
    expect(first.pageCount).toBe(5);
    const pages = [first, ...(await Promise.all([2, 3, 4, 5].map((n) => page(`page=${n}`))))];
    expect(pages[4]!.threads).toHaveLength(10);
    const all = pages.flatMap((p) => p.threads.map((t) => t.id));
    expect(all).toEqual(
      range(0, 210)
        .reverse()
        .map((i) => ids[i]),
    );
    expect(new Set(all).size).toBe(210);
    // Both sides by name, each a member the back office can open; HBS's own threads say so.
    expect(first.threads[0]).toMatchObject({
      buyer: { id: "buyer-209", name: "Buyer 209", email: "buyer-209@example.com" },
      seller: { id: "seller-1", name: "Sara Seller" },
      reportState: "open",
    });
    expect(pages[4]!.threads.at(-1)).toMatchObject({ buyer: { name: "Buyer 000" }, seller: null, unread: 2 });
  });

  it("reaches the threads with HBS alone, open and resolved reports, and every thread", async () => {
    expect((await page("state=hbs")).total).toBe(150);
    const reported = await page("state=reported");
    expect(reported.total).toBe(60);
    expect(reported.threads.every((t) => t.reportState === "open")).toBe(true);
    const resolved = await page("state=resolved");
    expect(resolved.threads.map((t) => t.id)).toEqual(
      range(210, 230)
        .reverse()
        .map((i) => ids[i]),
    );
    expect(resolved.threads.every((t) => t.reportState === "resolved")).toBe(true);
    expect((await page("state=all")).total).toBe(250);
  });

  it("finds threads by either member's e-mail or name, the listing, or the thread id; % and _ are characters", async () => {
    expect((await page("q=BUYER-042%40")).threads.map((t) => t.id)).toEqual([ids[42]]);
    expect((await page("q=buyer%20042")).threads.map((t) => t.id)).toEqual([ids[42]]);
    expect((await page(`q=%23${ids[42]}`)).threads.map((t) => t.id)).toEqual([ids[42]]);
    expect((await page("q=sara%20seller")).total).toBe(60);
    expect((await page("q=seller%40example&state=all")).total).toBe(100);
    expect((await page("q=hbs%20grill")).total).toBe(150);
    expect((await page("q=%25")).total).toBe(60);
    expect((await page("q=_&state=all")).total).toBe(100);
  });

  it("sorts by when the thread started or its last message", async () => {
    expect((await page("sort=started&dir=asc")).threads[0]!.id).toBe(ids[209]);
    expect((await page("sort=started&dir=desc")).threads[0]!.id).toBe(ids[0]);
    expect((await page("sort=last&dir=asc&state=all")).threads[0]!.id).toBe(ids[0]);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.threads.length, search).toBeLessThanOrEqual(50);
    }
    expect((await page("q=99999999999999999999")).total).toBe(0);
  });

  it("exports every thread the search finds, in its order, without the messages, safe to open in a spreadsheet", async () => {
    const rows = await exported(messagesList, "state=all&sort=last&dir=asc");
    expect(rows.flat().some((cell) => cell.includes("SECRET BODY"))).toBe(false);
    expect(rows[0]).toEqual([
      "Thread",
      "Listing",
      "Buyer e-mail",
      "Buyer name",
      "Seller e-mail",
      "Seller name",
      "Started",
      "Last message",
      "Reported",
    ]);
    expect(rows).toHaveLength(251);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(ids);
    expect(rows[1]!.slice(1, 6)).toEqual(["HBS Grill", "buyer-000@example.com", "Buyer 000", "HBS", "HBS"]);
    expect(rows[4]![3]).toBe("'-2+3");
    expect(rows[151]!.slice(4, 6)).toEqual(["seller@example.com", "Sara Seller"]);
    expect(rows[151]![8]).toBe("Open report");
    expect(rows[211]![8]).toBe("Reports resolved");
    expect(rows[231]![8]).toBe("");
  });
});

describe("the reviews list", () => {
  type Page = Awaited<ReturnType<typeof reviewsLoader>>;
  const page = (search: string) => asStaff(reviewsLoader, `/admin/reviews?${search}`, cookie) as Promise<Page>;
  /** Review ids by reviewer number. */
  let ids: number[] = [];

  beforeAll(async () => {
    const { db } = app.database;
    await db.insert(user).values(
      range(0, 180).map((i) => ({
        id: `reviewer-${pad(i)}`,
        email: `reviewer-${pad(i)}@example.com`,
        fullName: `Reviewer ${pad(i)}`,
      })),
    );
    // 70 held, 40 reported (past the old queues' 50 each), 30 published and 10 removed by staff,
    // 20 never checked, 10 whose reports were dismissed.
    const status = (i: number) =>
      i < 70 ? ("held" as const) : i >= 140 && i < 150 ? ("removed" as const) : ("published" as const);
    ids = (
      await db
        .insert(review)
        .values(
          range(0, 180).map((i) => ({
            businessId: i % 2 ? alpha : zeta,
            userId: `reviewer-${pad(i)}`,
            rating: 1 + (i % 5),
            body:
              i === 5
                ? `${HOSTILE} the lamb`
                : i === 150
                  ? "Worth 100% of it_ and more."
                  : `Review ${pad(i)}: the lamb.`,
            status: status(i),
            holdReasons: i < 70 ? ["new_account"] : [],
            fingerprint: `fp-${i}`,
            networkHash: "net",
            decidedAt: i >= 110 && i < 150 ? minute(1_000 + i) : null,
            removalReason: status(i) === "removed" ? "Fake." : null,
            createdAt: minute(i),
          })),
        )
        .returning({ id: review.id })
    ).map((row) => row.id);
    await db
      .insert(reviewReport)
      .values([
        ...range(70, 110).map((i) => ({ reviewId: ids[i]!, reason: "Untrue.", status: "open" as const })),
        ...range(170, 180).map((i) => ({ reviewId: ids[i]!, reason: "Untrue.", status: "dismissed" as const })),
      ]);
  });

  it("opens on the held and reported reviews, oldest first, paged past 100 with the total", async () => {
    const first = await page("");
    expect(first.total).toBe(110);
    expect(first.pageCount).toBe(3);
    const pages = [first, await page("page=2"), await page("page=3")];
    expect(pages[2]!.reviews).toHaveLength(10);
    const all = pages.flatMap((p) => p.reviews.map((r) => r.id));
    expect(all).toEqual(ids.slice(0, 110));
    expect(new Set(all).size).toBe(110);
    expect(first.reviews[0]).toMatchObject({
      status: "held",
      reviewer: "Reviewer 000",
      reviewerEmail: "reviewer-000@example.com",
      holdReasons: ["The account is less than 24 hours old"],
    });
    expect(pages[2]!.reviews[0]).toMatchObject({ status: "published", openReports: 1 });
  });

  it("reaches the held, reported and decided reviews, and every review", async () => {
    const held = await page("state=held");
    expect(held.total).toBe(70);
    expect(held.reviews.every((r) => r.status === "held")).toBe(true);
    const reported = await page("state=reported");
    expect(reported.reviews.map((r) => r.id)).toEqual(ids.slice(70, 110));
    const decided = await page("state=decided&sort=decided&dir=desc");
    expect(decided.total).toBe(40);
    expect(decided.reviews[0]).toMatchObject({ id: ids[149], status: "removed", removalReason: "Fake." });
    expect((await page("state=all")).total).toBe(180);
  });

  it("finds reviews by reviewer's e-mail or name, business, their words or id; % and _ are characters", async () => {
    expect((await page("q=REVIEWER-042%40")).reviews.map((r) => r.id)).toEqual([ids[42]]);
    expect((await page("q=reviewer%20042")).reviews.map((r) => r.id)).toEqual([ids[42]]);
    expect((await page("q=review%20042%3A")).reviews.map((r) => r.id)).toEqual([ids[42]]);
    expect((await page(`q=%23${ids[42]}`)).reviews.map((r) => r.id)).toEqual([ids[42]]);
    expect((await page("q=zeta")).total).toBe(55);
    expect((await page("q=zeta&state=all")).total).toBe(90);
    expect((await page("q=%25&state=all")).reviews.map((r) => r.id)).toEqual([ids[150]]);
    expect((await page("q=_&state=all")).reviews.map((r) => r.id)).toEqual([ids[150]]);
  });

  it("sorts by stars, business, and when written or decided", async () => {
    const byStars = await page("sort=rating&dir=desc");
    expect(byStars.reviews.slice(0, 22).every((r) => r.rating === 5)).toBe(true);
    expect(byStars.reviews[22]!.rating).toBe(4);
    const byBusiness = await page("sort=business&dir=asc&page=2");
    expect(byBusiness.reviews[4]!.businessName).toBe("Alpha Grill");
    expect(byBusiness.reviews[5]!.businessName).toBe("Zeta Cafe");
    expect((await page("sort=written&dir=desc")).reviews[0]!.id).toBe(ids[109]);
    expect((await page("state=decided&sort=decided&dir=asc")).reviews[0]!.id).toBe(ids[110]);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.reviews.length, search).toBeLessThanOrEqual(50);
    }
    expect((await page("q=99999999999999999999")).total).toBe(0);
    expect((await page("page=9999")).reviews).toHaveLength(10);
  });

  it("exports every review the search finds, in its order, safe to open in a spreadsheet", async () => {
    const rows = await exported(reviewsList, "state=all&sort=written&dir=asc");
    expect(rows[0]).toEqual([
      "Id",
      "Business",
      "Reviewer e-mail",
      "Reviewer name",
      "Rating",
      "State",
      "Open reports",
      "Written",
      "Decided",
      "Why held",
      "Removal reason",
      "Review",
    ]);
    expect(rows).toHaveLength(181);
    expect(rows.slice(1).map((row) => Number(row[0]))).toEqual(ids);
    expect(rows[6]![11]).toBe(`'${HOSTILE} the lamb`);
    expect(rows[1]!.slice(1, 7)).toEqual([
      "Zeta Cafe",
      "reviewer-000@example.com",
      "Reviewer 000",
      "1",
      "Held for a check",
      "0",
    ]);
    expect(rows[1]![9]).toBe("The account is less than 24 hours old");
    expect(rows[71]![6]).toBe("1");
    expect(rows[141]!.slice(5, 11)).toEqual([
      "Removed",
      "0",
      minute(140).toISOString(),
      minute(1_140).toISOString(),
      "",
      "Fake.",
    ]);
    expect((await exported(reviewsList, "")).length).toBe(111);
  });
});

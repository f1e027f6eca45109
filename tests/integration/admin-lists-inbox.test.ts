// The back office's inbox lists past the rows they used to stop at (enquiries
// at 100, listings at 500 a status, the outbox at 100): paged with their
// total, searched by what staff type, filtered, sorted by the column chosen,
// and exported whole as CSV that a spreadsheet opens without running formulas.
// Loaders are called as React Router calls them, behind the admin middleware.
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { enquiriesList } from "../../app/features/admin/enquiries.server";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { exportAdminList, type AdminList } from "../../app/features/admin/lists/admin-list.server";
import { listingsList } from "../../app/features/admin/listings.server";
import { outboxList } from "../../app/features/admin/outbox.server";
import { loader as enquiriesLoader } from "../../app/routes/admin/enquiries";
import { loader as listingsLoader } from "../../app/routes/admin/listings";
import { loader as outboxLoader } from "../../app/routes/admin/outbox";
import { businessListing, enquiry, outbox, user } from "../../app/server/schema";
import { signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();

/** Runs a loader under /admin as the router does: the staff guard first, with the member's cookie. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any admin route's loader
async function asStaff(loader: (args: any) => unknown, path: string) {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  const context = new RouterContextProvider();
  const args = { request, params: {}, context, url: new URL(request.url), pattern: path };
  await requireAdmin(args, async () => new Response());
  return loader(args);
}

/** A list's whole CSV export for an address, its rows parsed, the heading first. */
async function exported<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  path: string,
) {
  const response = exportAdminList(list, new Request(`http://localhost${path}`), "2026-11-29");
  const text = await response.text();
  return { response, text, rows: parse(text.replace(/^\uFEFF/, "")) as string[][] };
}

/** Three letters for a number under 17,576 ("aaa", "aab" …), so names hold no digits an id search could match. */
const word = (i: number) =>
  [Math.floor(i / 676), Math.floor(i / 26) % 26, i % 26].map((n) => String.fromCharCode(97 + n)).join("");
const minute = (i: number) => new Date(Date.UTC(2026, 5, 1) + i * 60_000);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);

/** Any address is some page: never an error, never more than a page. */
const GARBAGE = [
  "page=-1",
  "page=abc",
  "page=99999999999999999999",
  "sort=DROP%20TABLE%20enquiry&dir=sideways",
  "sort=createdAt%3BDROP%20TABLE%20outbox",
  "status=nonsense&kind=%00&state=root",
  `q=${"%25_".repeat(3000)}`,
  "q=%27%20OR%201%3D1--",
];

let cookie = "";
beforeAll(async () => {
  const staff = await signedInMember("inbox-staff@example.com", { ip: "198.51.100.21", fullName: "Inbox Staff" });
  await app.database.db.update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
  cookie = staff.cookie;
});

describe("the enquiries list", () => {
  type Page = Awaited<ReturnType<typeof enquiriesLoader>>;
  const page = (search: string) => asStaff(enquiriesLoader, `/admin/enquiries?${search}`) as Promise<Page>;
  /** The 120 enquiries' ids, in the order they came, one a minute. */
  let ids: number[] = [];
  const subjectOf = (i: number) =>
    i === 10
      ? '=HYPERLINK("http://evil.example","Click")'
      : i === 11
        ? "Fully 100% halal"
        : `Inbox question ${word(i)}`;

  beforeAll(async () => {
    const rows = await app.database.db
      .insert(enquiry)
      .values(
        range(0, 120).map((i) => ({
          // Every fourth a directory report; a third each received, in progress and closed.
          kind: i % 4 === 0 ? ("business_report" as const) : ("contact" as const),
          status: (["closed", "in_progress", "new"] as const)[i % 3],
          subject: i === 12 ? "snake_case subject" : subjectOf(i),
          fields: { name: `Sender ${word(119 - i)}`, email: `sender-${word(i)}@example.com`, message: "Salaam" },
          createdAt: minute(i),
        })),
      )
      .returning({ id: enquiry.id });
    ids = rows.map((r) => r.id);
  });

  it("pages past the old cap of 100 with the total, every row once", async () => {
    const first = await page("");
    expect(first.total).toBe(120);
    expect(first.pageCount).toBe(3);
    expect(first.enquiries.map((e) => e.id)).toEqual(
      range(70, 120)
        .reverse()
        .map((i) => ids[i]),
    ); // newest first
    const last = await page("page=3");
    expect(last.enquiries.map((e) => e.id)).toEqual(
      range(0, 20)
        .reverse()
        .map((i) => ids[i]),
    );
    const all = [...first.enquiries, ...(await page("page=2")).enquiries, ...last.enquiries].map((e) => e.id);
    expect(new Set(all).size).toBe(120);
    expect(first.counts).toEqual({ closed: 40, in_progress: 40, new: 40 });
  });

  it("finds what staff type: the reference, the sender's e-mail or name, the subject; % and _ as characters", async () => {
    const found = async (q: string) => (await page(new URLSearchParams({ q }).toString())).enquiries.map((e) => e.id);
    expect(await found(`HBS-${String(ids[42]).padStart(6, "0")}`)).toEqual([ids[42]]);
    expect(await found(String(ids[42]))).toContain(ids[42]);
    expect(await found(`SENDER-${word(42)}@Example.com`)).toEqual([ids[42]]);
    expect(await found(`Sender ${word(42)}`)).toEqual([ids[119 - 42]]);
    expect(await found(`question ${word(99)}`)).toEqual([ids[99]]);
    expect(await found("100%")).toEqual([ids[11]]);
    expect(await found("%")).toEqual([ids[11]]);
    expect(await found("_")).toEqual([ids[12]]);
  });

  it("filters by kind and status, with the status counts following the search and kind", async () => {
    const closed = await page("status=closed");
    expect(closed.total).toBe(40);
    expect(closed.enquiries.every((e) => e.status === "closed")).toBe(true);
    const reports = await page("kind=business_report&status=new");
    expect(reports.enquiries.map((e) => e.id)).toEqual(
      range(0, 120)
        .filter((i) => i % 12 === 8)
        .reverse()
        .map((i) => ids[i]),
    );
    expect(reports.counts).toEqual({ closed: 10, in_progress: 10, new: 10 });
    expect((await page("q=question%20ab")).counts).toEqual({ closed: 9, in_progress: 8, new: 9 });
  });

  it("sorts by the column chosen, either way", async () => {
    const bySubject = await page("q=Inbox%20question&sort=subject&dir=desc");
    expect(bySubject.total).toBe(117);
    expect(bySubject.enquiries.slice(0, 3).map((e) => e.subject)).toEqual(
      [119, 118, 117].map((i) => `Inbox question ${word(i)}`),
    );
    const byKind = await page("sort=kind&dir=asc");
    expect(byKind.enquiries.every((e) => e.kind === "Contact message")).toBe(true);
    expect((await page("sort=kind&dir=asc&page=3")).enquiries.every((e) => e.kind === "Directory change report")).toBe(
      true,
    );
    const byStatus = (await page("sort=status&dir=desc")).enquiries.map((e) => e.status);
    expect(byStatus).toEqual([...Array(40).fill("closed"), ...Array(10).fill("in_progress")]);
    expect((await page("sort=received&dir=asc")).enquiries[0]!.id).toBe(ids[0]);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.enquiries.length, search).toBeLessThanOrEqual(50);
    }
    expect((await page("status=nonsense")).total).toBe(120);
    expect((await page("page=9999")).params.page).toBe(3);
    expect((await page(`q=${"x".repeat(5000)}`)).total).toBe(0);
  });

  it("exports every row the search finds, in its order, with formulas made text", async () => {
    const { response, rows } = await exported(enquiriesList, "/admin/export/enquiries?sort=received&dir=asc");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="hbs-enquiries-2026-11-29.csv"');
    expect(rows[0]).toEqual(["Reference", "Kind", "Subject", "Status", "Sender's name", "Sender's e-mail", "Received"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(ids.map((id) => `HBS-${String(id).padStart(6, "0")}`));
    expect(rows[1]).toEqual([
      `HBS-${String(ids[0]).padStart(6, "0")}`,
      "Directory change report",
      "Inbox question aaa",
      "Closed",
      `Sender ${word(119)}`,
      "sender-aaa@example.com",
      minute(0).toISOString(),
    ]);
    expect(rows[11]![2]).toBe(`'=HYPERLINK("http://evil.example","Click")`);

    const closed = await exported(
      enquiriesList,
      "/admin/export/enquiries?status=closed&sort=subject&dir=desc&q=question",
    );
    expect(closed.rows).toHaveLength(1 + 39);
    expect(closed.rows[1]![2]).toBe(`Inbox question ${word(117)}`);
  });
});

describe("the listings list", () => {
  type Page = Awaited<ReturnType<typeof listingsLoader>>;
  const page = (search: string) => asStaff(listingsLoader, `/admin/listings?${search}`) as Promise<Page>;
  /** 520 waiting for review (past the old 500 a status) and 30 published, one sent a minute. */
  let ids: number[] = [];
  const titleOf = (i: number) =>
    i === 6
      ? "Fully 100% Halal Grill"
      : i === 7
        ? "Under_score Cafe"
        : i === 8
          ? "=cmd|' /C calc'!A"
          : `Lot ${word(i)}`;

  beforeAll(async () => {
    const [seller] = await app.database.db
      .insert(user)
      .values({ id: "lists-seller", email: "seller-one@example.com", fullName: "Yusuf Seller" })
      .returning();
    const rows = await app.database.db
      .insert(businessListing)
      .values(
        range(0, 550).map((i) => ({
          slug: `lot-${word(i)}`,
          title: titleOf(i),
          category: "food",
          town: "Leeds",
          askingPricePence: 1_000_000 + i * 101,
          description: "A business for the back office's list.",
          status: i < 520 ? ("pending" as const) : ("published" as const),
          sellerId: i < 5 ? seller!.id : null,
          createdAt: minute(i),
          // Changed in the opposite order to the one they came in.
          updatedAt: minute(1000 - i),
        })),
      )
      .returning({ id: businessListing.id });
    ids = rows.map((r) => r.id);
    // Sent from /sell while signed out: the seller is the submission's contact.
    await app.database.db.insert(enquiry).values({
      kind: "listing_submission",
      subject: "Original Trading Name",
      fields: {
        businessName: "Original Trading Name",
        contactName: "Amina Contact",
        contactEmail: "contact-five@example.org",
      },
      listingId: ids[5],
    });
  });

  it("opens on the review queue, and pages past the old 500 a status with the total", async () => {
    await expect(asStaff(listingsLoader, "/admin/listings")).rejects.toSatisfy(
      (answer: Response) =>
        answer.status === 302 && answer.headers.get("location") === "/admin/listings?status=pending",
    );
    const first = await page("status=pending");
    expect(first.total).toBe(520);
    expect(first.pageCount).toBe(11);
    expect(first.counts).toEqual({
      pending: 520,
      published: 30,
      sold: 0,
      withdrawn: 0,
      expired: 0,
      rejected: 0,
      suspended: 0,
    });
    expect(first.listings[0]!.id).toBe(ids[0]); // the latest changed first
    const last = await page("status=pending&page=11");
    expect(last.listings.map((l) => l.id)).toEqual(range(500, 520).map((i) => ids[i]));
    const pages = await Promise.all(range(1, 12).map((n) => page(`status=pending&page=${n}`)));
    const all = pages.flatMap((p) => p.listings.map((l) => l.id));
    expect(all).toHaveLength(520);
    expect(new Set(all).size).toBe(520);
    expect((await page("sort=updated&dir=desc")).total).toBe(550); // "All"
  });

  it("finds a listing by its title, slug, id, seller's e-mail or name, or the name it was sent under", async () => {
    const found = async (q: string) => (await page(new URLSearchParams({ q }).toString())).listings.map((l) => l.id);
    const lots = (...at: number[]) => at.map((i) => ids[i]);
    expect(await found(`lot ${word(29)}`)).toEqual(lots(29));
    expect(await found(`LOT-${word(28)}`)).toEqual(lots(28));
    expect(await found(String(ids[40]))).toEqual(lots(40));
    expect(await found("Seller-One@Example")).toEqual(lots(0, 1, 2, 3, 4));
    expect(await found("yusuf")).toEqual(lots(0, 1, 2, 3, 4));
    expect(await found("contact-five@")).toEqual(lots(5));
    expect(await found("Amina")).toEqual(lots(5));
    expect(await found("Original Trading")).toEqual(lots(5));
    expect(await found("100%")).toEqual(lots(6));
    expect(await found("%")).toEqual(lots(6));
    expect(await found("_")).toEqual(lots(7));
    // Across every status, the published ones too.
    expect(await found(`Lot ${word(549)}`)).toEqual(lots(549));
  });

  it("filters by status, with the tabs' counts following the search", async () => {
    const published = await page("status=published");
    expect(published.total).toBe(30);
    expect(published.listings.every((l) => l.status === "published")).toBe(true);
    // "Lot au…" are 520 to 545: all published.
    const none = await page("q=Lot%20au&status=pending");
    expect(none.total).toBe(0);
    expect(none.listings).toEqual([]);
    expect(none.counts).toMatchObject({ pending: 0, published: 26 });
    expect((await page("q=Lot%20at")).counts).toMatchObject({ pending: 26, published: 0 });
  });

  it("sorts by the column chosen, either way", async () => {
    const order = async (search: string) => (await page(search)).listings.slice(0, 3).map((l) => l.id);
    expect(await order("status=pending&sort=sent&dir=asc")).toEqual([ids[0], ids[1], ids[2]]);
    expect(await order("status=pending&sort=sent&dir=desc")).toEqual([ids[519], ids[518], ids[517]]);
    expect(await order("status=pending&sort=updated&dir=asc")).toEqual([ids[519], ids[518], ids[517]]);
    expect(await order("status=published&sort=price&dir=desc")).toEqual([ids[549], ids[548], ids[547]]);
    expect(await order("q=Lot%20a&sort=title&dir=asc")).toEqual([ids[0], ids[1], ids[2]]);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.listings.length, search).toBeLessThanOrEqual(50);
    }
    const nonsense = await page("status=nonsense");
    expect(nonsense.total).toBe(550);
    expect(nonsense.status).toBeUndefined();
    expect((await page("status=pending&page=9999")).params.page).toBe(11);
  });

  it("exports every row the search finds, in its order, the price in pounds, with formulas made text", async () => {
    const { rows } = await exported(listingsList, "/admin/export/listings?status=pending&sort=sent&dir=asc");
    expect(rows[0]).toEqual([
      "Id",
      "Title",
      "Slug",
      "Status",
      "Category",
      "Town",
      "Postcode",
      "Asking price (£)",
      "Confidential",
      "Featured",
      "Paid promotion",
      "Under offer since",
      "Seller's e-mail",
      "Seller's name",
      "Submitted",
      "Published",
      "Updated",
    ]);
    expect(rows).toHaveLength(1 + 520);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids.slice(0, 520));
    expect(rows[1]!.slice(1, 8)).toEqual([
      "Lot aaa",
      "lot-aaa",
      "Waiting for review",
      "Food & Beverage",
      "Leeds",
      "",
      "10000",
    ]);
    expect(rows[2]![7]).toBe("10001.01");
    expect(rows[1]!.slice(12, 14)).toEqual(["seller-one@example.com", "Yusuf Seller"]);
    expect(rows[6]!.slice(12, 14)).toEqual(["contact-five@example.org", "Amina Contact"]);
    expect(rows[9]![1]).toBe("'=cmd|' /C calc'!A");
    expect(rows[1]![14]).toBe(minute(0).toISOString());
  });
});

describe("the outbox list", () => {
  type Page = Awaited<ReturnType<typeof outboxLoader>>;
  const page = (search: string) => asStaff(outboxLoader, `/admin/outbox?${search}`) as Promise<Page>;
  /** 110 failing, then 10 queued and 10 sent, one queued a minute. */
  let ids: number[] = [];
  const subjectOf = (i: number) =>
    i === 3 ? "=2+5" : i === 4 ? "Save 100% now" : i === 5 ? "snake_case notice" : `Notice ${word(i)}`;

  beforeAll(async () => {
    await app.database.db.delete(outbox); // the staff member's own e-mails from signing up
    const rows = await app.database.db
      .insert(outbox)
      .values(
        range(0, 130).map((i) => ({
          kind: "mail",
          payload: { to: `person-${word(i)}@example.com`, subject: subjectOf(i), text: `Private body ${i}` },
          attempts: i < 120 ? (i % 7) + 1 : 1,
          lastError: i < 110 ? `connect ECONNREFUSED (${word(i)})` : null,
          sentAt: i >= 120 ? minute(500 + i) : null,
          nextAttemptAt: minute(1000 - i),
          createdAt: minute(i),
        })),
      )
      .returning({ id: outbox.id });
    ids = rows.map((r) => r.id);
  });

  it("opens on what is failing, and pages past the old cap of 100 with the total", async () => {
    await expect(asStaff(outboxLoader, "/admin/outbox")).rejects.toSatisfy(
      (answer: Response) => answer.status === 302 && answer.headers.get("location") === "/admin/outbox?state=failing",
    );
    const first = await page("state=failing");
    expect(first.total).toBe(110);
    expect(first.pageCount).toBe(3);
    expect(first.counts).toEqual({ failing: 110, queued: 10, sent: 10 });
    expect(first.messages[0]).toMatchObject({ id: ids[109], to: `person-${word(109)}@example.com`, state: "failing" });
    expect(first.messages[0]!.text).toBe("Private body 109");
    const last = await page("state=failing&page=3");
    expect(last.messages.map((m) => m.id)).toEqual(
      range(0, 10)
        .reverse()
        .map((i) => ids[i]),
    );
    const all = [...first.messages, ...(await page("state=failing&page=2")).messages, ...last.messages];
    expect(new Set(all.map((m) => m.id)).size).toBe(110);
    expect((await page("sort=queued&dir=desc")).total).toBe(130); // "All"
  });

  it("finds a message by its recipient, subject or id; % and _ as characters", async () => {
    const found = async (q: string) => (await page(new URLSearchParams({ q }).toString())).messages.map((m) => m.id);
    expect(await found(`PERSON-${word(42)}@`)).toEqual([ids[42]]);
    expect(await found(`notice ${word(125)}`)).toEqual([ids[125]]);
    expect(await found(`outbox-${ids[77]}`)).toEqual([ids[77]]);
    expect(await found("100%")).toEqual([ids[4]]);
    expect(await found("%")).toEqual([ids[4]]);
    expect(await found("_")).toEqual([ids[5]]);
    expect(await found("Private body")).toEqual([]); // the body is not searched
  });

  it("filters by state, with the tabs' counts following the search", async () => {
    const sent = await page("state=sent");
    expect(sent.messages.map((m) => m.id)).toEqual(
      range(120, 130)
        .reverse()
        .map((i) => ids[i]),
    );
    expect(sent.messages.every((m) => m.state === "sent" && m.sent !== null && m.nextAttempt === null)).toBe(true);
    const queued = await page("state=queued&q=person-aei");
    expect(queued.messages.map((m) => m.id)).toEqual([ids[112]]);
    expect(queued.counts).toEqual({ failing: 0, queued: 1, sent: 0 });
    expect((await page("q=person-ae&state=sent")).counts).toEqual({ failing: 6, queued: 10, sent: 10 });
  });

  it("sorts by the column chosen, either way", async () => {
    const byAttempts = (await page("state=failing&sort=attempts&dir=asc")).messages;
    expect(byAttempts.map((m) => m.attempts)).toEqual([...byAttempts.map((m) => m.attempts)].sort((a, b) => a - b));
    expect(byAttempts.slice(0, 3).map((m) => m.id)).toEqual([ids[0], ids[7], ids[14]]);
    expect((await page("state=failing&sort=attempts&dir=desc")).messages[0]!.id).toBe(ids[104]);
    expect((await page("state=failing&sort=next&dir=asc")).messages[0]!.id).toBe(ids[109]);
    expect((await page("state=sent&sort=sent&dir=asc")).messages[0]!.id).toBe(ids[120]);
    expect((await page("sort=queued&dir=asc")).messages[0]!.id).toBe(ids[0]);
  });

  it("reads any address as some page", async () => {
    for (const search of GARBAGE) {
      const answer = await page(search);
      expect(answer.messages.length, search).toBeLessThanOrEqual(50);
    }
    expect((await page("state=root")).total).toBe(130);
    expect((await page("state=failing&page=9999")).params.page).toBe(3);
  });

  it("exports every message found, in its order, without its body, with formulas made text", async () => {
    const { text, rows } = await exported(outboxList, "/admin/export/outbox?state=failing&sort=queued&dir=asc");
    expect(rows[0]).toEqual([
      "Id",
      "To",
      "Subject",
      "State",
      "Attempts",
      "Last error",
      "Queued",
      "Next attempt",
      "Sent",
    ]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(ids.slice(0, 110));
    expect(rows[1]).toEqual([
      String(ids[0]),
      "person-aaa@example.com",
      "Notice aaa",
      "Failing",
      "1",
      "connect ECONNREFUSED (aaa)",
      minute(0).toISOString(),
      minute(1000).toISOString(),
      "",
    ]);
    expect(rows[4]![2]).toBe("'=2+5");
    expect(text).not.toContain("Private body");
  });
});

// Figures checked by HBS (decision 0087): a seller's evidence, refused when a
// file is not what it says and nothing stored; staff's check, the badge on the
// listing and /buy's filter, kept by a saved search and matched by its alert;
// the badge lost when the turnover or net profit changes by a revision staff
// approve or a staff edit; the evidence reached by its seller and nobody else;
// and a confidential listing whose badge says nothing of its hidden figures.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { saveListing } from "../../app/features/admin/listings.server";
import { listingEditSchema } from "../../app/features/admin/schemas";
import { matchSearches } from "../../app/features/alerts/alerts.server";
import { describeSearch } from "../../app/features/alerts/describe.server";
import { createSavedSearch } from "../../app/features/alerts/saved-searches.server";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { setConfidential } from "../../app/features/marketplace/confidential.server";
import { parseListingQuery } from "../../app/features/marketplace/listing-query.server";
import { searchListings } from "../../app/features/marketplace/listings.server";
import { sellerEditSchema } from "../../app/features/selling/edit-schema";
import { evidenceOf, recordFiguresCheck } from "../../app/features/selling/evidence.server";
import { decideRevision, pendingRevisionOf } from "../../app/features/selling/revisions.server";
import { editOwnListing } from "../../app/features/selling/seller-actions.server";
import { loader as listingLoader } from "../../app/routes/listing";
import { action as evidenceAction, loader as evidenceLoader } from "../../app/routes/my-listing-evidence";
import { loader as evidenceFileLoader } from "../../app/routes/my-listing-evidence-file";
import { businessListing, savedSearch, user } from "../../app/server/schema";
import { storage } from "../../app/server/storage.server";
import { callAction, signedInMember } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const db = () => app.database.db;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const HTML = Buffer.from("<html><script>alert('not accounts')</script></html>");

let seller = { id: "", cookie: "" };
let stranger = { id: "", cookie: "" };
const staff = { id: "staff-figures", email: "figures-staff@example.com", role: "admin" } as SessionUser;
let counter = 0;

beforeAll(async () => {
  seller = await signedInMember("figures-seller@example.com", { ip: "198.51.100.71", fullName: "Amina Patel" });
  stranger = await signedInMember("figures-stranger@example.com", { ip: "198.51.100.72", fullName: "Omar Khan" });
  await db().insert(user).values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin" });
});

/** A published listing of the seller's, with a turnover and a net profit, under a word of its own. */
async function publishedListing(word: string) {
  counter += 1;
  const slug = `${word}-${counter}`;
  await recordEnquiry(db(), {
    kind: "listing_submission",
    subject: word,
    userId: seller.id,
    fields: { businessName: word, contactName: "Amina Patel", contactEmail: "figures-seller@example.com" },
    draftListing: {
      slug,
      title: `${word} grill ${counter}`,
      category: "food",
      town: "Leeds",
      askingPricePence: 90_000_00,
      annualRevenuePence: 240_000_00,
      description: "A grill whose books are in order.",
    },
  });
  const [listing] = await db()
    .update(businessListing)
    .set({ status: "published", publishedAt: new Date(), netProfitPence: 48_000_00, sellerId: seller.id })
    .where(eq(businessListing.slug, slug))
    .returning();
  return listing!;
}

const listingNow = async (id: number) =>
  (await db().select().from(businessListing).where(eq(businessListing.id, id)))[0]!;
const onBuy = async (query: string) =>
  (await searchListings(parseListingQuery(new URLSearchParams(query)), null)).items.map((item) => item.slug);

/** The seller's (or another member's) upload to a listing's evidence page. */
function upload(listingId: number, cookie: string, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("kind", "accounts");
  for (const file of files)
    form.append("files", new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return callAction<{ result: { error?: Record<string, string[]> } }>(evidenceAction, {
    path: `/my-listings/${listingId}/evidence`,
    params: { id: String(listingId) },
    body: form,
    headers: { cookie },
  });
}

/** A loader's answer, thrown or returned: its status and its data or response. */
async function load(loader: (args: never) => unknown, path: string, params: Record<string, string>, cookie = "") {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
  try {
    const answer = await loader({ request, params, context: new RouterContextProvider() } as never);
    if (answer instanceof Response) return { status: answer.status, response: answer };
    const wrapped = answer as { data?: unknown; init?: { status?: number } };
    return { status: wrapped.init?.status ?? 200, data: (wrapped.data ?? answer) as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    return { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 };
  }
}

/** What a listing's page says of a check: its badge, if any, and the note under the Key facts. */
function checkShown(data: Record<string, unknown> | undefined) {
  const marks = data!.marks as { text: string }[];
  return {
    badge: marks.find((mark) => mark.text.startsWith("Figures checked"))?.text ?? null,
    note: data!.keyFactsNote as string,
  };
}

async function storedEvidenceNames() {
  const names: string[] = [];
  for await (const entry of storage().submissions.folder("evidence").list()) names.push(entry.key);
  return names;
}

const check = {
  yearEnded: "2026-03-31",
  turnover: true,
  netProfit: true,
  note: "Turnover and profit match the accounts.",
};

describe("a seller's evidence for their figures", () => {
  it("refuses a file that is not what it says, storing nothing, and keeps real documents by what they are", async () => {
    const listing = await publishedListing("ledger");
    const before = await storedEvidenceNames();
    const refused = await upload(listing.id, seller.cookie, [
      { name: "accounts-2026.pdf", type: "application/pdf", bytes: PDF },
      { name: "vat-return.pdf", type: "application/pdf", bytes: HTML },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error?.files?.[0]).toBe(
      "vat-return.pdf is not a PDF, JPEG, PNG or WebP file, whatever its name says. Nothing was uploaded: please send your accounts, letter or returns as a PDF or a photo.",
    );
    // Not even the good file of the two.
    expect(await evidenceOf(listing.id)).toEqual([]);
    expect(await storedEvidenceNames()).toEqual(before);

    const sent = await upload(listing.id, seller.cookie, [
      { name: "accounts-2026.pdf", type: "application/pdf", bytes: PDF },
      // A photo of a page, named as a PDF: kept as what its bytes are.
      { name: "letter.pdf", type: "application/pdf", bytes: PNG },
    ]);
    expect(sent.status).toBe(302);
    const files = await evidenceOf(listing.id);
    expect(files.map((file) => [file.originalName, file.contentType, file.sizeBytes]).sort()).toEqual([
      ["accounts-2026.pdf", "application/pdf", PDF.length],
      ["letter.pdf", "image/png", PNG.length],
    ]);

    // The seller downloads their own file as it was sent, as an attachment.
    const pdf = files.find((file) => file.originalName === "accounts-2026.pdf")!;
    const own = await load(
      evidenceFileLoader,
      `/my-listings/${listing.id}/evidence/${pdf.storedName}`,
      {
        id: String(listing.id),
        name: pdf.storedName,
      },
      seller.cookie,
    );
    expect(own.status).toBe(200);
    expect(own.response!.headers.get("content-type")).toBe("application/pdf");
    expect(own.response!.headers.get("content-disposition")).toMatch(/^attachment; filename="accounts-2026.pdf"/);
    expect(Buffer.from(await own.response!.arrayBuffer())).toEqual(PDF);

    // Another member: neither the page, nor the file, nor an upload; a visitor is sent to sign in.
    const params = { id: String(listing.id), name: pdf.storedName };
    const path = `/my-listings/${listing.id}/evidence`;
    expect((await load(evidenceLoader, path, params, stranger.cookie)).status).toBe(404);
    expect((await load(evidenceFileLoader, `${path}/${pdf.storedName}`, params, stranger.cookie)).status).toBe(404);
    expect((await load(evidenceFileLoader, `${path}/${pdf.storedName}`, params)).status).toBe(302);
    expect(
      (await upload(listing.id, stranger.cookie, [{ name: "x.pdf", type: "application/pdf", bytes: PDF }])).status,
    ).toBe(404);
    expect(await evidenceOf(listing.id)).toHaveLength(2);
    // The seller's own file under another of their listings' addresses is not found either.
    const other = await publishedListing("ledger");
    const elsewhere = { id: String(other.id), name: pdf.storedName };
    expect(
      (await load(evidenceFileLoader, `/my-listings/${other.id}/evidence/${pdf.storedName}`, elsewhere, seller.cookie))
        .status,
    ).toBe(404);
  });
});

describe("figures checked by HBS", () => {
  it("shows the badge once staff check, finds it on /buy and by a saved search, and drops it when a figure changes", async () => {
    const since = new Date(Date.now() - 60_000);
    const saved = await createSavedSearch(db(), seller.id, {
      name: "Checked grills",
      frequency: "instant",
      search: "search=quillon&checked=yes&page=2",
    });
    expect(saved.ok).toBe(true);
    const [kept] = await db().select().from(savedSearch).where(eq(savedSearch.userId, seller.id));
    expect(kept!.query).toBe("search=quillon&checked=yes");
    expect(describeSearch(kept!.query)).toContain("figures checked by HBS");

    const listing = await publishedListing("quillon");
    const unchecked = await publishedListing("quillon");
    // Nothing to check against yet.
    expect(await recordFiguresCheck(staff, listing.id, check)).toBe("no-evidence");
    await upload(listing.id, seller.cookie, [{ name: "accounts.pdf", type: "application/pdf", bytes: PDF }]);
    expect(await recordFiguresCheck(staff, listing.id, check)).toBe("checked");
    const checkedAt = (await listingNow(listing.id)).figuresCheckedAt;
    expect(checkedAt).toBeInstanceOf(Date);
    expect(await onBuy("search=quillon&checked=yes")).toEqual([listing.slug]);
    expect(await onBuy("search=quillon")).toEqual(expect.arrayContaining([listing.slug, unchecked.slug]));
    const matched = await matchSearches(db(), [{ id: kept!.id, query: kept!.query, since }], new Date());
    expect(matched.get(kept!.id)).toEqual([listing.id]);

    const page = await load(listingLoader, `/buy/${listing.slug}`, { slug: listing.slug });
    const shown = checkShown(page.data);
    expect(shown.badge).toMatch(/^Figures checked by HBS on \d{1,2} \w{3} \d{4}$/);
    expect(shown.note).toContain("Turnover and net profit checked by HBS on");
    expect(shown.note).toContain("against the seller's evidence for the year ended 31 Mar 2026");

    // The seller's new turnover, once staff approve it: the badge goes, from the listing, /buy and its page.
    const edit = sellerEditSchema.parse({
      businessName: listing.title,
      category: "food",
      location: "Leeds",
      askingPrice: "90000",
      annualRevenue: "260000",
      netProfit: "48000",
      description: listing.description,
    });
    expect(await editOwnListing({ ...seller, email: "figures-seller@example.com" }, listing.id, edit)).toBe(
      "sent-for-review",
    );
    expect((await listingNow(listing.id)).figuresCheckedAt).toEqual(checkedAt);
    const revision = await pendingRevisionOf(listing.id);
    expect(await decideRevision(staff, listing.id, revision!.id, { approve: true })).toBe(true);
    expect((await listingNow(listing.id)).annualRevenuePence).toBe(260_000_00);
    expect((await listingNow(listing.id)).figuresCheckedAt).toBeNull();
    expect(await onBuy("search=quillon&checked=yes")).toEqual([]);
    expect(checkShown((await load(listingLoader, `/buy/${listing.slug}`, { slug: listing.slug })).data)).toEqual({
      badge: null,
      note: "Figures from the seller, not checked by HBS.",
    });

    // Checked again; then staff's edit of the net profit drops it too.
    expect(await recordFiguresCheck(staff, listing.id, { ...check, turnover: true, netProfit: false })).toBe("checked");
    expect(await onBuy("search=quillon&checked=yes")).toEqual([listing.slug]);
    const again = checkShown((await load(listingLoader, `/buy/${listing.slug}`, { slug: listing.slug })).data);
    expect(again.note).toMatch(/^Figures from the seller\. Turnover checked by HBS on /);
    const current = await listingNow(listing.id);
    const staffEdit = listingEditSchema.parse({
      title: current.title,
      category: current.category,
      town: current.town,
      askingPrice: "90000",
      annualRevenue: "260000",
      netProfit: "51000",
      description: current.description,
    });
    expect(await saveListing(staff, listing.id, staffEdit)).toEqual({ ok: true });
    expect((await listingNow(listing.id)).figuresCheckedAt).toBeNull();
    expect(await onBuy("search=quillon&checked=yes")).toEqual([]);
  });

  it("keeps a staff edit that leaves the figures as they were from touching the badge", async () => {
    const listing = await publishedListing("quern");
    await upload(listing.id, seller.cookie, [{ name: "accounts.pdf", type: "application/pdf", bytes: PDF }]);
    expect(await recordFiguresCheck(staff, listing.id, check)).toBe("checked");
    const { figuresCheckedAt } = await listingNow(listing.id);
    const staffEdit = listingEditSchema.parse({
      title: `${listing.title} renamed`,
      category: "food",
      town: "Leeds",
      askingPrice: "85000",
      annualRevenue: "240000",
      netProfit: "48000",
      description: listing.description,
    });
    expect(await saveListing(staff, listing.id, staffEdit)).toEqual({ ok: true });
    expect((await listingNow(listing.id)).figuresCheckedAt).toEqual(figuresCheckedAt);
  });

  it("checks only figures the listing gives", async () => {
    const listing = await publishedListing("quoit");
    await db().update(businessListing).set({ netProfitPence: null }).where(eq(businessListing.id, listing.id));
    await upload(listing.id, seller.cookie, [{ name: "accounts.pdf", type: "application/pdf", bytes: PDF }]);
    expect(await recordFiguresCheck(staff, listing.id, check)).toBe("figure-missing");
    expect((await listingNow(listing.id)).figuresCheckedAt).toBeNull();
  });

  it("on a confidential listing tells a buyer without the NDA only that the figures were checked, and when", async () => {
    const listing = await publishedListing("quarto");
    await upload(listing.id, seller.cookie, [{ name: "accounts.pdf", type: "application/pdf", bytes: PDF }]);
    expect(await recordFiguresCheck(staff, listing.id, check)).toBe("checked");
    await setConfidential(
      staff,
      listing.id,
      { confidential: true, title: "Confidential: a grill in Leeds", figures: ["askingPrice"] },
      null,
    );
    const slug = `confidential-${listing.id}`;
    for (const cookie of ["", stranger.cookie]) {
      const page = await load(listingLoader, `/buy/${slug}`, { slug }, cookie);
      const shown = checkShown(page.data);
      expect(shown.badge).toMatch(/^Figures checked by HBS on /);
      expect(shown.note).toMatch(
        /^Figures from the seller\. HBS checked some of them against the seller's evidence on /,
      );
      const everything = JSON.stringify(page.data);
      for (const hidden of [
        "240,000",
        "48,000",
        "24000000",
        "4800000",
        "Mar 2026",
        "2026-03-31",
        "Turnover",
        "Net profit",
      ]) {
        expect(everything, hidden).not.toContain(hidden);
      }
    }
    // /buy finds it by the filter, with the badge's date and nothing more.
    const [card] = (
      await searchListings(parseListingQuery(new URLSearchParams("search=confidential&checked=yes")), null)
    ).items.filter((item) => item.id === listing.id);
    expect(card).toMatchObject({ annualRevenuePence: null, netProfitPence: null });
    expect(card!.figuresCheckedAt).toBeInstanceOf(Date);
    // The seller sees it all.
    const own = await load(listingLoader, `/buy/${slug}`, { slug }, seller.cookie);
    expect(checkShown(own.data).note).toContain("for the year ended 31 Mar 2026");
  });
});

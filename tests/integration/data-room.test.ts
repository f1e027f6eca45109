// A listing's data room (decision 0089), through its pages' forms and the
// document route as a browser without JavaScript uses them: the seller adds
// documents (checked by content), a buyer accepts the NDA and asks, the seller
// lets them in, the buyer's copy carries their name and the day and every look
// is recorded for the seller; withdrawn access (or a revoked NDA) shuts the
// document at once, and nobody else reaches one by any route.
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { clientIpContext } from "../../app/context";
import { sellerDataRoom } from "../../app/features/data-room/data-room.server";
import { londonDay, formatLondonDate } from "../../app/lib/dates";
import type { IntentActionData } from "../../app/lib/use-intent-form";
import { loader as documentLoader } from "../../app/routes/data-room-document";
import { action as buyerAction, loader as buyerLoader } from "../../app/routes/listing-data-room";
import { action as sellerAction, loader as sellerLoader } from "../../app/routes/my-listing-data-room";
import { DOCUMENT_REFUSED } from "../../app/server/documents.server";
import { businessListing, dataRoomActivity, dataRoomDocument, listingNda, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;

async function member(name: string) {
  counter += 1;
  const fullName = `${name} ${counter}`;
  const signedIn = await signedInMember(`room-${name.toLowerCase()}-${counter}@example.com`, {
    ip: `198.51.100.${120 + counter}`,
    fullName,
  });
  return { ...signedIn, fullName };
}

async function listingOf(sellerId: string, values: Partial<typeof businessListing.$inferInsert> = {}) {
  counter += 1;
  const [row] = await app.database.db
    .insert(businessListing)
    .values({
      slug: `room-${counter}`,
      title: `Room Grill ${counter}`,
      category: "food",
      town: "Leeds",
      askingPricePence: 90_000_00,
      description: "A grill with its papers in order.",
      status: "published",
      publishedAt: new Date(),
      sellerId,
      ...values,
    })
    .returning();
  return row!;
}

async function aPdf(words: string) {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(words, { x: 50, y: 700, size: 14, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}
const aPng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#2f6f4f" } })
    .png()
    .toBuffer();

/** Whether any of the PDF's streams (inflated where they are compressed) draws `words`. */
function pdfDraws(bytes: Buffer, words: string) {
  const hex = Buffer.from(words, "latin1").toString("hex").toUpperCase();
  const raw = bytes.toString("latin1");
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const body = Buffer.from(match[1]!, "latin1");
    let text: string;
    try {
      text = zlib.inflateSync(body).toString("latin1");
    } catch {
      text = body.toString("latin1");
    }
    if (text.toUpperCase().includes(hex) || text.includes(`(${words})`)) return true;
  }
  return false;
}

const headersOf = (cookie: string) => ({ cookie });
const sellerPost = (who: { cookie: string }, listingId: number, body: FormData | URLSearchParams) =>
  callAction<IntentActionData>(sellerAction, {
    path: `/my-listings/${listingId}/data-room`,
    params: { id: String(listingId) },
    body,
    headers:
      body instanceof URLSearchParams
        ? { ...headersOf(who.cookie), "content-type": "application/x-www-form-urlencoded" }
        : headersOf(who.cookie),
  });
const buyerPost = (who: { cookie: string }, slug: string, fields: Record<string, string>) =>
  callAction<IntentActionData>(buyerAction, {
    path: `/buy/${slug}/data-room`,
    params: { slug },
    body: new URLSearchParams(fields),
    headers: { ...headersOf(who.cookie), "content-type": "application/x-www-form-urlencoded" },
  });

/** A route's loader as React Router calls it; a thrown answer is the answer. */
async function load<T>(
  loader: (args: never) => Promise<T> | T,
  path: string,
  params: Record<string, string>,
  cookie: string,
): Promise<T | Response | { status: number }> {
  const request = new Request(`http://localhost${path}`, { headers: { cookie } });
  const context = new RouterContextProvider();
  context.set(clientIpContext, "198.51.100.9");
  try {
    return await (loader as (args: unknown) => Promise<T>)({
      request,
      params,
      context,
      url: new URL(request.url),
      pattern: path,
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init !== undefined) return { status: init?.status ?? 200 };
    throw thrown;
  }
}
const openAs = async (who: { cookie: string }, documentId: number, download = false) => {
  const answer = await load(
    documentLoader as never,
    `/data-room/${documentId}${download ? "?download" : ""}`,
    { documentId: String(documentId) },
    who.cookie,
  );
  return answer instanceof Response ? answer : new Response(null, { status: (answer as { status: number }).status });
};

function documentForm(kind: string, title: string, bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append("intent", "upload");
  form.append("kind", kind);
  form.append("title", title);
  form.append("file", new File([new Uint8Array(bytes)], name, { type }));
  return form;
}

describe("the data room", () => {
  it("lets in a buyer the seller admits, stamps their copies, records each look, and shuts at once on withdrawal", async () => {
    const { db } = app.database;
    const seller = await member("Seller");
    const buyer = await member("Buyer");
    const listing = await listingOf(seller.id);

    // A file that says it is a PDF but is not: refused, and nothing kept.
    const fake = await sellerPost(
      seller,
      listing.id,
      documentForm("accounts", "Accounts", Buffer.from("not a pdf at all"), "accounts.pdf", "application/pdf"),
    );
    expect(fake.status).toBe(400);
    expect(fake.data.result.error?.file?.[0]).toBe(DOCUMENT_REFUSED);
    expect(await db.$count(dataRoomDocument, eq(dataRoomDocument.listingId, listing.id))).toBe(0);

    for (const form of [
      documentForm("accounts", "Accounts to March 2026", await aPdf("Turnover 250,000"), "a.pdf", "application/pdf"),
      documentForm("lease", "Lease, page one", await aPng(), "lease.png", "image/png"),
    ]) {
      expect((await sellerPost(seller, listing.id, form)).status).toBe(302);
    }
    const room = (await sellerDataRoom(seller.id, listing.id))!;
    const accounts = room.documents.find((d) => d.title === "Accounts to March 2026")!;
    const lease = room.documents.find((d) => d.title === "Lease, page one")!;
    expect(lease.contentType).toBe("image/jpeg");

    // Before being let in, the buyer reaches nothing.
    expect((await openAs(buyer, accounts.id)).status).toBe(404);
    const noNda = await buyerPost(buyer, listing.slug, { fullName: buyer.fullName });
    expect(noNda.status).toBe(400);
    expect(noNda.data.result.error?.agree?.[0]).toBe("Please tick the box to accept the agreement");
    expect((await buyerPost(buyer, listing.slug, { fullName: buyer.fullName, agree: "yes" })).status).toBe(302);
    expect(await db.$count(listingNda, eq(listingNda.userId, buyer.id))).toBe(1);
    const asked = (await sellerDataRoom(seller.id, listing.id))!.buyers;
    expect(asked).toMatchObject([{ name: buyer.fullName, status: "requested" }]);
    expect((await openAs(buyer, accounts.id)).status).toBe(404);

    const decide = (decision: string) =>
      sellerPost(
        seller,
        listing.id,
        new URLSearchParams({ intent: "decide", accessId: String(asked[0]!.id), decision }),
      );
    expect((await decide("admit")).status).toBe(302);

    const stamp = `Shared with ${buyer.fullName} on ${formatLondonDate(new Date())} through HBS. Confidential.`;
    const pdf = await openAs(buyer, accounts.id, true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toMatch(/^attachment; filename="Accounts to March 2026\.pdf"/);
    expect(pdf.headers.get("cache-control")).toBe("private, no-store");
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfDraws(pdfBytes, stamp)).toBe(true);
    // The seller's own copy is the document as kept, unstamped.
    const kept = Buffer.from(await (await openAs(seller, accounts.id)).arrayBuffer());
    expect(pdfDraws(kept, stamp)).toBe(false);

    const image = await openAs(buyer, lease.id);
    expect(image.headers.get("content-disposition")).toMatch(/^inline;/);
    const stamped = await sharp(Buffer.from(await image.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const plain = await sharp(Buffer.from(await (await openAs(seller, lease.id)).arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(stamped.info.width).toBe(plain.info.width);
    // The bottom band differs where the words are; the middle of the page does not.
    const rowDifference = (row: number) => {
      let sum = 0;
      const width = plain.info.width * plain.info.channels;
      for (let i = row * width; i < (row + 1) * width; i++) sum += Math.abs(stamped.data[i]! - plain.data[i]!);
      return sum / width;
    };
    expect(rowDifference(plain.info.height - 5)).toBeGreaterThan(20);
    expect(rowDifference(Math.floor(plain.info.height / 2))).toBeLessThan(3);

    const looks = (await sellerDataRoom(seller.id, listing.id))!.activity;
    expect(looks.map((look) => [look.buyerName, look.action, look.documentTitle])).toEqual([
      [buyer.fullName, "view", "Lease, page one"],
      [buyer.fullName, "download", "Accounts to March 2026"],
    ]);

    expect((await decide("withdraw")).status).toBe(302);
    expect((await openAs(buyer, accounts.id, true)).status).toBe(404);
    expect(await db.$count(dataRoomActivity, eq(dataRoomActivity.listingId, listing.id))).toBe(2);
    expect(londonDay(looks[0]!.at)).toBe(londonDay(new Date()));
  });

  it("is the seller's, staff's and admitted buyers' alone: by any id, and not once the NDA is revoked", async () => {
    const { db } = app.database;
    const seller = await member("Owner");
    const buyer = await member("Admitted");
    const stranger = await member("Stranger");
    const listing = await listingOf(seller.id);
    await sellerPost(
      seller,
      listing.id,
      documentForm("licence", "Premises licence", await aPdf("Licence"), "l.pdf", ""),
    );
    const [document] = await db.select().from(dataRoomDocument).where(eq(dataRoomDocument.listingId, listing.id));
    await buyerPost(buyer, listing.slug, { fullName: buyer.fullName, agree: "yes" });
    const access = (await sellerDataRoom(seller.id, listing.id))!.buyers[0]!;

    // The stranger cannot see or run the seller's room, nor admit anyone, nor remove a document.
    expect(
      await load(
        sellerLoader as never,
        `/my-listings/${listing.id}/data-room`,
        { id: String(listing.id) },
        stranger.cookie,
      ),
    ).toMatchObject({ status: 404 });
    const attempts: Record<string, string>[] = [
      { intent: "decide", accessId: String(access.id), decision: "admit" },
      { intent: "remove", documentId: String(document!.id) },
    ];
    for (const fields of attempts) {
      expect((await sellerPost(stranger, listing.id, new URLSearchParams(fields))).status).toBe(404);
    }
    // Nor from their own listing, naming this one's request or document.
    const own = await listingOf(stranger.id);
    expect(
      (
        await sellerPost(
          stranger,
          own.id,
          new URLSearchParams({ intent: "decide", accessId: String(access.id), decision: "admit" }),
        )
      ).status,
    ).toBe(404);
    expect(
      (await sellerPost(stranger, own.id, new URLSearchParams({ intent: "remove", documentId: String(document!.id) })))
        .status,
    ).toBe(404);
    expect((await sellerDataRoom(seller.id, listing.id))!.buyers[0]!.status).toBe("requested");
    expect((await openAs(stranger, document!.id)).status).toBe(404);

    await sellerPost(
      seller,
      listing.id,
      new URLSearchParams({ intent: "decide", accessId: String(access.id), decision: "admit" }),
    );
    expect((await openAs(buyer, document!.id)).status).toBe(200);
    // The seller revokes the buyer's NDA: the room shuts with it.
    await db.update(listingNda).set({ revokedAt: new Date() }).where(eq(listingNda.userId, buyer.id));
    expect((await openAs(buyer, document!.id)).status).toBe(404);
    const page = (await load(
      buyerLoader as never,
      `/buy/${listing.slug}/data-room`,
      { slug: listing.slug },
      buyer.cookie,
    )) as {
      room: { documents: unknown[] };
    };
    expect(page.room.documents).toEqual([]);

    // Staff reach it, as kept.
    const staff = await member("Staff");
    await db.update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
    expect((await openAs(staff, document!.id)).status).toBe(200);

    // A removed document's file goes with it.
    expect(
      (
        await sellerPost(
          seller,
          listing.id,
          new URLSearchParams({ intent: "remove", documentId: String(document!.id) }),
        )
      ).status,
    ).toBe(302);
    expect((await openAs(seller, document!.id)).status).toBe(404);
  });

  it("takes no requests for a business off the market, and says nothing of a confidential one's documents first", async () => {
    const seller = await member("Quiet");
    const buyer = await member("Curious");
    const sold = await listingOf(seller.id, { status: "sold" });
    const refused = await buyerPost(buyer, sold.slug, { fullName: buyer.fullName, agree: "yes" });
    expect(refused.data.result.error?.[""]?.[0]).toBe(
      "This data room is not taking requests: the business is not on the market.",
    );

    const secret = await listingOf(seller.id, { confidential: true, confidentialTitle: "A grill in West Yorkshire" });
    await sellerPost(
      seller,
      secret.id,
      documentForm("accounts", "Accounts of Secret Grill Ltd", await aPdf("x"), "a.pdf", ""),
    );
    const slug = `confidential-${secret.id}`;
    const before = (await load(buyerLoader as never, `/buy/${slug}/data-room`, { slug }, buyer.cookie)) as {
      listing: { title: string };
      room: { count: number; documents: unknown[] };
    };
    expect(before.listing.title).toBe("A grill in West Yorkshire");
    expect(before.room.count).toBe(1);
    expect(JSON.stringify(before)).not.toContain("Secret Grill");
  });
});

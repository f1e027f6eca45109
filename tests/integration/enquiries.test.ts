// The four public forms through their route actions: what is stored, the two
// e-mails each sends through a real SMTP peer, the honeypot, the rate limit,
// limits on the body, and photos with a listing submission.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnquiryActionData } from "../../app/features/enquiries/enquiry-kinds";
import { HONEYPOT_FIELD } from "../../app/lib/forms/form-rules";
import { action as listingAction } from "../../app/routes/listing";
import { action as packageAction } from "../../app/routes/package-interest";
import { action as contactAction } from "../../app/routes/contact";
import { action as sellAction } from "../../app/routes/sell";
import { submissionPhotosDir } from "../../app/server/storage.server";
import { createMailer } from "../../app/server/mail.server";
import { processOutbox } from "../../app/server/outbox.server";
import { businessListing, enquiry, outbox, rateLimit } from "../../app/server/schema";
import { callAction } from "../helpers/actions";
import { readMail, startSmtpPeer } from "../helpers/smtp-peer";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();

beforeAll(async () => {
  await app.database.db.insert(businessListing).values({
    slug: "sold-bakery",
    title: "Sold Bakery",
    category: "food",
    town: "Newport",
    askingPricePence: 100,
    description: "Gone.",
    status: "sold",
  });
});
afterAll(() => fs.rmSync(submissionPhotosDir(), { recursive: true, force: true }));
beforeEach(async () => {
  await app.database.db.delete(outbox);
  await app.database.db.delete(enquiry);
  await app.database.db.delete(rateLimit);
});

const form = (values: Record<string, string>) => new URLSearchParams(values);
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

const interest = {
  fullName: "Aisha Khan",
  email: "aisha@example.com",
  contactNumber: "01632 960 001",
  businessTitle: "x",
};
const postInterest = (values: Record<string, string>, ip?: string, slug = "kebab-takeaway-cwmbran") =>
  callAction<EnquiryActionData>(listingAction, {
    path: `/buy/${slug}`,
    params: { slug },
    body: form(values),
    headers: urlencoded,
    ip,
  });

async function deliverAll() {
  const peer = await startSmtpPeer();
  const mailer = createMailer({
    smtpUrl: peer.url,
    from: "HBS <no-reply@hbs.example>",
    mailDir: os.tmpdir(),
  });
  try {
    await processOutbox(app.database.db, mailer);
    return peer.received;
  } finally {
    mailer.close();
    await peer.close();
  }
}

describe("register interest in a listing", () => {
  it("stores the enquiry with its listing and e-mails the team and the sender", async () => {
    const answer = await postInterest({
      ...interest,
      fullName: "  Aisha   Khan ",
    });
    expect(answer.status).toBe(200);
    expect(answer.data.outcome).toBe("success");

    const [row] = await app.database.db.select().from(enquiry);
    const [listing] = await app.database.db
      .select()
      .from(businessListing)
      .where(eq(businessListing.slug, "kebab-takeaway-cwmbran"));
    expect(row).toMatchObject({
      kind: "listing_interest",
      subject: listing!.title,
      listingId: listing!.id,
      status: "new",
      fields: {
        listingTitle: listing!.title,
        fullName: "Aisha Khan",
        email: "aisha@example.com",
        contactNumber: "01632 960 001",
      },
    });
    // The title the browser sent is not trusted: the listing is the URL's.
    expect(row!.fields).not.toHaveProperty("businessTitle");

    const mails = await deliverAll();
    expect(mails.map((m) => m.to)).toEqual([["enquiries@hbs.example"], ["aisha@example.com"]]);
    const [notification, receipt] = mails.map((m) => readMail(m.raw));
    expect(notification!.header("Subject")).toBe(
      `Interest in a listing: ${listing!.title} (HBS-${String(row!.id).padStart(6, "0")})`,
    );
    expect(notification!.header("Reply-To")).toBe("aisha@example.com");
    expect(notification!.body).toContain(`Listing: ${listing!.title}`);
    expect(notification!.body).toContain("Full name: Aisha Khan");
    expect(notification!.body).toContain("Email: aisha@example.com");
    expect(notification!.body).toContain("Contact number: 01632 960 001");
    expect(receipt!.header("Subject")).toBe(`We've received your interest in ${listing!.title}`);
    expect(receipt!.body).toContain("Dear Aisha Khan,");
    expect(receipt!.body).toContain("A member of the team will be in contact with you soon.");
    // Sent once: a second run finds nothing to send.
    expect(await deliverAll()).toEqual([]);
  });

  it("answers the spec's messages and stores nothing when fields are wrong", async () => {
    const answer = await postInterest({
      fullName: "",
      email: "not-an-email",
      contactNumber: "1".repeat(21),
    });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      fullName: ["Full name is required"],
      email: ["Invalid email address"],
      contactNumber: ["Contact number must be less than 20 characters"],
    });
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
    expect(await app.database.db.select().from(outbox)).toEqual([]);
  });

  it("is refused for a sold listing and not found for an unknown one", async () => {
    expect((await postInterest(interest, undefined, "sold-bakery")).status).toBe(410);
    expect((await postInterest(interest, undefined, "no-such-listing")).status).toBe(404);
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
  });
});

describe("package interest", () => {
  it("stores the request with the package of the URL and sends both e-mails", async () => {
    const answer = await callAction<EnquiryActionData>(packageAction, {
      path: "/packages/growth-plan",
      params: { slug: "growth-plan" },
      headers: urlencoded,
      body: form({
        fullName: "Omar Farooq",
        businessName: "Farooq Foods",
        businessAddress: "1 High Street, Newport NP20 1AA",
        email: "omar@example.com",
        phone: "+44 1632 960 002",
        packageName: "VIP PLAN (forged)",
      }),
    });
    expect(answer.status).toBe(200);
    const [row] = await app.database.db.select().from(enquiry);
    expect(row).toMatchObject({
      kind: "package_interest",
      subject: "GROWTH PLAN",
      fields: {
        packageName: "GROWTH PLAN",
        packageType: "service",
        businessName: "Farooq Foods",
      },
    });
    const [notification, receipt] = (await deliverAll()).map((m) => readMail(m.raw));
    expect(notification!.body).toContain("Business address: 1 High Street, Newport NP20 1AA");
    expect(notification!.body).toContain("Package: GROWTH PLAN");
    expect(receipt!.body).toContain("Someone will be in contact ASAP.");
  });

  it("is not found for an unknown package", async () => {
    const answer = await callAction(packageAction, {
      path: "/packages/nope",
      params: { slug: "nope" },
      headers: urlencoded,
      body: form({}),
    });
    expect(answer.status).toBe(404);
  });
});

describe("contact", () => {
  it("keeps a message's lines and markup as text", async () => {
    const message = "Hello,\r\n<script>alert(1)</script>\r\nThanks";
    const answer = await callAction<EnquiryActionData>(contactAction, {
      path: "/contact",
      headers: urlencoded,
      body: form({
        name: "Sara",
        email: "sara@example.com",
        subject: "Opening hours",
        message,
      }),
    });
    expect(answer.status).toBe(200);
    const [row] = await app.database.db.select().from(enquiry);
    expect(row).toMatchObject({ kind: "contact", subject: "Opening hours" });
    expect(row!.fields.message).toBe("Hello,\n<script>alert(1)</script>\nThanks");
    const [notification, receipt] = (await deliverAll()).map((m) => readMail(m.raw));
    expect(notification!.header("Content-Type")).toMatch(/^text\/plain/);
    expect(notification!.body).toContain("Message:\nHello,\n<script>alert(1)</script>\nThanks");
    expect(receipt!.body).toContain("We'll get back to you within 24 hours.");
  });
});

describe("sell your business", () => {
  const listing = {
    businessName: "Corner Grill",
    category: "food",
    location: "Cardiff",
    askingPrice: "45,000",
    annualRevenue: "120000",
    description: "A busy grill\nnear the station.",
    contactName: "Yusuf Ali",
    contactEmail: "yusuf@example.com",
    contactPhone: "01632 960 003",
  };
  const multipart = (values: Record<string, string>, files: File[] = []) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(values)) body.append(name, value);
    for (const file of files) body.append("photos", file);
    return body;
  };
  const png = async () =>
    new File(
      [
        new Uint8Array(
          await sharp({
            create: { width: 40, height: 30, channels: 3, background: "#0a0" },
          })
            .png()
            .toBuffer(),
        ),
      ],
      "shop.png",
      { type: "image/png" },
    );

  it("stores the submission with its photos re-encoded as WebP", async () => {
    const answer = await callAction<EnquiryActionData>(sellAction, {
      path: "/sell",
      body: multipart(listing, [await png(), await png()]),
    });
    expect(answer.status).toBe(200);
    const [row] = await app.database.db.select().from(enquiry);
    expect(row).toMatchObject({
      kind: "listing_submission",
      subject: "Corner Grill",
      fields: {
        askingPrice: 4_500_000,
        annualRevenue: 12_000_000,
        category: "food",
      },
    });
    const photos = row!.fields.photos as string[];
    // The same picture twice is kept once, named by its content.
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatch(/^[0-9a-f]{32}\.webp$/);
    const stored = await sharp(path.join(submissionPhotosDir(), photos[0]!)).metadata();
    expect(stored.format).toBe("webp");
    const [notification, receipt] = (await deliverAll()).map((m) => readMail(m.raw));
    expect(notification!.body).toContain("Asking price: £45,000");
    expect(notification!.body).toContain("Category: Food & Beverage");
    expect(notification!.body).toContain("Photos: 1 photo, in the back office");
    expect(receipt!.body).toContain("reviewed within 24-48 hours");
  });

  it("drops what the camera recorded, such as where the photo was taken", async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a0" } })
      .jpeg()
      .withExif({ IFD0: { Make: "PhoneCo" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 35/1 0/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const answer = await callAction<EnquiryActionData>(sellAction, {
      path: "/sell",
      body: multipart(listing, [new File([new Uint8Array(jpeg)], "shop.jpg", { type: "image/jpeg" })]),
    });
    expect(answer.status).toBe(200);
    const [row] = await app.database.db.select().from(enquiry);
    const stored = await sharp(path.join(submissionPhotosDir(), (row!.fields.photos as string[])[0]!)).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it("refuses a file that only claims to be an image, and stores nothing", async () => {
    const fake = new File(["<?php echo 'hi'; ?>"], "shop.png", {
      type: "image/png",
    });
    const answer = await callAction<EnquiryActionData>(sellAction, {
      path: "/sell",
      body: multipart(listing, [fake]),
    });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error?.photos?.[0]).toMatch(/^Photo 1 could not be read as an image/);
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
  });

  it("moves between the steps without JavaScript: checks the steps before, keeps every value, stores nothing", async () => {
    const { category, location, description } = listing;
    const businessName = "Step Grill";
    const step = (values: Record<string, string>) =>
      callAction<EnquiryActionData>(sellAction, { path: "/sell", body: form(values), headers: urlencoded });

    const refused = await step({ businessName, category, location, description, askingPrice: "lots", step: "3" });
    expect(refused.status).toBe(400);
    expect(refused.data.outcome).toBe("invalid");
    expect(refused.data.result.error).toEqual({
      askingPrice: ["Asking price must be a number"],
      annualRevenue: ["Turnover is required"],
    });
    expect(refused.data.result.initialValue).toMatchObject({ businessName, category, location, description });

    const moved = await step({ ...listing, businessName, contactEmail: "", step: "3" });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ outcome: "step", step: 3, result: { initialValue: { businessName } } });
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
    expect(await app.database.db.select().from(businessListing).where(eq(businessListing.title, businessName))).toEqual(
      [],
    );
  });

  it("stores the confidential choice made on the form with the draft listing", async () => {
    const body = multipart({ ...listing, businessName: "Quiet Grill", confidential: "yes", step: "submit" });
    body.append("confidentialFigures", "askingPrice");
    body.append("confidentialFigures", "netProfit");
    const answer = await callAction<EnquiryActionData>(sellAction, { path: "/sell", body });
    expect(answer.data.outcome).toBe("success");
    const [draft] = await app.database.db
      .select()
      .from(businessListing)
      .where(eq(businessListing.title, "Quiet Grill"));
    expect(draft).toMatchObject({
      status: "pending",
      confidential: true,
      // Left empty on the form: the suggested title for its category.
      confidentialTitle: "Confidential: established food & beverage business",
      confidentialFigures: ["askingPrice", "netProfit"],
    });
    const [notification] = (await deliverAll()).map((m) => readMail(m.raw));
    expect(notification!.body).toContain(
      "Confidential, shown to buyers as: Confidential: established food & beverage business",
    );
    expect(notification!.body).toContain("Turnover: £120,000");
  });

  it("refuses more than ten photos with 413", async () => {
    const photos = await Promise.all(Array.from({ length: 11 }, png));
    const answer = await callAction<EnquiryActionData>(sellAction, {
      path: "/sell",
      body: multipart(listing, photos),
    });
    expect(answer.status).toBe(413);
    expect(answer.data.result.error?.[""]).toEqual(["You can upload up to 10 photos."]);
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
  });
});

describe("abuse", () => {
  it("refuses a filled honeypot and stores nothing", async () => {
    const answer = await postInterest({
      ...interest,
      [HONEYPOT_FIELD]: "https://spam.example",
    });
    expect(answer.status).toBe(400);
    expect(answer.data.outcome).toBe("refused");
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
  });

  it("answers 429 after ten submissions from one address in a quarter of an hour, and stores nothing more", async () => {
    for (let i = 0; i < 10; i++) expect((await postInterest(interest, "203.0.113.9")).status).toBe(200);
    const refused = await postInterest(interest, "203.0.113.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(refused.data.result.error?.[""]?.[0]).toMatch(
      /^You have sent this form too many times\. Please try again in 1[45] minutes\.$/,
    );
    expect(await app.database.db.select().from(enquiry)).toHaveLength(10);
    // Another visitor, and another form, are not held back.
    expect((await postInterest(interest, "203.0.113.10")).status).toBe(200);
    const contact = await callAction(contactAction, {
      path: "/contact",
      ip: "203.0.113.9",
      headers: urlencoded,
      body: form({
        name: "A",
        email: "a@example.com",
        subject: "S",
        message: "M",
      }),
    });
    expect(contact.status).toBe(200);
  });

  it("answers 413 to a body over the limit and 415 to one that is not a form", async () => {
    const huge = await postInterest({
      ...interest,
      fullName: "a".repeat(100_000),
    });
    expect(huge.status).toBe(413);
    const json = await callAction(contactAction, {
      path: "/contact",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "A" }),
    });
    expect(json.status).toBe(415);
    expect(await app.database.db.select().from(enquiry)).toEqual([]);
  });
});

// Images in storage (decision 0021), on the disk and in an S3 bucket served by
// a real S3 peer on this machine: a seller's photo kept private, published
// into the public uploads, served at /uploads with a year's caching, its
// narrower copy made once and found by another server; no copy of a copy, nor
// at a width srcset never asks for; the seed's images; and npm run
// storage:migrate, twice.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDatabase } from "../../db/seed/seed";
import type { SessionUser } from "../../app/features/account/session.server";
import { getDirectoryBusiness, saveDirectoryBusiness } from "../../app/features/admin/directory.server";
import { getListingForReview, saveListing } from "../../app/features/admin/listings.server";
import { businessSchema, listingEditSchema } from "../../app/features/admin/schemas";
import { loader as photoLoader } from "../../app/routes/admin/listing-photo";
import { action as sellAction } from "../../app/routes/sell";
import { IMAGE_WIDTHS } from "../../app/lib/images";
import { parseEnv } from "../../app/server/env.server";
import { businessListing, directoryBusiness, user } from "../../app/server/schema";
import { DiskStore } from "../../app/server/storage-disk.server";
import { setStorage, type Storage } from "../../app/server/storage.server";
import { serveUploads } from "../../app/server/uploads.server";
import { callAction } from "../helpers/actions";
import { startS3Peer } from "../helpers/s3-peer";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let peer: Awaited<ReturnType<typeof startS3Peer>>;
const folders: string[] = [];

beforeAll(async () => {
  peer = await startS3Peer();
});
afterAll(async () => {
  setStorage(undefined);
  await peer?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A disk store in a folder of its own, laid out as under DATA_DIR. */
function diskIn(root = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-storage-"))): Storage {
  folders.push(root);
  return {
    kind: "disk",
    uploads: new DiskStore(path.join(root, "uploads")),
    submissions: new DiskStore(path.join(root, "submissions")),
  };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** /uploads as server.ts mounts it, on a port of its own: one "server" of the site. */
async function serve(storage: Storage) {
  const server = express().use("/uploads", serveUploads(storage)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** A GET of exactly this path: no client tidies "..", as a hostile one would not. */
    get: (pathname: string, headers: Record<string, string> = {}) =>
      new Promise<Answer>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: pathname, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          })
          .on("error", reject);
      }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function staff(): Promise<SessionUser> {
  const email = "storage.staff@example.com";
  await app.database.db.insert(user).values({ id: "storage-staff", email, role: "admin" }).onConflictDoNothing();
  return { id: "storage-staff", email } as SessionUser;
}

const image = async (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function submitForSale(businessName: string) {
  const body = new FormData();
  const fields = {
    businessName,
    category: "food",
    location: "Cardiff",
    askingPrice: "120000",
    annualRevenue: "300000",
    description: "A busy café by the station with a loyal following.",
    contactName: "Yusuf Ali",
    contactEmail: "yusuf@example.com",
    contactPhone: "029 2018 0000",
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("photos", new File([new Uint8Array(await image(900, 600, "#2a7"))], "front.jpg", { type: "image/jpeg" }));
  const answer = await callAction(sellAction, {
    path: "/sell",
    body,
    ip: `198.51.100.${10 + Math.floor(Math.random() * 200)}`,
  });
  expect(answer.status).toBe(200);
  const [listing] = await app.database.db.select().from(businessListing).where(eq(businessListing.title, businessName));
  const review = (await getListingForReview(listing!.id))!;
  return { listing: listing!, photo: review.submission!.photos[0]! };
}

const publishEdit = (title: string, sellerPhotos: string[]) =>
  listingEditSchema.parse({
    title,
    category: "food",
    town: "Cardiff",
    askingPrice: "120,000",
    description: "A busy café by the station with a loyal following.",
    features: "",
    sellerPhotos,
    keepImages: [],
  });

describe.each([
  ["on the disk", () => diskIn()],
  ["in an S3 bucket", () => peer.storage()],
])("images %s", (where, makeStorage) => {
  let storage: Storage;
  let site: Awaited<ReturnType<typeof serve>>;
  const title = `Station Café ${where}`;
  let publicUrl = "";

  beforeAll(async () => {
    storage = makeStorage();
    setStorage(storage);
    site = await serve(storage);
  });
  afterAll(() => site?.close());

  it("keeps a seller's photo private: staff see it, /uploads never serves it", async () => {
    const { listing, photo } = await submitForSale(title);
    expect(await storage.submissions.has(photo)).toBe(true);
    expect(await storage.uploads.has(photo)).toBe(false);

    const answer = (await photoLoader({ params: { id: String(listing.id), name: photo } } as never)) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 900, height: 600 });

    const stem = photo.replace(/\.webp$/, "");
    for (const attempt of [
      `/uploads/${photo}`,
      `/uploads/submissions/${photo}`,
      `/uploads/../submissions/${photo}`,
      `/uploads/%2e%2e/submissions/${photo}`,
      `/uploads/listings/../../submissions/${photo}`,
      `/uploads/../submissions/${stem}-400.webp`,
      `/uploads/%2e%2e/submissions/${stem}-400.webp`,
    ]) {
      expect((await site.get(attempt)).status, attempt).toBe(404);
    }
  });

  it("publishes the photo into the public uploads, served with a year's caching", async () => {
    const [listing] = await app.database.db.select().from(businessListing).where(eq(businessListing.title, title));
    const { photo } = await getListingForReview(listing!.id).then((r) => ({ photo: r!.submission!.photos[0]! }));
    expect(await saveListing(await staff(), listing!.id, publishEdit(title, [photo]))).toEqual({ ok: true });
    const [published] = await app.database.db.select().from(businessListing).where(eq(businessListing.id, listing!.id));
    expect(published!.images).toEqual([`/uploads/listings/${photo}`]);
    publicUrl = published!.images[0]!;

    const answer = await site.get(publicUrl);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/webp");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.body.equals((await storage.submissions.read(photo))!)).toBe(true);
    // A browser that has it already is told so, without the bytes.
    const again = await site.get(publicUrl, { "if-none-match": String(answer.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("makes a narrower copy once, keeps it, and another server finds it there", async () => {
    const variant = publicUrl.replace(/\.webp$/, "-400.webp");
    const key = variant.replace("/uploads/", "");
    expect(await storage.uploads.has(key)).toBe(false);
    const made = await site.get(variant);
    expect(made.status).toBe(200);
    expect(made.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(made.body).metadata()).toMatchObject({ format: "webp", width: 400 });
    expect(await storage.uploads.has(key)).toBe(true);

    // Mark the kept copy: a server that made its own would not send the mark.
    const mark = await sharp({ create: { width: 400, height: 1, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    await storage.uploads.put(key, mark);
    const other = await serve(storage);
    try {
      const found = await other.get(variant);
      expect(found.status).toBe(200);
      expect(found.body.equals(mark)).toBe(true);
    } finally {
      await other.close();
    }
    // Widths srcset never asks for, and copies of nothing, are not made.
    expect((await site.get(publicUrl.replace(/\.webp$/, "-401.webp"))).status).toBe(404);
    expect((await site.get("/uploads/listings/nothing-here-400.webp")).status).toBe(404);
  });

  it("stores a directory image uploaded by staff and serves it", async () => {
    const created = await saveDirectoryBusiness(
      await staff(),
      null,
      businessSchema.parse({
        name: `Cathays Grocer ${where}`,
        category: "food",
        description: "Halal groceries and fresh bread.",
        town: "Cardiff",
        published: true,
        image: new File([new Uint8Array(await image(1600, 900, "#a52"))], "shop.jpg", { type: "image/jpeg" }),
      }),
    );
    if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
    const { image: url } = (await getDirectoryBusiness(created.id))!;
    expect(await storage.uploads.has(url!.replace("/uploads/", ""))).toBe(true);
    const answer = await site.get(url!);
    expect(answer.status).toBe(200);
    expect(await sharp(answer.body).metadata()).toMatchObject({ format: "webp", width: 1200, height: 800 });
  });
});

// The variant test: a stranger's requests may make only an original's own
// narrower copies, each once; anything else is a 404 that writes nothing.
describe.each([
  ["on the disk", () => diskIn()],
  ["in an S3 bucket", () => peer.storage()],
])("narrower copies %s", (_where, makeStorage) => {
  it("are made only of an original, only at srcset's widths, and each once", async () => {
    const storage = makeStorage();
    const original = `businesses/${crypto.randomBytes(16).toString("hex")}`;
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#36c" } })
      .webp()
      .toBuffer();
    await storage.uploads.put(`${original}.webp`, bytes);
    const keys = async () => {
      const found: string[] = [];
      for await (const { key } of storage.uploads.list()) found.push(key);
      return found.sort();
    };
    const before = await keys();
    const writes = vi.spyOn(storage.uploads, "put");
    const site = await serve(storage);
    try {
      const copies = IMAGE_WIDTHS.map((width) => `/uploads/${original}-${width}.webp`);
      // Simultaneous first requests, so that "once" is tested where it is hardest.
      const first = await Promise.all(copies.flatMap((url) => [url, url, url, url]).map((url) => site.get(url)));
      expect(first.map((answer) => answer.status)).toEqual(first.map(() => 200));

      // Now that the copies exist, copies of them, and of anything else.
      const refused = [
        `/uploads/${original}-400-400.webp`,
        `/uploads/${original}-400-400-400.webp`,
        `/uploads/${original}-400-600-800.webp`,
        `/uploads/${original}-800-600.webp`,
        `/uploads/${original}-401.webp`,
        `/uploads/${original}-0400.webp`,
        `/uploads/${original}-00800.webp`,
        `/uploads/${original}-40.webp`,
        `/uploads/${original}-1200.webp`,
        `/uploads/${original}-4000.webp`,
        `/uploads/${original}-400-401.webp`,
        `/uploads/${original}-401-400.webp`,
        `/uploads/${original}.webp-400.webp`,
        `/uploads/businesses/${crypto.randomBytes(16).toString("hex")}-400.webp`,
      ];
      const burst = [...refused, ...copies, ...refused, ...copies, ...refused, ...copies];
      const answers = await Promise.all(burst.map((url) => site.get(url)));

      const made = copies.map((url) => url.replace("/uploads/", ""));
      expect(await keys()).toEqual([...before, ...made].sort());
      expect(writes.mock.calls.map(([key]) => key).sort()).toEqual([...made].sort());
      for (const [index, url] of burst.entries()) {
        expect(answers[index]!.status, url).toBe(refused.includes(url) ? 404 : 200);
      }
      for (const [index, width] of IMAGE_WIDTHS.entries()) {
        expect(await sharp(answers[refused.length + index]!.body).metadata()).toMatchObject({ format: "webp", width });
      }
    } finally {
      writes.mockRestore();
      await site.close();
    }
  });
});

describe("the seed with a bucket", () => {
  it("puts the sample images in the bucket, where /uploads finds them", async () => {
    const storage = peer.storage();
    // Seeding adds only missing rows: remove one sample business to have it added again.
    const [sample] = await app.database.db.select().from(directoryBusiness).orderBy(directoryBusiness.id).limit(1);
    await app.database.db.delete(directoryBusiness).where(eq(directoryBusiness.id, sample!.id));
    expect(await seedDatabase(app.database.db, { uploads: storage.uploads })).toMatchObject({ businesses: 1 });
    const [again] = await app.database.db
      .select()
      .from(directoryBusiness)
      .where(eq(directoryBusiness.slug, sample!.slug));
    expect(again!.image).toMatch(/^\/uploads\/seed\/.+\.webp$/);
    expect(await storage.uploads.has(again!.image!.replace("/uploads/", ""))).toBe(true);
    const site = await serve(storage);
    try {
      expect((await site.get(again!.image!)).status).toBe(200);
    } finally {
      await site.close();
    }
  });
});

describe("npm run storage:migrate", () => {
  const run = promisify(execFile);
  const migrate = (env: Record<string, string>) =>
    run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/storage-migrate.ts"], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    }).then(
      ({ stdout }) => ({ code: 0, output: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );

  it("copies the disk's images into the bucket; run again, it copies nothing", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-migrate-"));
    const disk = diskIn(root);
    const files = {
      uploads: {
        "seed/mosque-lane-0.abc.webp": await image(30, 20, "#111"),
        "listings/aa.webp": await image(40, 20, "#222"),
      },
      submissions: { "bb.webp": await image(50, 20, "#333") },
    };
    for (const [key, bytes] of Object.entries(files.uploads)) await disk.uploads.put(key, bytes);
    for (const [key, bytes] of Object.entries(files.submissions)) await disk.submissions.put(key, bytes);
    // A write that never finished is not an image to copy.
    fs.writeFileSync(path.join(root, "uploads", "listings", "aa.webp.123.tmp"), "half");

    const target = await startS3Peer("hbs-migrated");
    try {
      const env = { DATA_DIR: root, ...target.env };
      const first = await migrate(env);
      expect(first.output).toContain("Done: 3 copied, 0 already there, 0 failed.");
      expect(first.code).toBe(0);
      const bucket = target.storage();
      for (const [key, bytes] of Object.entries(files.uploads))
        expect((await bucket.uploads.read(key))?.equals(bytes)).toBe(true);
      expect((await bucket.submissions.read("bb.webp"))?.equals(files.submissions["bb.webp"])).toBe(true);
      // Private photos stay private in the bucket too.
      expect(await bucket.uploads.has("bb.webp")).toBe(false);
      expect(await bucket.uploads.has("listings/aa.webp.123.tmp")).toBe(false);

      const second = await migrate(env);
      expect(second.output).toContain("Done: 0 copied, 3 already there, 0 failed.");
      expect(second.code).toBe(0);
    } finally {
      await target.close();
    }
  });

  it("says what is missing when no bucket is configured", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-migrate-"));
    folders.push(root);
    const answer = await migrate({ DATA_DIR: root, S3_BUCKET: "" });
    expect(answer.code).toBe(1);
    expect(answer.output).toContain("set S3_BUCKET");
  });
});

describe("a bucket that does not answer", () => {
  it("gives 503 with Retry-After: a passing fault, not a missing image", async () => {
    const away = await startS3Peer();
    const storage = away.storage();
    await away.close();
    const server = await serve(storage);
    try {
      const answer = await server.get("/uploads/seed/anything.webp");
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("5");
    } finally {
      await server.close();
    }
  });
});

describe("S3 settings", () => {
  it("are checked together, so a half-configured bucket does not quietly fall back to the disk", () => {
    expect(() => parseEnv({ S3_BUCKET: "hbs", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ S3_BUCKET: "hbs", S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
    expect(parseEnv({ S3_BUCKET: "hbs", S3_FORCE_PATH_STYLE: "true" })).toMatchObject({
      S3_BUCKET: "hbs",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(parseEnv({}).S3_BUCKET).toBeUndefined();
  });
});

// Two HBS servers on one PostgreSQL and one S3 bucket (a real S3 peer on
// this machine), as a site with several servers keeps its images: what is
// uploaded through one is served by the other, a narrower copy is made once
// for both, and a seller's private photo reaches staff through either server
// but never /uploads.
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Peer } from "../helpers/s3-peer";
import { startProductionServer, type ServerProcess } from "../helpers/server-process";
import { sharedSecret, startCluster, type Cluster } from "./harness";

let cluster: Cluster;
let peer: Awaited<ReturnType<typeof startS3Peer>>;
let servers: ServerProcess[] = [];
let staffCookie = "";

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function query(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const photo = async (background: string, name: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );

beforeAll(async () => {
  cluster = await startCluster();
  peer = await startS3Peer();
  const env = { DATABASE_URL: cluster.url, BETTER_AUTH_SECRET: sharedSecret(), ...peer.env };
  servers = await Promise.all([startProductionServer(env), startProductionServer(env)]);

  // A member of staff, signed in on the first server.
  const [a] = servers as [ServerProcess];
  const staff = { email: `staff-${Date.now()}@example.com`, password: "Quiet-Harbour-19", fullName: "Sana Staff" };
  const signUp = await fetch(`${a.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-up", ...staff }),
    redirect: "manual",
  });
  expect(signUp.status).toBe(302);
  await query(`update "user" set role = 'admin' where email = $1`, [staff.email]);
  const signIn = await fetch(`${a.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", ...staff }),
    redirect: "manual",
  });
  expect(signIn.status).toBe(302);
  staffCookie = cookiesOf(signIn);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await peer?.close();
  cluster?.destroy();
});

describe("two servers on one bucket", () => {
  it("an image staff upload through one server is served, with its narrower copy, by the other", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const body = new FormData();
    const name = `Riverside Grocer ${Date.now()}`;
    for (const [field, value] of Object.entries({ name, category: "food", town: "Cardiff", published: "on" })) {
      body.append(field, value);
    }
    body.append("description", "Halal groceries and fresh bread.");
    body.append("image", await photo("#a52", "front.jpg"));
    const saved = await fetch(`${a.url}/admin/directory/new`, {
      method: "POST",
      headers: { cookie: staffCookie },
      body,
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const [row] = await query(`select image from directory_business where name = $1`, [name]);
    const url = row!.image as string;
    expect(url).toMatch(/^\/uploads\/businesses\/[0-9a-f]{32}\.webp$/);

    const fromB = await fetch(`${b.url}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(fromB.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "webp", width: 1200, height: 800 });
    const fromA = Buffer.from(await (await fetch(`${a.url}${url}`)).arrayBuffer());
    expect(fromA.equals(bytes)).toBe(true);

    // The narrower copy: made by the server asked first, kept in the bucket, sent as is by the other.
    const variant = url.replace(/\.webp$/, "-400.webp");
    const madeByB = await fetch(`${b.url}${variant}`);
    expect(madeByB.status).toBe(200);
    const copy = Buffer.from(await madeByB.arrayBuffer());
    expect(await sharp(copy).metadata()).toMatchObject({ format: "webp", width: 400 });
    expect(await peer.storage().uploads.has(variant.replace("/uploads/", ""))).toBe(true);
    const mark = await sharp({ create: { width: 400, height: 1, channels: 3, background: "#f00" } })
      .webp()
      .toBuffer();
    await peer.storage().uploads.put(variant.replace("/uploads/", ""), mark);
    const fromBucket = Buffer.from(await (await fetch(`${a.url}${variant}`)).arrayBuffer());
    expect(fromBucket.equals(mark)).toBe(true);
  });

  it("a seller's photo sent to one server reaches staff through the other, and never /uploads", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const businessName = `Canal Street Café ${Date.now()}`;
    const body = new FormData();
    const fields = {
      businessName,
      category: "food",
      location: "Cardiff",
      askingPrice: "120000",
      annualRevenue: "300000",
      description: "A busy café by the canal with a loyal following.",
      contactName: "Yusuf Ali",
      contactEmail: "yusuf@example.com",
      contactPhone: "029 2018 0000",
    };
    for (const [field, value] of Object.entries(fields)) body.append(field, value);
    body.append("photos", await photo("#2a7", "shop.jpg"));
    const sent = await fetch(`${a.url}/sell`, { method: "POST", body, redirect: "manual" });
    expect(sent.status).toBe(200);
    const [row] = await query(
      `select l.id, e.fields from business_listing l join enquiry e on e.listing_id = l.id where l.title = $1`,
      [businessName],
    );
    const name = (row!.fields as { photos: string[] }).photos[0]!;

    const forStaff = await fetch(`${b.url}/admin/listings/${row!.id}/photos/${name}`, {
      headers: { cookie: staffCookie },
    });
    expect(forStaff.status).toBe(200);
    expect(forStaff.headers.get("cache-control")).toBe("private, no-store");
    expect(await sharp(Buffer.from(await forStaff.arrayBuffer())).metadata()).toMatchObject({ format: "webp" });
    const forVisitor = await fetch(`${b.url}/admin/listings/${row!.id}/photos/${name}`, { redirect: "manual" });
    expect(forVisitor.status).not.toBe(200);
    for (const server of [a, b]) {
      for (const path of [`/uploads/${name}`, `/uploads/submissions/${name}`, `/uploads/%2e%2e/submissions/${name}`]) {
        expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
      }
    }
  });
});

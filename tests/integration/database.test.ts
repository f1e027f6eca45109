import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataDir, openDatabase, ping } from "../../app/server/db.server";
import { businessListing, directoryBusiness, servicePackage } from "../../app/server/schema";
import { seedDatabase } from "../../db/seed/seed";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
let uploadsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-uploads-"));
});

afterAll(async () => {
  await database?.destroy();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

describe("migrations and seed data", () => {
  it("answers once migrated", async () => {
    await expect(ping(database.db)).resolves.toBeUndefined();
  });

  it("seeds the spec's listings, businesses and packages, then adds nothing the second time", async () => {
    const first = await seedDatabase(database.db, { uploadsDir });
    expect(first).toEqual({ listings: 3, businesses: 8, packages: 6 });
    const second = await seedDatabase(database.db, { uploadsDir });
    expect(second).toEqual({ listings: 0, businesses: 0, packages: 0 });

    const [listings] = await database.db.select({ n: count() }).from(businessListing);
    expect(listings?.n).toBe(3);
  });

  it("has the three sample listings with their prices, leases and offers", async () => {
    const rows = await database.db.select().from(businessListing).orderBy(businessListing.publishedAt);
    const summary = rows.map((r) => [
      r.town,
      r.askingPricePence,
      r.monthlyLeasePence,
      r.offersCount,
      r.featured,
      r.status,
    ]);
    expect(summary).toEqual([
      ["Newport", 45_000_00, 1_000_00, 1, true, "published"],
      ["Newport", 25_000_00, 1_200_00, 2, true, "published"],
      ["Cwmbran", 45_000_00, 778_00, 3, true, "published"],
    ]);
    for (const row of rows) {
      expect(row.images.length).toBeGreaterThanOrEqual(8);
      expect(row.images.length).toBeLessThanOrEqual(10);
      expect(row.latitude).toBeGreaterThan(51);
      // Every image named in the database is a file on disk.
      for (const url of row.images) {
        expect(fs.existsSync(path.join(uploadsDir, url.replace(/^\/uploads\//, "")))).toBe(true);
      }
    }
  });

  it("has six dental practices (other) and two takeaways (food) in the directory", async () => {
    const rows = await database.db.select().from(directoryBusiness);
    expect(rows.filter((r) => r.category === "other" && r.name.includes("Dental"))).toHaveLength(6);
    expect(rows.filter((r) => r.category === "food")).toHaveLength(2);
    for (const row of rows) {
      expect(row.image).toMatch(/^\/uploads\/seed\/.+\.webp$/);
      expect(row.latitude).not.toBeNull();
      expect(row.longitude).not.toBeNull();
    }
  });

  it("has the section 9 prices and badges", async () => {
    const rows = await database.db.select().from(servicePackage);
    const byName = Object.fromEntries(rows.map((r) => [r.name, [r.type, r.pricePence, r.badge]]));
    expect(byName).toEqual({
      "STARTER PLAN": ["service", 39_99, null],
      "GROWTH PLAN": ["service", 49_99, "MOST POPULAR"],
      "VIP PLAN": ["service", 199_99, "BEST CHOICE"],
      "The Starter Package": ["promotion", 9_99, null],
      "The Feature Package": ["promotion", 25_99, "Most Popular"],
      "The Premier Package": ["promotion", 49_99, "Best Choice"],
    });
    const [vip] = await database.db.select().from(servicePackage).where(eq(servicePackage.slug, "vip-plan"));
    expect(vip?.features).toEqual(
      expect.arrayContaining([
        "£400 NFC voucher",
        "5 digital business cards",
        "Google review filter",
        "2 Google Ads campaigns",
      ]),
    );
    expect(vip?.features).not.toContain("£200 NFC voucher");
  });

  it("keeps a staff edit of a seeded row when seeding again", async () => {
    await database.db
      .update(businessListing)
      .set({ title: "Edited by staff" })
      .where(eq(businessListing.slug, "chaii-cafe-newport"));
    await seedDatabase(database.db, { uploadsDir });
    const [row] = await database.db
      .select({ title: businessListing.title })
      .from(businessListing)
      .where(eq(businessListing.slug, "chaii-cafe-newport"));
    expect(row?.title).toBe("Edited by staff");
  });
});

describe("the embedded database's folder lock", () => {
  it("keeps a second opener out while the first is open, and lets it in after close", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-lock-"));
    try {
      const first = openDatabase({ dataDir: dir });
      await first.migrate();
      expect(() => lockDataDir(dir)).toThrow(DatabaseLockedError);
      expect(() => openDatabase({ dataDir: dir })).toThrow(/in use by another HBS process/);
      await first.close();
      expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);

      const second = openDatabase({ dataDir: dir });
      await second.migrate();
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes over a lock left behind by a process that died", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-lock-"));
    try {
      // A pid far above Linux's pid_max never runs.
      fs.writeFileSync(path.join(dir, "pglite.lock"), "99999999");
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
      release();
      expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

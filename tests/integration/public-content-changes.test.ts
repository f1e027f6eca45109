// The page cache is emptied on every server when public content changes
// (decision 0016): a trigger notifies, and each server listens.
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SUBSCRIPTION_EXPIRY_ACTOR } from "../../app/features/admin/subscriptions.server";
import { importFsaFile } from "../../app/features/directory/fsa-import.server";
import { importPostcodes } from "../../app/features/places/postcode-import.server";
import { setDatabase } from "../../app/server/db.server";
import { PUBLIC_CONTENT_CHANNEL } from "../../app/server/page-cache.server";
import { syncPromotions } from "../../app/features/payments/promotions.server";
import {
  businessHoursException,
  businessListing,
  directoryBusiness,
  enquiry,
  fsaEstablishment,
  servicePackage,
} from "../../app/server/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const FSA_FIXTURE = path.resolve("tests/fixtures/fsa/FHRS557en-GB.xml");
const POSTCODE_FIXTURE = path.resolve("tests/fixtures/postcodes/onspd-sample.csv");

let database: TestDatabase;
const heard: (string | undefined)[] = [];
const states: string[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  stopListening = await database.listen(PUBLIC_CONTENT_CHANNEL, {
    notify: (payload) => heard.push(payload),
    online: () => states.push("online"),
    offline: () => states.push("offline"),
  });
});

afterAll(async () => {
  await stopListening?.();
  await database?.destroy();
});

/** What is heard while `change` runs and a moment after. */
async function heardDuring(change: () => Promise<unknown>) {
  heard.length = 0;
  await change();
  // A second statement: on PostgreSQL the message crosses a connection, on PGlite it follows a query.
  await database.db.execute(sql`select 1`);
  await new Promise((resolve) => setTimeout(resolve, 200));
  return [...heard];
}

describe("public content changes", () => {
  it("are announced once per statement, naming the table", async () => {
    expect(states).toEqual(["online"]);
    let listing: { id: number } | undefined;
    expect(
      await heardDuring(async () => {
        [listing] = await database.db
          .insert(businessListing)
          .values({
            slug: "corner-cafe",
            title: "Corner Café",
            category: "food",
            town: "Newport",
            askingPricePence: 30_000_00,
            description: "A café on a corner.",
            status: "pending",
          })
          .returning({ id: businessListing.id });
      }),
    ).toEqual(["business_listing"]);
    expect(
      await heardDuring(() =>
        database.db.update(businessListing).set({ status: "published" }).where(eq(businessListing.id, listing!.id)),
      ),
    ).toEqual(["business_listing"]);
    expect(
      await heardDuring(() =>
        database.db.insert(directoryBusiness).values(
          ["a", "b", "c"].map((letter) => ({
            slug: `grill-${letter}`,
            name: `Grill ${letter}`,
            category: "food" as const,
            town: "Leeds",
            description: "Grills.",
          })),
        ),
      ),
    ).toEqual(["directory_business"]);
    const spotlight = {
      slug: "spotlight",
      type: "promotion" as const,
      name: "Spotlight",
      pricePence: 49_00,
      period: "month",
    };
    expect(await heardDuring(() => database.db.insert(servicePackage).values(spotlight))).toEqual(["service_package"]);
    expect(await heardDuring(() => database.db.delete(servicePackage))).toEqual(["service_package"]);
  });

  it("are not announced by a statement that changed no row, as the hourly promotions job's usually is", async () => {
    // No business promoted and no subscription: the job has nothing to change.
    await heardDuring(() => database.db.update(directoryBusiness).set({ promotion: null }));
    expect(await heardDuring(() => syncPromotions(database.db, new Date(), SUBSCRIPTION_EXPIRY_ACTOR))).toEqual([]);
    expect(
      await heardDuring(() =>
        database.db.update(businessListing).set({ title: "None" }).where(eq(businessListing.id, -1)),
      ),
    ).toEqual([]);
    expect(await heardDuring(() => database.db.delete(businessHoursException))).toEqual([]);
    // One that did is announced, whichever of the three: a day's exception added, then every exception deleted.
    const [business] = await database.db.select({ id: directoryBusiness.id }).from(directoryBusiness).limit(1);
    const shut = { businessId: business!.id, onDate: "2026-12-25" };
    expect(await heardDuring(() => database.db.insert(businessHoursException).values(shut))).toEqual([
      "business_hours_exception",
    ]);
    expect(await heardDuring(() => database.db.delete(businessHoursException))).toEqual(["business_hours_exception"]);
    expect(await heardDuring(() => database.db.execute(sql`truncate ${businessHoursException}`))).toEqual([
      "business_hours_exception",
    ]);
  });

  it("include the operator's imports: a new hygiene rating (npm run fsa:import) and postcodes (npm run db:postcodes)", async () => {
    // Once only the businesses, hours, reviews and packages announced: a new rating waited for a kept page to expire.
    expect(await heardDuring(() => importFsaFile(database.db, FSA_FIXTURE, { print: () => {} }))).toContain(
      "fsa_establishment",
    );
    expect(
      await heardDuring(() =>
        database.db.update(fsaEstablishment).set({ ratingValue: "3" }).where(eq(fsaEstablishment.fhrsid, -1)),
      ),
    ).toEqual([]);
    expect(await heardDuring(() => database.db.update(fsaEstablishment).set({ ratingValue: "3" }))).toEqual([
      "fsa_establishment",
    ]);
    setDatabase(database);
    try {
      expect(await heardDuring(() => importPostcodes(POSTCODE_FIXTURE, { print: () => {} }))).toContain(
        "postcode_location",
      );
    } finally {
      setDatabase(undefined);
    }
  });

  it("are not what visitors send: an enquiry changes no public page", async () => {
    expect(
      await heardDuring(() => database.db.insert(enquiry).values({ kind: "contact", subject: "Hello", fields: {} })),
    ).toEqual([]);
  });

  it.runIf(Boolean(process.env.TEST_POSTGRES_URL))(
    "on PostgreSQL, a lost listening connection is reported and made again",
    async () => {
      states.length = 0;
      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`);
      await vi.waitFor(() => expect(states).toEqual(["offline", "online"]), { timeout: 10_000 });
      expect(await heardDuring(() => database.db.update(directoryBusiness).set({ featured: true }))).toEqual([
        "directory_business",
      ]);
    },
  );
});

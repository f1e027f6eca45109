// Idempotent seeding: rows are matched by slug and never overwritten, so staff
// edits to seeded rows survive a restart. Images are only rendered for rows
// that are about to be inserted.
import { inArray } from "drizzle-orm";
import type { Database } from "../../app/server/db.server";
import { DiskStore } from "../../app/server/storage-disk.server";
import type { ObjectStore } from "../../app/server/storage.server";
import { parsePeriods } from "../../app/features/directory/hours-input";
import { addDays, londonDay } from "../../app/lib/dates";
import {
  businessHours,
  businessHoursException,
  businessListing,
  directoryBusiness,
  servicePackage,
} from "../../app/server/schema";
import { reducePrice } from "./price-history";
import { lastConfirmed, seedBusinesses, seedListings, seedPackages, TOWNS } from "./data";
import { writeSeedImage } from "./images";

async function seedHours(
  db: Database,
  businessId: number,
  hours: { week: string[]; closedInDays?: { days: number; note: string }[] },
  today: string,
) {
  const weekly = hours.week.flatMap((text, i) => {
    const parsed = parsePeriods(text);
    if (!parsed.ok) throw new Error(`Seed hours "${text}": ${parsed.error}`);
    return parsed.value.map((p) => ({ ...p, businessId, weekday: i + 1 }));
  });
  if (weekly.length > 0) await db.insert(businessHours).values(weekly);
  for (const closed of hours.closedInDays ?? []) {
    await db
      .insert(businessHoursException)
      .values({ businessId, onDate: addDays(today, closed.days), note: closed.note });
  }
}

/** Public URL prefix of the files under DATA_DIR/uploads. */
export const UPLOADS_URL = "/uploads";
const SEED_FOLDER = "seed";
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedResult {
  listings: number;
  businesses: number;
  packages: number;
}

/** Where the images go: the app's store of public images, or a folder (tests, benchmarks). */
type SeedImages = { uploads: ObjectStore } | { uploadsDir: string };

export async function seedDatabase(db: Database, options: SeedImages & { now?: Date }): Promise<SeedResult> {
  const { now = new Date() } = options;
  const imageDir = ("uploads" in options ? options.uploads : new DiskStore(options.uploadsDir)).folder(SEED_FOLDER);
  const imageUrl = (name: string) => `${UPLOADS_URL}/${SEED_FOLDER}/${name}`;

  const existingListings = new Set(
    (
      await db
        .select({ slug: businessListing.slug })
        .from(businessListing)
        .where(
          inArray(
            businessListing.slug,
            seedListings.map((l) => l.slug),
          ),
        )
    ).map((r) => r.slug),
  );
  const newListings = seedListings.filter((l) => !existingListings.has(l.slug));
  for (const listing of newListings) {
    const images: string[] = [];
    for (let i = 0; i < listing.imageCount; i++) {
      images.push(imageUrl(await writeSeedImage(imageDir, listing.slug, listing.imageKind, listing.slug, i)));
    }
    const publishedAt = new Date(now.getTime() - listing.publishedDaysAgo * DAY_MS);
    const [inserted] = await db
      .insert(businessListing)
      .values({
        slug: listing.slug,
        title: listing.title,
        category: listing.category,
        town: listing.town,
        postcode: listing.postcode,
        ...TOWNS[listing.town],
        askingPricePence: listing.reduced?.fromPence ?? listing.askingPricePence,
        monthlyLeasePence: listing.monthlyLeasePence,
        description: listing.description,
        features: listing.features,
        images,
        featured: listing.featured,
        earlierOffersCount: listing.offersCount,
        ...listing.facts,
        status: "published",
        publishedAt,
        // Kept current by their sellers: never due for the "still available?" question at seeding.
        confirmedAt: lastConfirmed(publishedAt, now),
        createdAt: publishedAt,
      })
      .onConflictDoNothing({ target: businessListing.slug })
      .returning({ id: businessListing.id });
    if (inserted && listing.reduced) {
      const reducedAt = new Date(now.getTime() - listing.reduced.daysAgo * DAY_MS);
      await reducePrice(db, inserted.id, listing.askingPricePence, publishedAt, reducedAt);
    }
  }

  const existingBusinesses = new Set(
    (
      await db
        .select({ slug: directoryBusiness.slug })
        .from(directoryBusiness)
        .where(
          inArray(
            directoryBusiness.slug,
            seedBusinesses.map((b) => b.slug),
          ),
        )
    ).map((r) => r.slug),
  );
  const newBusinesses = seedBusinesses.filter((b) => !existingBusinesses.has(b.slug));
  const today = londonDay(now);
  for (const business of newBusinesses) {
    const image = imageUrl(await writeSeedImage(imageDir, business.slug, business.imageKind, business.slug, 0));
    const evidence = business.evidence;
    const [inserted] = await db
      .insert(directoryBusiness)
      .values({
        slug: business.slug,
        name: business.name,
        category: business.category,
        description: business.description,
        town: business.town,
        address: business.address,
        postcode: business.postcode,
        // The sample businesses sit at their town's centre, and say so (decision 0074).
        ...TOWNS[business.town],
        placedAt: "town",
        phone: business.phone,
        website: business.website,
        image,
        featured: business.featured,
        halalStatus: business.halalStatus,
        alcoholServed: business.alcoholServed,
        ...(evidence
          ? {
              halalCertifierBody: evidence.certifierBody,
              halalCertificateNumber: evidence.certificateNumber,
              halalCertificateExpires: addDays(today, evidence.expiresInDays),
              halalSlaughter: evidence.slaughter,
              halalStunned: evidence.stunned,
              halalEvidence: evidence.how,
              halalCheckedOn: addDays(today, -evidence.checkedDaysAgo),
              halalMeatSupplier: evidence.meatSupplier ?? null,
            }
          : {}),
        ...business.visit,
      })
      .onConflictDoNothing({ target: directoryBusiness.slug })
      .returning({ id: directoryBusiness.id });
    if (inserted && business.hours) await seedHours(db, inserted.id, business.hours, today);
  }

  const insertedPackages = await db
    .insert(servicePackage)
    .values(seedPackages)
    .onConflictDoNothing({ target: servicePackage.slug })
    .returning({ id: servicePackage.id });

  return {
    listings: newListings.length,
    businesses: newBusinesses.length,
    packages: insertedPackages.length,
  };
}

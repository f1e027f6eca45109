import { asc, eq } from "drizzle-orm";
import { db } from "~/server/db.server";
import { servicePackage } from "~/server/schema";

export type PackageType = (typeof servicePackage.$inferSelect)["type"];

/** The plans of one kind (service plans or promotion packages), in page order. */
export function listPackages(type: PackageType) {
  return db()
    .select({
      slug: servicePackage.slug,
      name: servicePackage.name,
      subtitle: servicePackage.subtitle,
      pricePence: servicePackage.pricePence,
      period: servicePackage.period,
      billing: servicePackage.billing,
      badge: servicePackage.badge,
      features: servicePackage.features,
    })
    .from(servicePackage)
    .where(eq(servicePackage.type, type))
    .orderBy(asc(servicePackage.position));
}

export type PackageSummary = Awaited<ReturnType<typeof listPackages>>[number];

/** One plan or package by its slug, or null. */
export async function getPackageBySlug(slug: string) {
  const [row] = await db()
    .select({
      slug: servicePackage.slug,
      name: servicePackage.name,
      type: servicePackage.type,
    })
    .from(servicePackage)
    .where(eq(servicePackage.slug, slug))
    .limit(1);
  return row ?? null;
}

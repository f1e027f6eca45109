// Businesses already listed that a business being added may be (decision
// 0095): what its adder is offered to claim instead, and what staff see
// beside it before they approve or merge.
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import { parsePostcode } from "~/features/places/postcode";
import { coordinatesOf } from "~/features/places/places.server";
import { db } from "~/server/db.server";
import { directoryBusiness } from "~/server/schema";

/** About 3 km either way: "near" for a town's streets, where a postcode district may end sooner. */
const NEAR_DEGREES = 0.03;

/**
 * Published businesses with a name alike (pg_trgm's similarity, by the name's
 * trigram index) in the same postcode district or about 3 km around the
 * postcode, closest names first. `except` leaves out the draft itself.
 */
export async function likelyDuplicates(
  business: { name: string; postcode: string },
  except: number | null = null,
  limit = 5,
) {
  const name = business.name.trim().toLowerCase();
  const outward = parsePostcode(business.postcode)?.outward;
  if (!name || !outward) return [];
  const at = await coordinatesOf({ postcode: business.postcode });
  const near = or(
    sql`left(upper(replace(${directoryBusiness.postcode}, ' ', '')), -3) = ${outward}`,
    at
      ? sql`${directoryBusiness.latitude} between ${at.latitude - NEAR_DEGREES} and ${at.latitude + NEAR_DEGREES}
          and ${directoryBusiness.longitude} between ${at.longitude - NEAR_DEGREES * 1.6} and ${at.longitude + NEAR_DEGREES * 1.6}`
      : undefined,
  );
  return db()
    .select({
      id: directoryBusiness.id,
      slug: directoryBusiness.slug,
      name: directoryBusiness.name,
      town: directoryBusiness.town,
      postcode: directoryBusiness.postcode,
      owned: sql<boolean>`${directoryBusiness.ownerId} is not null`,
    })
    .from(directoryBusiness)
    .where(
      and(
        eq(directoryBusiness.published, true),
        sql`lower(${directoryBusiness.name}) % ${name}`,
        near,
        except === null ? undefined : ne(directoryBusiness.id, except),
      ),
    )
    .orderBy(desc(sql`similarity(lower(${directoryBusiness.name}), ${name})`), directoryBusiness.id)
    .limit(limit);
}

// Food hygiene ratings in the directory (docs/decisions/0029-food-hygiene-ratings.md):
// what cards and pages show, staff's suggestions, and linking a business to its
// FSA establishment.
import { desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/server/db.server";
import { db } from "~/server/db.server";
import { directoryBusiness, fsaEstablishment } from "~/server/schema";
import { nameKey, postcodeKey, type HygieneFacts } from "./food-hygiene";

const factsColumns = {
  fhrsid: fsaEstablishment.fhrsid,
  schemeType: fsaEstablishment.schemeType,
  ratingValue: fsaEstablishment.ratingValue,
  ratingDate: fsaEstablishment.ratingDate,
};

/** The ratings of the businesses given, by business id: one query for a page of cards. */
export async function loadHygiene(businessIds: number[]): Promise<Map<number, HygieneFacts>> {
  if (businessIds.length === 0) return new Map();
  const rows = await db()
    .select({ businessId: directoryBusiness.id, ...factsColumns })
    .from(directoryBusiness)
    .innerJoin(fsaEstablishment, eq(fsaEstablishment.fhrsid, directoryBusiness.fhrsid))
    .where(inArray(directoryBusiness.id, businessIds));
  return new Map(rows.map(({ businessId, ...facts }) => [businessId, facts]));
}

/** The establishment staff linked, with what the back office shows of it. */
export async function linkedEstablishment(fhrsid: number | null) {
  if (fhrsid === null) return null;
  const [row] = await db()
    .select({ ...factsColumns, ...suggestionColumns })
    .from(fsaEstablishment)
    .where(eq(fsaEstablishment.fhrsid, fhrsid));
  return row ?? null;
}

const suggestionColumns = {
  fhrsid: fsaEstablishment.fhrsid,
  businessName: fsaEstablishment.businessName,
  address: fsaEstablishment.address,
  postcode: fsaEstablishment.postcode,
  localAuthorityName: fsaEstablishment.localAuthorityName,
  schemeType: fsaEstablishment.schemeType,
  ratingValue: fsaEstablishment.ratingValue,
  ratingDate: fsaEstablishment.ratingDate,
};

/**
 * Imported establishments that may be this business: the same postcode, or a
 * name alike (trigram similarity, pg_trgm's default threshold), both by index;
 * the same postcode first, then the closest names.
 */
export async function hygieneSuggestions(business: { name: string; postcode: string | null }, limit = 5) {
  const name = nameKey(business.name);
  const postcode = postcodeKey(business.postcode);
  const samePostcode = postcode ? eq(fsaEstablishment.postcodeKey, postcode) : undefined;
  const alikeName = name ? sql`${fsaEstablishment.nameKey} % ${name}` : undefined;
  if (!samePostcode && !alikeName) return [];
  return db()
    .select(suggestionColumns)
    .from(fsaEstablishment)
    .where(or(samePostcode, alikeName))
    .orderBy(
      ...(samePostcode ? [desc(samePostcode)] : []),
      ...(name ? [desc(sql`similarity(${fsaEstablishment.nameKey}, ${name})`)] : []),
      fsaEstablishment.fhrsid,
    )
    .limit(limit);
}

export type LinkResult =
  { ok: true; before: number | null; after: number | null } | { ok: false; message: string; missing?: true };

/**
 * Links a business to an imported establishment (or unlinks it, with null).
 * Only an establishment the import knows may be linked: its authority is what
 * the daily job fetches.
 */
export async function linkEstablishment(
  executor: Pick<Database, "select" | "update">,
  businessId: number,
  fhrsid: number | null,
): Promise<LinkResult> {
  const [business] = await executor
    .select({ fhrsid: directoryBusiness.fhrsid })
    .from(directoryBusiness)
    .where(eq(directoryBusiness.id, businessId));
  if (!business) return { ok: false, message: "This business no longer exists.", missing: true };
  if (fhrsid !== null) {
    const [known] = await executor
      .select({ fhrsid: fsaEstablishment.fhrsid })
      .from(fsaEstablishment)
      .where(eq(fsaEstablishment.fhrsid, fhrsid));
    if (!known) {
      return {
        ok: false,
        message:
          "No establishment with that FHRSID has been imported: import its local authority's file (npm run fsa:import) first.",
      };
    }
  }
  await executor.update(directoryBusiness).set({ fhrsid }).where(eq(directoryBusiness.id, businessId));
  return { ok: true, before: business.fhrsid, after: fhrsid };
}

// Postcodes and towns to coordinates, from the postcode_location table only:
// never an outside service at request time (decision 0034).
import { and, eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { KM_PER_MILE, type LatLng } from "~/lib/geo";
import { db } from "~/server/db.server";
import { postcodeLocation } from "~/server/schema";
import { DEFAULT_RADIUS_MILES, formatPostcode, parsePostcode, RADIUS_MILES, type RadiusMiles } from "./postcode";

export interface Place extends LatLng {
  /** What the page says it searched around, e.g. "NP44 1PU", "NP44 (Cwmbran)", "Newport (Newport)". */
  label: string;
  /** Where the point is: a full postcode's own, or the centre of a district or a town. */
  precision: "postcode" | "district" | "town";
  /** Set when a full postcode was measured from its district's centre: the district. */
  approximate?: string;
  /** Other places of the same name the visitor may have meant (towns only). */
  alsoNamed: string[];
}

export type PlaceResult = { place: Place } | { message: string };

/** The near box's text: letters, digits, spaces and the punctuation of place names. */
const PLACE_TEXT = /^[\p{L}\p{M}0-9 '’.,&()-]{2,60}$/u;
export const NEAR_MAX_LENGTH = 60;

/**
 * A UK postcode (full or district) or a town. A full postcode we hold wins;
 * otherwise its district's centroid. A town is, in order: a local authority
 * ("Birmingham", "Westminster", "Newport"), then a locality ("Cwmbran"), then
 * a region ("London"), at the mean of its districts' centroids. A locality in
 * several areas resolves to the area with the most districts of that name,
 * and the page names the others, so a visitor who meant another can type its
 * postcode.
 */
export async function resolvePlace(text: string): Promise<PlaceResult> {
  const value = text.trim().replace(/\s+/g, " ");
  if (!PLACE_TEXT.test(value)) {
    return { message: "Enter a UK postcode, like NP44 1PU, or a town, like Cwmbran." };
  }
  const postcode = parsePostcode(value);
  if (postcode) {
    const keys = postcode.inward ? [formatPostcode(postcode), postcode.outward] : [postcode.outward];
    const rows = await db()
      .select({
        postcode: postcodeLocation.postcode,
        latitude: postcodeLocation.latitude,
        longitude: postcodeLocation.longitude,
        town: postcodeLocation.town,
        area: postcodeLocation.area,
      })
      .from(postcodeLocation)
      .where(inArray(postcodeLocation.postcode, keys));
    const asked = formatPostcode(postcode);
    const row = rows.find((r) => r.postcode === asked) ?? rows.find((r) => r.postcode === postcode.outward);
    if (!row) return { message: `We could not find the postcode ${asked}. Check it, or try a town.` };
    const district = row.town || row.area ? `${row.postcode} (${row.town || row.area})` : row.postcode;
    return {
      place: {
        latitude: row.latitude,
        longitude: row.longitude,
        label: postcode.inward ? asked : district,
        precision: row.postcode === asked && postcode.inward ? "postcode" : "district",
        // A full postcode we do not hold is measured from its district's centre.
        approximate: postcode.inward && row.postcode !== asked ? district : undefined,
        alsoNamed: [],
      },
    };
  }
  return resolveTown(value);
}

async function resolveTown(name: string): Promise<PlaceResult> {
  const { area, town, region } = postcodeLocation;
  const groupsNamed = (column: AnyPgColumn, groupBy: AnyPgColumn) =>
    db()
      .select({
        name: sql<string>`min(${column})`,
        area: sql<string | null>`min(${area})`,
        latitude: sql<number>`avg(${postcodeLocation.latitude})`,
        longitude: sql<number>`avg(${postcodeLocation.longitude})`,
      })
      .from(postcodeLocation)
      .where(and(eq(postcodeLocation.kind, "district"), sql`lower(${column}) = ${name.toLowerCase()}`))
      .groupBy(groupBy)
      .orderBy(sql`count(*) desc`, sql`min(${area})`);
  const [byArea, byTown] = await Promise.all([groupsNamed(area, area), groupsNamed(town, area)]);
  const [first] = byArea.length ? byArea : byTown.length ? byTown : await groupsNamed(region, region);
  if (!first) {
    return { message: `We could not find "${name}" as a UK postcode or town. Check the spelling, or try a postcode.` };
  }
  const named = (g: typeof first) => (g.area && g.area !== g.name ? `${g.name} (${g.area})` : g.name);
  return {
    place: {
      latitude: Number(first.latitude),
      longitude: Number(first.longitude),
      label: named(first),
      precision: "town",
      // Localities of that name in other areas, e.g. Newport on the Isle of Wight beside the city of Newport.
      alsoNamed: byTown.filter((g) => g.area !== first.area).map(named),
    },
  };
}

/** The "near" box and its radius, as the directory and /buy read them from the query string. */
export interface NearSearch {
  /** What was typed, shown again in the box. */
  text: string;
  radiusMiles: RadiusMiles;
  /** Null when the text could not be resolved: the list is then not narrowed. */
  place: Place | null;
  /** Why the near search, or the radius asked for, was not used. */
  notices: string[];
}

/** The rows a near search keeps: within the radius of its place. */
export interface NearFilter {
  origin: LatLng;
  km: number;
}

export async function readNearSearch(params: URLSearchParams): Promise<NearSearch | null> {
  // Control characters (a NUL byte above all) are dropped first, as the lists' other text parameters' are.
  // eslint-disable-next-line no-control-regex
  const text = (params.get("near") ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (!text) return null;
  const notices: string[] = [];
  const radius = params.get("radius");
  let radiusMiles = DEFAULT_RADIUS_MILES;
  if (radius) {
    const asked = RADIUS_MILES.find((r) => String(r) === radius.trim());
    if (asked) radiusMiles = asked;
    else notices.push(`The distance can be 1, 3, 5, 10 or 25 miles, so ${DEFAULT_RADIUS_MILES} miles was used.`);
  }
  if (text.length > NEAR_MAX_LENGTH) {
    return {
      text: text.slice(0, NEAR_MAX_LENGTH),
      radiusMiles,
      place: null,
      notices: [...notices, "That place name is too long: enter a UK postcode or a town."],
    };
  }
  const resolved = await resolvePlace(text);
  if ("message" in resolved) return { text, radiusMiles, place: null, notices: [...notices, resolved.message] };
  return { text, radiusMiles, place: resolved.place, notices };
}

export function nearFilter(search: NearSearch | null): NearFilter | null {
  return search?.place ? { origin: search.place, km: search.radiusMiles * KM_PER_MILE } : null;
}

/**
 * Coordinates for a business or listing saved without them: its postcode
 * (full, else its district), else its town, and which of those they are.
 * Null when neither is known.
 */
export async function coordinatesOf(where: {
  postcode?: string | null;
  town?: string | null;
}): Promise<(LatLng & { placedAt: Place["precision"] }) | null> {
  for (const text of [where.postcode, where.town]) {
    if (!text) continue;
    const resolved = await resolvePlace(text);
    if ("place" in resolved) {
      const { latitude, longitude, precision } = resolved.place;
      return { latitude, longitude, placedAt: precision };
    }
  }
  return null;
}

/** A listing keeps its position only: its page shows the district, never a street (decision 0033). */
export function positionOnly(found: LatLng | null): { latitude: number | null; longitude: number | null } {
  return { latitude: found?.latitude ?? null, longitude: found?.longitude ?? null };
}

// UK postcodes and the radius search's choices, safe in the browser and on
// the server (decision 0034).
/** A postcode's outward code (district) and, for a full postcode, its inward code. */
export interface ParsedPostcode {
  outward: string;
  inward: string | null;
}

// The outward code: an area of one or two letters, a district digit, then an
// optional digit or letter (e.g. "B1", "NP44", "SW1A", "EC1A"); the inward
// code: a digit and two letters (the letters C, I, K, M, O and V are never used).
const OUTWARD = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const FULL = /^([A-Z]{1,2}\d[A-Z\d]?) ?(\d[ABD-HJLNP-UW-Z]{2})$/;

/** "np44 1pu" → NP44 + 1PU; "NP44" → NP44; anything else → null. */
export function parsePostcode(text: string): ParsedPostcode | null {
  const value = text.trim().toUpperCase().replace(/\s+/g, " ");
  const full = FULL.exec(value) ?? FULL.exec(value.replace(/ /g, ""));
  if (full) return { outward: full[1]!, inward: full[2]! };
  return OUTWARD.test(value) ? { outward: value, inward: null } : null;
}

/** How a full postcode is written and stored: "NP44 1PU". */
export function formatPostcode(postcode: ParsedPostcode): string {
  return postcode.inward ? `${postcode.outward} ${postcode.inward}` : postcode.outward;
}

/** The radius choices in miles; the first in the list is not the default. */
export const RADIUS_MILES = [1, 3, 5, 10, 25] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];
export const DEFAULT_RADIUS_MILES: RadiusMiles = 10;

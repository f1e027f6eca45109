// Food hygiene ratings as the Food Standards Agency publishes them (docs/decisions/
// 0029-food-hygiene-ratings.md): the rating values of its two schemes, what each
// means in words, and the keys staff's suggestions match on.

/** FHRS: England, Wales and Northern Ireland; FHIS: Scotland. */
export type HygieneScheme = "FHRS" | "FHIS";

/** Each scheme's rating values as the FSA writes them, with their meaning in words. */
const RATINGS: Record<HygieneScheme, Record<string, string>> = {
  FHRS: {
    "5": "5 (very good)",
    "4": "4 (good)",
    "3": "3 (generally satisfactory)",
    "2": "2 (improvement necessary)",
    "1": "1 (major improvement necessary)",
    "0": "0 (urgent improvement necessary)",
    Exempt: "Exempt (not rated)",
    AwaitingInspection: "Awaiting inspection",
    AwaitingPublication: "Awaiting publication",
  },
  FHIS: {
    Pass: "Pass",
    "Pass and Eat Safe": "Pass and Eat Safe",
    "Improvement Required": "Improvement Required",
    Exempt: "Exempt (not rated)",
    "Awaiting Inspection": "Awaiting inspection",
    "Awaiting Publication": "Awaiting publication",
  },
};

const looseKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The FSA's own spelling of a rating value, or null when the scheme has no
 * such value. Files differ in spaces and case ("AwaitingInspection",
 * "Awaiting Inspection"), so those are ignored.
 */
export function canonicalRating(scheme: HygieneScheme, value: string): string | null {
  const key = looseKey(value);
  return Object.keys(RATINGS[scheme]).find((rating) => looseKey(rating) === key) ?? null;
}

export interface HygieneFacts {
  fhrsid: number;
  schemeType: string;
  ratingValue: string;
  ratingDate: string | null;
}

/** "Food hygiene rating" in England, Wales and Northern Ireland; Scotland's scheme gives an inspection result. */
export function hygieneHeading(facts: Pick<HygieneFacts, "schemeType">) {
  return facts.schemeType === "FHIS" ? "Food hygiene inspection result" : "Food hygiene rating";
}

/** The rating in words: "5 (very good)", "Improvement Required". */
export function hygieneRatingText(facts: Pick<HygieneFacts, "schemeType" | "ratingValue">) {
  const scheme: HygieneScheme = facts.schemeType === "FHIS" ? "FHIS" : "FHRS";
  return RATINGS[scheme][facts.ratingValue] ?? facts.ratingValue;
}

/** The establishment's page on the FSA's site, where the current rating always is. */
export function fsaBusinessUrl(fhrsid: number) {
  return `https://ratings.food.gov.uk/business/${fhrsid}`;
}

export const FSA_SOURCE = "Food hygiene rating from the Food Standards Agency";
export const OGL_URL = "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/";

/**
 * A business name as suggestions compare it: lower case, "&" as "and",
 * punctuation and the words every other name has ("ltd", "the") left out.
 */
export function nameKey(name: string) {
  return name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((word) => word && !["the", "ltd", "limited", "plc"].includes(word))
    .join(" ");
}

/** A postcode as suggestions compare it: capitals, no spaces; null when blank. */
export function postcodeKey(postcode: string | null | undefined) {
  const key = (postcode ?? "").toUpperCase().replace(/[^A-Z0-9]/g, "");
  return key || null;
}

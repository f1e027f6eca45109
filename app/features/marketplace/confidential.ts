// Confidential listings (decision 0033): the figures a seller may choose to
// show, the generic title, and the NDA a buyer accepts. Plain data, safe for
// the browser; the masking itself is confidential.server.ts.
import { listingCategoryLabel } from "~/lib/categories";
import type { ConfidentialFigure } from "~/server/schema";

/**
 * The figures a seller may show on a confidential listing, and the listing fields each one shows:
 * exactly the figures the schema's ConfidentialFigure names, as confidential_figures stores them.
 */
export const confidentialFigures = {
  // With it, what it was reduced from and when (decision 0084).
  askingPrice: {
    label: "Asking price",
    fields: ["askingPricePence", "firstPublishedPricePence", "priceReducedAt"],
  },
  turnover: { label: "Annual turnover", fields: ["annualRevenuePence"] },
  netProfit: { label: "Net profit", fields: ["netProfitPence"] },
  lease: { label: "Lease per month and annual rent", fields: ["monthlyLeasePence", "annualRentPence"] },
  tenure: { label: "Tenure and lease terms", fields: ["tenure", "leaseYearsRemaining", "leaseType"] },
  staff: { label: "Number of staff", fields: ["staffFullTime", "staffPartTime"] },
  stock: { label: "Stock at valuation", fields: ["stockValuePence"] },
  rateableValue: { label: "Rateable value", fields: ["rateableValuePence"] },
  established: { label: "Year established", fields: ["yearEstablished"] },
} as const satisfies Record<ConfidentialFigure, { label: string; fields: readonly string[] }>;

export type { ConfidentialFigure };
export const confidentialFigureKeys = Object.keys(confidentialFigures) as [ConfidentialFigure, ...ConfidentialFigure[]];

/** The figures ticked when a seller first makes a listing confidential: what buyers compare first. */
export const firstShownFigures: ConfidentialFigure[] = ["askingPrice", "turnover"];

/** A listing's public address while it is confidential: its own slug is usually its trading name. */
export const confidentialSlug = (id: number) => `confidential-${id}`;
export const CONFIDENTIAL_SLUG = /^confidential-(\d{1,9})$/;

/** The outward half of a postcode ("CF10 1AA" → "CF10"): the area a confidential listing shows. */
export function postcodeDistrict(postcode: string | null | undefined): string | null {
  const district = postcode?.trim().split(/\s+/)[0]?.toUpperCase();
  return district || null;
}

/** The generic title offered when a listing is first marked confidential; staff and the seller may edit it. */
export function suggestedConfidentialTitle(listing: { category: string; postcode: string | null }): string {
  const district = postcodeDistrict(listing.postcode);
  const what = listingCategoryLabel(listing.category).toLowerCase();
  return `Confidential: established ${what} business${district ? ` in ${district}` : ""}`;
}

/** What a masked listing says in place of its description. */
export const CONFIDENTIAL_DESCRIPTION =
  "This business is for sale in confidence. Its name, address, photos and full details are shared with buyers who accept its non-disclosure agreement.";

/**
 * The NDA a buyer accepts. A changed text gets a new version: acceptances
 * keep the version they were given, and a buyer who accepted an older one
 * keeps access (decision 0033).
 */
export const NDA_VERSION = "2026-11-1";
export const NDA_TEXT = [
  "I will keep confidential everything HBS or the seller tells me about this business: its name, address, photos, figures and documents.",
  "I will use it only to decide whether to buy the business, and share it only with my professional advisers and funders, who must keep it confidential too.",
  "I will not contact the business's staff, customers, suppliers or landlord without the seller's written consent.",
  "If I decide not to go ahead, or the seller asks, I will delete or return what I was given.",
  "The seller may withdraw my access at any time.",
];

import { formatPence } from "~/lib/money";

// Wording shared by the listing card, the detail dialog and the image viewer.

/** The offers badge (spec section 2): "Offer" for 1, "Offers" otherwise, then "Made". */
export function offersLabel(count: number): string {
  return `${count} ${count === 1 ? "Offer" : "Offers"} Made`;
}

/** The spec's "revenue" line, shown as Lease/Month: "£778 Lease/Month". */
export function leaseLabel(monthlyLeasePence: number): string {
  return `${formatPence(monthlyLeasePence)} Lease/Month`;
}

/** An image's alternative text: "Photo 3 of 10 of {title}". */
export function photoAlt(index: number, total: number, title: string): string {
  return `Photo ${index + 1} of ${total} of ${title}`;
}

/** The asking price, or what a confidential listing that keeps it hidden says instead (decision 0033). */
export function askingPriceLabel(askingPricePence: number | null): string {
  return askingPricePence === null ? "Price on application" : formatPence(askingPricePence);
}

// The alert e-mail of a saved search (decision 0031): new matches, then
// changes to the member's saved listings, then the ways out.
import { askingPriceLabel } from "~/features/marketplace/components/listing-text";
import { formatPence } from "~/lib/money";
import type { MailMessage } from "~/server/mail.server";

export interface AlertListing {
  title: string;
  town: string;
  askingPricePence: number | null;
  url: string;
}

export type SavedListingChange =
  | { kind: "price"; title: string; url: string; pricePence: number; wasPence: number }
  | { kind: "under_offer" | "back_on_market"; title: string; url: string };

/** At most this many new listings are written out; the rest are one link away. */
export const MAX_LISTED = 20;

const changeLine = (change: SavedListingChange) => {
  switch (change.kind) {
    case "price":
      return `Price reduced: ${change.title}, now ${formatPence(change.pricePence)} (was ${formatPence(change.wasPence)})`;
    case "under_offer":
      return `Now under offer: ${change.title}`;
    case "back_on_market":
      return `No longer under offer: ${change.title}`;
  }
};

export function alertMail(input: {
  to: string;
  searchName: string;
  listings: AlertListing[];
  allMatchesUrl: string;
  changes: SavedListingChange[];
  manageUrl: string;
  unsubscribeUrl: string;
}): MailMessage {
  const { listings, changes } = input;
  const body: string[] = [];
  if (listings.length) {
    body.push(`New businesses for sale matching your saved search "${input.searchName}":`, "");
    for (const listing of listings.slice(0, MAX_LISTED)) {
      body.push(`${listing.title}, ${listing.town}: ${askingPriceLabel(listing.askingPricePence)}`, listing.url, "");
    }
    if (listings.length > MAX_LISTED) {
      body.push(`And ${listings.length - MAX_LISTED} more: ${input.allMatchesUrl}`, "");
    }
  }
  if (changes.length) {
    body.push("News of businesses you saved:", "");
    for (const change of changes) body.push(changeLine(change), change.url, "");
  }
  const subject = listings.length
    ? `${listings.length} new ${listings.length === 1 ? "business" : "businesses"} for sale: ${input.searchName}`
    : "News of businesses you saved";
  return {
    to: input.to,
    subject,
    text: [
      "Hello,",
      "",
      ...body,
      `Manage your saved searches: ${input.manageUrl}`,
      `Stop e-mails for "${input.searchName}": ${input.unsubscribeUrl}`,
      "",
      "HBS",
    ].join("\n"),
    // RFC 8058: mail programs offer their own one-click unsubscribe, which POSTs to this URL.
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

// How the seller's dashboard names a listing's state and the steps a seller
// can take. Safe for the browser.
import { formatLondonDate } from "~/lib/dates";

export const SELLER_ACTIONS = ["under-offer", "offer-cleared", "mark-sold", "withdraw", "republish", "renew"] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

export const sellerActionLabels: Record<SellerAction, string> = {
  "under-offer": "Mark under offer",
  "offer-cleared": "No longer under offer",
  "mark-sold": "Mark as sold",
  withdraw: "Withdraw",
  republish: "Republish",
  renew: "Renew",
};

/** What the toast says once a step is taken. */
export const sellerActionDone: Record<SellerAction, string> = {
  "under-offer": "Marked under offer",
  "offer-cleared": "No longer under offer",
  "mark-sold": "Marked as sold",
  withdraw: "Listing withdrawn",
  republish: "Listing republished",
  renew: "Listing renewed for 90 days",
};

type Status = "pending" | "published" | "rejected" | "sold" | "withdrawn" | "expired" | "suspended";

/** The listing's state in words, as the seller reads it. */
export function sellerStatusWords(listing: {
  status: Status;
  rejectionReason: string | null;
  underOfferAt: Date | null;
}): { label: string; detail?: string } {
  switch (listing.status) {
    case "pending":
      return { label: "Waiting for review", detail: "Our team checks every listing before buyers see it." };
    case "published":
      return listing.underOfferAt
        ? {
            label: "Under offer",
            detail: `Under offer since ${formatLondonDate(listing.underOfferAt)}; still shown to buyers.`,
          }
        : { label: "Published", detail: "Buyers can see it on Buy a Business." };
    case "rejected":
      return { label: "Rejected", detail: listing.rejectionReason ? `Reason: ${listing.rejectionReason}` : undefined };
    case "sold":
      return { label: "Sold" };
    case "withdrawn":
      return { label: "Withdrawn", detail: "Buyers no longer see it." };
    case "expired":
      return {
        label: "Expired",
        detail: "Not confirmed as still available for 90 days, so buyers no longer see it. Renew it to put it back.",
      };
    // Not shown while it lasts (a suspended seller cannot sign in), but named all the same (decision 0078).
    case "suspended":
      return { label: "Hidden", detail: "Hidden while the account is suspended." };
  }
}

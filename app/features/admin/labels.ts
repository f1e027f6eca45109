// How the back office names statuses and steps.

export type ListingTransition = "approve" | "reject" | "mark-sold" | "withdraw" | "republish";

export const listingStatusLabels: Record<ListingStatus, string> = {
  pending: "Waiting for review",
  published: "Published",
  sold: "Sold",
  withdrawn: "Withdrawn",
  rejected: "Rejected",
  expired: "Expired",
  suspended: "Hidden: seller suspended",
};

export const listingTransitionLabels: Record<ListingTransition, string> = {
  approve: "Approve and publish",
  reject: "Reject",
  "mark-sold": "Mark as sold",
  withdraw: "Withdraw",
  republish: "Put back on the market",
};

export const LISTING_STATUSES = [
  "pending",
  "published",
  "sold",
  "withdrawn",
  "expired",
  "rejected",
  "suspended",
] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const OUTBOX_STATES = ["failing", "queued", "sent"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const outboxStateLabels: Record<OutboxState, string> = { failing: "Failing", queued: "Queued", sent: "Sent" };

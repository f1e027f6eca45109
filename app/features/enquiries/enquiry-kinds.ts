// What kinds of enquiry there are and what people call them. Safe for the
// browser: My Queries and the back office show the same names.
import type { SubmissionResult } from "@conform-to/react";
import type { enquiry } from "~/server/schema";

export type EnquiryKind = (typeof enquiry.$inferSelect)["kind"];
export type EnquiryStatus = (typeof enquiry.$inferSelect)["status"];

export const enquiryKindLabels: Record<EnquiryKind, string> = {
  listing_interest: "Interest in a listing",
  package_interest: "Package enquiry",
  contact: "Contact message",
  listing_submission: "Listing submission",
  business_report: "Directory change report",
  package_order: "Service plan bought online",
  place_suggestion: "Place suggested for the directory",
};

export const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  new: "Received",
  in_progress: "In progress",
  closed: "Closed",
};

/** An enquiry as stored: the e-mails and the lists are made from this. */
export interface StoredEnquiry {
  id: number;
  kind: EnquiryKind;
  subject: string;
  fields: Record<string, unknown>;
  createdAt: Date;
}

/**
 * A member's interest in a listing, as the listing's page and cards show it:
 * the day of their latest (Europe/London), and the link to the conversation
 * it started, worded on the server (the listing page's script is at its budget).
 */
export interface ListingEnquired {
  /** "28 Nov 2026". */
  date: string;
  /** The instant, for <time datetime>. */
  dateTime: string;
  /** Their thread, or My Queries when it started none. */
  href: string;
  linkText: string;
}

/** What every enquiry action answers; `result` feeds Conform's `lastResult`. */
export interface EnquiryActionData {
  /** "step": a form in steps (/sell) checked the steps so far, and shows `step` next; nothing was stored. */
  outcome: "success" | "invalid" | "refused" | "failed" | "step";
  result: SubmissionResult<string[]>;
  step?: number;
}

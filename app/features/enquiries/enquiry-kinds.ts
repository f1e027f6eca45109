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

/** What every enquiry action answers; `result` feeds Conform's `lastResult`. */
export interface EnquiryActionData {
  outcome: "success" | "invalid" | "refused" | "failed";
  result: SubmissionResult<string[]>;
}

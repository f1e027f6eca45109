// What diners tell staff, each joining the enquiries queue; nothing in the
// directory changes until staff decide. "Report a change" on a business page:
// something is no longer true (docs/decisions/0027-halal-evidence.md).
// "Suggest a place": a halal business the directory is missing (decision
// 0092). One module, so that the forms' lazily loaded checks stay one chunk
// fewer on every page that has a form (tests/e2e/page-weight.spec.ts).
import { email, line, text } from "~/lib/forms/fields";
import { z } from "~/lib/zod";

export const reportChangeLabels = {
  no_longer_halal: "No longer halal",
  certifier_changed: "Certifier or certificate changed",
  alcohol_changed: "Alcohol now served, or no longer",
  hours_changed: "Opening hours changed",
  closed_down: "Closed down",
  other: "Something else",
} as const;

export const reportChanges = Object.keys(reportChangeLabels) as (keyof typeof reportChangeLabels)[];

export const businessReportSchema = z.object({
  change: z.enum(reportChanges, { error: "Please choose what has changed" }),
  details: text("Please tell us what you saw", 1000, "Details must be less than 1000 characters"),
  name: line("Name is required", 100, "Name must be less than 100 characters"),
  email: email("Email must be less than 255 characters"),
});

export const REPORT_FAILURE = "Failed to send your report. Please try again.";

export const placeSuggestionSchema = z.object({
  placeName: line("Please give the place's name", 100, "The name must be less than 100 characters"),
  where: line("Please give its town or postcode", 100, "The town or postcode must be less than 100 characters"),
  what: line("Please say what it is", 100, "What it is must be less than 100 characters"),
  whyHalal: text(
    "Please tell us why you think it is halal",
    1000,
    "Why you think it is halal must be less than 1000 characters",
  ),
  name: line("Name is required", 100, "Name must be less than 100 characters"),
  email: email("Email must be less than 255 characters"),
});

export const SUGGESTION_FAILURE = "Failed to send your suggestion. Please try again.";

// "Report a change" on a business page: a visitor tells staff something is
// no longer true. It joins the enquiries queue; nothing on the directory
// changes until staff decide (docs/decisions/0027-halal-evidence.md).
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

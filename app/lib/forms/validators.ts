// The enquiry forms' checks in the browser: the server's own Zod schemas,
// through Conform. Loaded when a visitor first uses a form
// (use-enquiry-form.ts), not with the page: with Zod they are the largest
// script a page with a form would otherwise load up front.
import { parseWithZod } from "@conform-to/zod/v4";
import { businessReportSchema, placeSuggestionSchema } from "~/features/directory/report-schema";
import { listingSubmissionSchema, sellStepSchema } from "~/features/marketplace/sell-submission-schema";
import { requestedStep, STEP_FIELD } from "~/features/marketplace/sell-steps";
import { contactSchema, listingInterestSchema, packageInterestSchema } from "~/features/enquiries/schemas";

export const enquirySchemas = {
  contact: contactSchema,
  listingInterest: listingInterestSchema,
  packageInterest: packageInterestSchema,
  listingSubmission: listingSubmissionSchema,
  businessReport: businessReportSchema,
  placeSuggestion: placeSuggestionSchema,
};

export type EnquiryForm = keyof typeof enquirySchemas;

export function validateEnquiry(form: EnquiryForm, formData: FormData) {
  return parseWithZod(formData, { schema: enquirySchemas[form] });
}

/**
 * /sell in steps (decision 0069), as the server checks it: Continue and Back
 * check the steps before the one they go to, Submit Listing every step, and
 * a field as it is typed the steps up to the one on screen, so a later
 * step's empty fields say nothing before they are reached.
 */
export function validateSellForm(formData: FormData, shownStep: number) {
  const step = requestedStep(formData);
  if (step !== null) return parseWithZod(formData, { schema: sellStepSchema(step - 1) });
  if (formData.has(STEP_FIELD)) return parseWithZod(formData, { schema: listingSubmissionSchema });
  return parseWithZod(formData, { schema: sellStepSchema(shownStep) });
}

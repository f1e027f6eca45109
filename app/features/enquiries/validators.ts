// The enquiry forms' checks in the browser: the server's own Zod schemas,
// through Conform. Loaded when a visitor first uses a form
// (use-enquiry-form.ts), not with the page: with Zod they are the largest
// script a page with a form would otherwise load up front.
import { parseWithZod } from "@conform-to/zod/v4";
import { businessReportSchema } from "~/features/directory/report-schema";
import { listingSubmissionSchema } from "~/features/marketplace/sell-schema";
import { contactSchema, listingInterestSchema, packageInterestSchema } from "./schemas";

export const enquirySchemas = {
  contact: contactSchema,
  listingInterest: listingInterestSchema,
  packageInterest: packageInterestSchema,
  listingSubmission: listingSubmissionSchema,
  businessReport: businessReportSchema,
};

export type EnquiryForm = keyof typeof enquirySchemas;

export function validateEnquiry(form: EnquiryForm, formData: FormData) {
  return parseWithZod(formData, { schema: enquirySchemas[form] });
}

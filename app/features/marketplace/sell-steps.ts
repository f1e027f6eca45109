// 'Sell your business' in three steps (issue #50, decision 0069): which fields
// each step asks for, and which step a post or an answer shows. Plain data,
// safe for the browser without the schemas; the checks of each step are
// sell-submission-schema.ts's `sellStepSchema`.
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import type { listingFactsShape } from "./sell-schema";

// The key facts (decision 0023), all optional, go with the figures.
const factFields = [
  "tenure",
  "annualRent",
  "leaseYearsRemaining",
  "leaseType",
  "netProfit",
  "stockValue",
  "staffFullTime",
  "staffPartTime",
  "rateableValue",
  "yearEstablished",
  "tradingHours",
  "accommodationIncluded",
  "accommodationDescription",
  "relocatable",
  "reasonForSale",
  "halalStatus",
  "halalCertifier",
  "alcoholLicence",
  "paymentTerms",
] as const satisfies readonly (keyof typeof listingFactsShape)[];

/**
 * The steps, in order. Photos come last, with the contact details: a file
 * chosen in a browser cannot be carried to another page without storing it,
 * so the photos are sent with the submission itself.
 */
export const SELL_STEPS = [
  { title: "The business", fields: ["businessName", "category", "location", "description"] },
  { title: "Figures", fields: ["askingPrice", "annualRevenue", ...factFields] },
  {
    title: "Photos and contact",
    fields: [
      "photos",
      "contactName",
      "contactEmail",
      "contactPhone",
      "confidential",
      "confidentialTitle",
      "confidentialFigures",
    ],
  },
] as const;

export const LAST_STEP = SELL_STEPS.length;

/** The submit buttons' name: a step's number moves to that step; "submit" sends the listing. */
export const STEP_FIELD = "step";
export const SUBMIT_STEP = "submit";

/** The step a post asks to see, or null when it sends the listing (as a post without the field does). */
export function requestedStep(form: FormData): number | null {
  const value = form.get(STEP_FIELD);
  if (typeof value !== "string" || !/^\d$/.test(value)) return null;
  const step = Number(value);
  return step >= 1 && step <= LAST_STEP ? step : null;
}

/** The step that asks for a field ("photos[2]" is the photos'), or null for the form as a whole. */
export function stepOfField(name: string): number | null {
  const field = name.split(/[[.]/)[0];
  const index = SELL_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field!));
  return index === -1 ? null : index + 1;
}

/** The fields of every step before `step`: what must be right to reach it. */
export function fieldsBefore(step: number): string[] {
  return SELL_STEPS.slice(0, step - 1).flatMap((s) => [...s.fields]);
}

/**
 * Which step shows the server's answer: the step it moved to, else the first
 * step with a message (a message about the whole form, such as a failure,
 * shows on the last step, by the Submit button), else the first.
 */
export function stepForAnswer(answer: EnquiryActionData | undefined): number {
  if (!answer) return 1;
  if (answer.step) return answer.step;
  const steps = Object.entries(answer.result.error ?? {})
    .filter(([, messages]) => messages?.length)
    .map(([name]) => stepOfField(name) ?? LAST_STEP);
  return steps.length ? Math.min(...steps) : 1;
}

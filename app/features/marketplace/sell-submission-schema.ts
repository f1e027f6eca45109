// What 'Sell your business' sends (decision 0069): a listing's own fields
// (sell-schema.ts), the confidential choice, and the checks of each step. Kept
// apart from sell-schema.ts, which a listing's page and the edit forms load up
// front: this only the server and /sell's checks need, loaded on first use.
import { z } from "~/lib/zod";
import { cleanLine } from "~/lib/text";
import { confidentialFigureKeys, suggestedConfidentialTitle } from "./confidential";
import { genericTitleError } from "./confidential-rules";
import { listingFieldsSchema } from "./sell-schema";
import { fieldsBefore, LAST_STEP } from "./sell-steps";

/**
 * The confidential choice on /sell (decisions 0033, 0069): a box to tick, a
 * generic title (left empty, the suggested one for the category is used) and
 * the figures buyers may see. Unknown figures are dropped, as the
 * confidentiality form does.
 */
const confidentialShape = {
  confidential: z
    .enum(["yes"])
    .optional()
    .transform((v) => v === "yes"),
  confidentialTitle: z.string().overwrite(cleanLine).trim().optional(),
  confidentialFigures: z
    .array(z.string())
    .optional()
    .transform((keys = []) => confidentialFigureKeys.filter((key) => keys.includes(key))),
};

/** The generic title a confidential listing sent from /sell gets when the seller leaves it empty. */
export const sellConfidentialTitle = (value: { category?: string; confidentialTitle?: string }) =>
  value.confidentialTitle || suggestedConfidentialTitle({ category: value.category ?? "", postcode: null });

const sellShape = { ...listingFieldsSchema.shape, ...confidentialShape };

/** 'Sell your business', every step of it: what the server checks before it stores a submission. */
export const listingSubmissionSchema = z.object(sellShape).superRefine((value, ctx) => {
  if (!value.confidential) return;
  // Run with the other fields' messages too, so businessName may be missing.
  const problem = genericTitleError(sellConfidentialTitle(value), value.businessName ?? "", true);
  if (problem) ctx.addIssue({ code: "custom", path: ["confidentialTitle"], message: problem });
});

/**
 * The checks of /sell's steps 1 to `step` (decision 0069): each step is
 * checked when it is left, forwards, and every step again when the listing
 * is sent.
 */
export function sellStepSchema(step: number) {
  if (step >= LAST_STEP) return listingSubmissionSchema;
  const fields = new Set(fieldsBefore(step + 1));
  return z.object(Object.fromEntries(Object.entries(sellShape).filter(([name]) => fields.has(name))));
}

import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { slugify } from "~/lib/slug";
import { answerEnquiryForm, readEnquiryForm } from "~/features/enquiries/enquiries.server";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/lib/forms/form-rules";
import { storage } from "~/server/storage.server";
import { SELL_FAILURE } from "./components/sell-form";
import { factColumns } from "./sell-schema";
import { listingSubmissionSchema, sellConfidentialTitle, sellStepSchema } from "./sell-submission-schema";
import { requestedStep } from "./sell-steps";
import { storeSubmissionPhotos } from "./submission-photos.server";
import { coordinatesOf, positionOnly } from "~/features/places/places.server";

/** Room for ten photos at the limit, the spec's fields, the key facts and the confidential choice. */
export const SELL_FORM_LIMITS = {
  maxFiles: MAX_PHOTOS,
  maxFileSize: MAX_PHOTO_BYTES,
  maxTotalSize: MAX_PHOTOS * MAX_PHOTO_BYTES + 256 * 1024,
  maxParts: 60,
};

/**
 * 'Sell your business': a move between its steps (decision 0069), or the
 * submission, its photos, and the two e-mails. A post that names no step is
 * the submission, as a form sent from before the steps would be.
 */
export async function submitListing(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  const formData = await readEnquiryForm(args.request, SELL_FORM_LIMITS);
  if (!(formData instanceof FormData)) return formData;
  const step = requestedStep(formData);
  if (step !== null) return moveToStep(formData, step);
  return answerEnquiryForm(args, formData, {
    kind: "listing_submission",
    schema: listingSubmissionSchema,
    failureMessage: SELL_FAILURE,
    prepare: async ({ photos = [], confidential, confidentialTitle, confidentialFigures, ...fields }) => {
      const stored = await storeSubmissionPhotos(photos, storage().submissions);
      if ("error" in stored) return { fieldErrors: { photos: [stored.error] } };
      const genericTitle = confidential ? sellConfidentialTitle({ ...fields, confidentialTitle }) : undefined;
      return {
        subject: fields.businessName,
        // The team's e-mail says how it is to be shown; "not confidential" is not worth a line.
        fields: { ...fields, photos: stored.names, confidentialTitle: genericTitle },
        // What staff start from when they review it; nothing shows on /buy until they publish it.
        draftListing: {
          slug: `${slugify(fields.businessName) || "business"}-${crypto.randomBytes(3).toString("hex")}`,
          title: fields.businessName,
          category: fields.category,
          town: fields.location,
          // Where the seller's location is a town or postcode we know, /buy's near search finds it (decision 0034).
          ...positionOnly(await coordinatesOf({ postcode: fields.location, town: fields.location })),
          askingPricePence: fields.askingPrice,
          annualRevenuePence: fields.annualRevenue,
          description: fields.description,
          ...factColumns(fields),
          // Chosen on the form (decision 0069), as the seller's edit page would set it (decision 0033).
          ...(confidential ? { confidential, confidentialTitle: genericTitle, confidentialFigures } : {}),
        },
      };
    },
  });
}

/**
 * Without JavaScript, Continue and Back post the whole form: every step
 * before the one asked for is checked, and the answer carries every value
 * back into the form, so nothing typed is lost. Nothing is stored.
 */
function moveToStep(formData: FormData, step: number) {
  const submission = parseWithZod(formData, { schema: sellStepSchema(step - 1) });
  if (submission.status !== "success") {
    return data<EnquiryActionData>({ outcome: "invalid", result: submission.reply() }, { status: 400 });
  }
  return data<EnquiryActionData>({ outcome: "step", step, result: submission.reply() });
}

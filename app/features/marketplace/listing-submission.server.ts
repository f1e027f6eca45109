import crypto from "node:crypto";
import { slugify } from "~/lib/slug";
import { handleEnquiryForm } from "~/features/enquiries/enquiries.server";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/features/enquiries/form-rules";
import { storage } from "~/server/storage.server";
import type { RouterContextProvider } from "react-router";
import { SELL_FAILURE } from "./components/sell-form";
import { factColumns, listingSubmissionSchema } from "./sell-schema";
import { storeSubmissionPhotos } from "./submission-photos.server";
import { coordinatesOf } from "~/features/places/places.server";

/** Room for ten photos at the limit, the spec's fields and the key facts. */
export const SELL_FORM_LIMITS = {
  maxFiles: MAX_PHOTOS,
  maxFileSize: MAX_PHOTO_BYTES,
  maxTotalSize: MAX_PHOTOS * MAX_PHOTO_BYTES + 256 * 1024,
  maxParts: 60,
};

/** 'Sell your business': the submission, its photos, and the two e-mails. */
export function submitListing(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  return handleEnquiryForm(args, {
    kind: "listing_submission",
    schema: listingSubmissionSchema,
    failureMessage: SELL_FAILURE,
    limits: SELL_FORM_LIMITS,
    prepare: async ({ photos = [], ...fields }) => {
      const stored = await storeSubmissionPhotos(photos, storage().submissions);
      if ("error" in stored) return { fieldErrors: { photos: [stored.error] } };
      return {
        subject: fields.businessName,
        fields: { ...fields, photos: stored.names },
        // What staff start from when they review it; nothing shows on /buy until they publish it.
        draftListing: {
          slug: `${slugify(fields.businessName) || "business"}-${crypto.randomBytes(3).toString("hex")}`,
          title: fields.businessName,
          category: fields.category,
          town: fields.location,
          // Where the seller's location is a town or postcode we know, /buy's near search finds it (decision 0034).
          ...(await coordinatesOf({ postcode: fields.location, town: fields.location })),
          askingPricePence: fields.askingPrice,
          annualRevenuePence: fields.annualRevenue,
          description: fields.description,
          ...factColumns(fields),
        },
      };
    },
  });
}

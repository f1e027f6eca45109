// The owner's forms (decision 0036), shared by the browser and the server: the
// same fields and rules as staff's editor, so one change means one place.
import { halalStatementShape, ownerEditableShape } from "~/features/admin/schemas";
import { checkEvidence } from "~/features/directory/evidence-schema";
import { email, photos, text } from "~/lib/forms/fields";
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from "~/lib/forms/form-rules";
import { z } from "~/lib/zod";

/** Published at once: description, phone, website, hours, the photo, price, services and prayer space. */
export const ownerEditSchema = z.object(ownerEditableShape);
export type OwnerEdit = z.output<typeof ownerEditSchema>;

/**
 * Held for staff: what the certifier and the business say about halal, and
 * a photo of the certificate, private until staff check it (decision 0094).
 */
export const halalProposalSchema = z
  .object({
    ...halalStatementShape,
    certificatePhoto: z
      .file({ error: "The photo must be a file" })
      .mime(PHOTO_TYPES, "The photo must be a JPEG, PNG or WebP")
      .max(MAX_PHOTO_BYTES, "The photo must be 5 MB or smaller")
      .optional(),
  })
  .superRefine(checkEvidence);
export type HalalProposalEdit = z.output<typeof halalProposalSchema>;

export const claimEmailSchema = z.object({ email: email("Email must be less than 255 characters") });

export const claimCodeSchema = z.object({
  code: z
    .string({ error: "Please enter the code from the e-mail" })
    .trim()
    .regex(/^\d{6}$/, "The code is the six digits in the e-mail"),
});

export const claimDocumentsSchema = z.object({
  documents: photos()
    .refine((files) => !!files?.length, "Please add at least one photo or scan of your proof")
    .transform((files) => files ?? []),
  note: text("", 1000, "The note must be less than 1000 characters").optional(),
});

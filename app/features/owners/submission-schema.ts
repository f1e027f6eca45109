// Adding a business (decision 0095), shared by the browser and the server: the
// owner's and staff's fields and rules, so the same field says the same thing
// on every form. The first step names it and says where it is, so that
// businesses already listed near there can be offered to claim instead.
import {
  businessAddressShape,
  businessIdentityShape,
  halalStatementShape,
  ownerEditableShape,
} from "~/features/admin/schemas";
import { checkEvidence } from "~/features/directory/evidence-schema";
import { email, photos, text } from "~/lib/forms/fields";
import { z } from "~/lib/zod";
import { isAddressAt, isFreeMailDomain, websiteDomain } from "./claim-domain";

export const addBusinessStartSchema = z.object({
  ...businessIdentityShape,
  postcode: businessAddressShape.postcode,
});

const { removeImage: _noImageYet, ...pageShape } = ownerEditableShape;

export const NO_PROOF = "Please add a photo or scan of your proof, or an address at your website's domain for a code";

export const addBusinessSchema = z
  .object({
    ...businessIdentityShape,
    ...businessAddressShape,
    ...pageShape,
    ...halalStatementShape,
    // Proof that it is theirs, as a claim's (decision 0036): documents, or a code to the website's domain.
    documents: photos(),
    proofEmail: email("Email must be less than 255 characters").optional(),
    note: text("", 1000, "The note must be less than 1000 characters").optional(),
  })
  .superRefine(checkEvidence)
  .superRefine((value, ctx) => {
    if (value.proofEmail) {
      const domain = websiteDomain(value.website);
      if (!domain) {
        ctx.addIssue({
          code: "custom",
          path: ["proofEmail"],
          message: "Add your website above, so that a code can go to an address at its domain",
        });
      } else if (isFreeMailDomain(domain)) {
        ctx.addIssue({
          code: "custom",
          path: ["proofEmail"],
          message: `${domain} is an e-mail provider's, not your business's own: please send documents instead`,
        });
      } else if (!isAddressAt(value.proofEmail, domain)) {
        ctx.addIssue({ code: "custom", path: ["proofEmail"], message: `The address must be at ${domain}` });
      }
    } else if (!value.documents?.length) {
      ctx.addIssue({ code: "custom", path: ["documents"], message: NO_PROOF });
    }
  });
export type AddBusinessEdit = z.output<typeof addBusinessSchema>;

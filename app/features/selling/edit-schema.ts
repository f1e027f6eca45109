// What a seller may change of their own listing from the dashboard: the
// spec's /sell fields about the business and the key facts, with the same
// rules and messages as /sell. Contact details and photos stay with staff.
import { listingFieldsSchema } from "~/features/marketplace/sell-schema";

export const sellerEditSchema = listingFieldsSchema.omit({
  contactName: true,
  contactEmail: true,
  contactPhone: true,
  photos: true,
});

// The back office's forms, shared by the browser (Conform) and the server.
import { z } from "~/lib/zod";
import { email, line, optionalPhone, photos, pounds, text } from "~/lib/forms/fields";
import { cleanLine, cleanText } from "~/lib/text";
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from "~/lib/forms/form-rules";
import { certifiedShape, checkEvidence, evidenceShape, hoursShape } from "~/features/directory/evidence-schema";
import { listingFactsShape } from "~/features/marketplace/sell-schema";
import { listingCategoryCodes } from "~/lib/categories";

// Full UK postcodes, e.g. "LS1 4AP", "SW1A 1AA", "M1 1AE".
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;
const MAX_FEATURES = 20;

const requiredUkPostcode = (required: string) =>
  z
    .string({ error: required })
    .overwrite((v) => cleanLine(v).trim().toUpperCase())
    .min(1, { error: required, abort: true })
    .regex(UK_POSTCODE, "Please enter a full UK postcode, like LS1 4AP");

const ukPostcode = () => requiredUkPostcode("Please enter a full UK postcode, like LS1 4AP").optional();

// Great Britain and Northern Ireland lie within these.
const latitude = () =>
  z
    .number({ error: "Latitude must be a number" })
    .min(49, "Latitude must be between 49 and 61 (the UK)")
    .max(61, "Latitude must be between 49 and 61 (the UK)")
    .optional();

const longitude = () =>
  z
    .number({ error: "Longitude must be a number" })
    .min(-9, "Longitude must be between -9 and 2 (the UK)")
    .max(2, "Longitude must be between -9 and 2 (the UK)")
    .optional();

export const listingEditSchema = z.object({
  title: line("Title is required", 100, "Title must be less than 100 characters"),
  category: z.enum(listingCategoryCodes, { error: "Please choose a category" }),
  town: line("Town is required", 100, "Town must be less than 100 characters"),
  postcode: ukPostcode(),
  latitude: latitude(),
  longitude: longitude(),
  askingPrice: pounds("Asking price"),
  monthlyLease: pounds("Monthly lease").optional(),
  annualRevenue: pounds("Turnover").optional(),
  description: text("Description is required", 5000, "Description must be less than 5000 characters"),
  // One feature per line.
  features: z
    .string()
    .optional()
    .transform((v) =>
      cleanText(v ?? "")
        .split("\n")
        .map((f) => f.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(100, "Each feature must be less than 100 characters"))
        .max(MAX_FEATURES, `A listing can have up to ${MAX_FEATURES} features`),
    ),
  keepImages: z.array(z.string()).default([]),
  sellerPhotos: z.array(z.string()).default([]),
  newPhotos: photos().transform((files) => files ?? []),
  ...listingFactsShape,
});
export type ListingEdit = z.output<typeof listingEditSchema>;

export const rejectSchema = z.object({
  reason: text("Please say why, for the seller", 1000, "The reason must be less than 1000 characters"),
});

export const noteSchema = z.object({
  body: text("The note is empty", 2000, "A note must be less than 2000 characters"),
});

export const enquiryStatusSchema = z.object({
  status: z.enum(["new", "in_progress", "closed"], { error: "Please choose a status" }),
});

export const banSchema = z.object({
  reason: text("Please say why", 500, "The reason must be less than 500 characters"),
});

const day = (message: string) => z.string({ error: message }).regex(/^\d{4}-\d{2}-\d{2}$/, message);

export const subscriptionSchema = z
  .object({
    email: email("Email must be less than 255 characters"),
    packageSlug: z.string({ error: "Please choose a package" }),
    price: pounds("Price").optional(),
    startDate: day("Please give the start date"),
    endDate: day("Please give the end date as a date").optional(),
  })
  .refine((v) => !v.endDate || v.endDate > v.startDate, {
    path: ["endDate"],
    message: "The end date must be after the start date",
  });

const optionalLine = (max: number, tooLong: string) =>
  z.string().overwrite(cleanLine).trim().max(max, tooLong).optional();

/** What a business's owner may change at once (decision 0036), as staff can; the image is checked by its content on the server. */
/** What diners need to go (issue #47): published at once, by its owner or staff. */
const visitShape = {
  menuUrl: z
    .url({ protocol: /^https?$/, error: "Please enter the menu's web address starting with https:// or http://" })
    .max(300, "The menu's address must be less than 300 characters")
    .optional(),
  priceBand: z.enum(["1", "2", "3", "4"], { error: "Please choose a price band" }).optional(),
  // Ticked: offered. None ticked: not stated.
  dineIn: z.boolean().default(false),
  takeaway: z.boolean().default(false),
  delivery: z.boolean().default(false),
  prayerSpace: z.enum(["yes", "no"], { error: "Please choose" }).optional(),
};

export const ownerEditableShape = {
  description: text("Description is required", 2000, "Description must be less than 2000 characters"),
  phone: optionalPhone(),
  // Only web addresses: a javascript: or data: link can never reach a page.
  website: z
    .url({ protocol: /^https?$/, error: "Please enter a web address starting with https:// or http://" })
    .max(300, "Web address must be less than 300 characters")
    .optional(),
  image: z
    .file({ error: "The image must be a file" })
    .mime(PHOTO_TYPES, "The image must be a JPEG, PNG or WebP")
    .max(MAX_PHOTO_BYTES, "The image must be 5 MB or smaller")
    .optional(),
  removeImage: z.boolean().default(false),
  ...hoursShape,
  ...visitShape,
};

/** The halal facts an owner may propose (held for staff) and staff set. */
export const halalStatementShape = {
  halalStatus: z.enum(["fully_halal", "halal_options"], { error: "Please choose" }).optional(),
  alcoholServed: z.enum(["yes", "no"], { error: "Please choose" }).optional(),
  halalMeatSupplier: z
    .string()
    .overwrite(cleanLine)
    .trim()
    .max(100, "Meat supplier must be less than 100 characters")
    .optional(),
  ...certifiedShape,
};

/** What names a business and where it is: the first step of adding one (decision 0095), and staff's form. */
export const businessIdentityShape = {
  name: line("Name is required", 100, "Name must be less than 100 characters"),
  category: z.enum(["food", "other"], { error: "Please choose a category" }),
};

/** A business's address as a member adding it gives it: all of it, with a full postcode. */
export const businessAddressShape = {
  address: line("Address is required", 200, "Address must be less than 200 characters"),
  town: line("Town is required", 100, "Town must be less than 100 characters"),
  postcode: requiredUkPostcode("Postcode is required"),
};

/** A directory business as staff edit it. */
export const businessSchema = z
  .object({
    ...businessIdentityShape,
    town: line("Town is required", 100, "Town must be less than 100 characters"),
    address: optionalLine(200, "Address must be less than 200 characters"),
    postcode: ukPostcode(),
    latitude: latitude(),
    longitude: longitude(),
    featured: z.boolean().default(false),
    published: z.boolean().default(false),
    // The member who may buy promotion for it (decision 0026); blank: none.
    ownerEmail: email("E-mail must be less than 255 characters").optional(),
    ...ownerEditableShape,
    ...evidenceShape,
    ...halalStatementShape,
  })
  .superRefine(checkEvidence);
export type BusinessEdit = z.output<typeof businessSchema>;

/** Linking a business to its FSA establishment (decision 0029). */
export const hygieneLinkSchema = z.object({
  fhrsid: z
    .string({ error: "Please enter the FHRSID" })
    .trim()
    .regex(
      /^[1-9]\d{0,8}$/,
      "The FHRSID is a whole number (up to 9 digits), as at the end of the business's page address on the FSA's site",
    ),
});

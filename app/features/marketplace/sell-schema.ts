// 'Sell your business' and the key facts of a listing (decision 0023), one
// Zod schema used by the browser (Conform) and the server alike. The spec's
// fields and messages are unchanged; every key fact is optional, and a fact
// that is refused says why under its field.
import { z } from "~/lib/zod";
import { listingCategoryCodes } from "~/lib/categories";
import { email, line, phone, photos, pounds, text } from "~/lib/forms/fields";
import { cleanLine } from "~/lib/text";
import { halalStatuses, inTermOrder, leaseTypes, tenures } from "./listing-facts";

/** A whole number in a range, as people type it ("12", " 12 "); empty is left out. */
const wholeNumber = (label: string, min: number, max: number, outOfRange?: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${label} must be a whole number`, abort: true })
    .transform(Number)
    .refine((n) => n >= min && n <= max, outOfRange ?? `${label} must be between ${min} and ${max}`)
    .optional();

const optionalLine = (max: number, tooLong: string) =>
  z.string().overwrite(cleanLine).trim().max(max, tooLong).optional();

/** Yes, no, or not said. */
const yesNo = () =>
  z
    .enum(["yes", "no"], { error: "Please choose yes or no" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "yes"));

// The oldest business a seller might describe; anything earlier is a typo.
const FIRST_YEAR = 1800;

/** The key facts: every one optional, money in pounds as typed, stored as pence. */
export const listingFactsShape = {
  tenure: z.enum(tenures, { error: "Please choose a tenure" }).optional(),
  annualRent: pounds("Annual rent").optional(),
  leaseYearsRemaining: wholeNumber("Lease years remaining", 0, 999),
  leaseType: z.enum(leaseTypes, { error: "Please choose a lease type" }).optional(),
  netProfit: pounds("Net profit").optional(),
  staffFullTime: wholeNumber("Full-time staff", 0, 10_000),
  staffPartTime: wholeNumber("Part-time staff", 0, 10_000),
  stockValue: pounds("Stock at valuation").optional(),
  rateableValue: pounds("Rateable value").optional(),
  // The current year is read when the form is checked, in the browser and on the server alike.
  yearEstablished: z
    .string()
    .trim()
    .regex(/^\d{4}$/, {
      error: "Year established must be a year, like 2012",
      abort: true,
    })
    .transform(Number)
    .refine((year) => year >= FIRST_YEAR, `Year established must be ${FIRST_YEAR} or later`)
    .refine((year) => year <= new Date().getFullYear(), "Year established cannot be in the future")
    .optional(),
  reasonForSale: optionalLine(300, "Reason for sale must be less than 300 characters"),
  tradingHours: optionalLine(200, "Trading hours must be less than 200 characters"),
  accommodationIncluded: yesNo(),
  accommodationDescription: optionalLine(200, "Accommodation must be described in less than 200 characters"),
  relocatable: yesNo(),
  halalCertifier: optionalLine(100, "Certifier must be less than 100 characters"),
  halalStatus: z.enum(halalStatuses, { error: "Please choose" }).optional(),
  alcoholLicence: yesNo(),
  // Boxes to tick (decision 0085): unknown terms are dropped, as a form can only send the known ones.
  paymentTerms: z
    .array(z.string())
    .optional()
    .transform((terms = []) => inTermOrder(terms)),
};

export type ListingFactsInput = z.output<z.ZodObject<typeof listingFactsShape>>;

/** A listing's own fields: every spec field required, prices numeric, photos and key facts optional. */
export const listingFieldsSchema = z.object({
  businessName: line("Business name is required", 100, "Business name must be less than 100 characters"),
  category: z.enum(listingCategoryCodes, { error: "Please choose a category" }),
  location: line("Location is required", 100, "Location must be less than 100 characters"),
  askingPrice: pounds("Asking price"),
  // The spec's annualRevenue, called Turnover wherever people read it (issue #50).
  annualRevenue: pounds("Turnover"),
  description: text("Description is required", 5000, "Description must be less than 5000 characters"),
  contactName: line("Contact name is required", 100, "Contact name must be less than 100 characters"),
  contactEmail: email("Email must be less than 255 characters"),
  contactPhone: phone("Contact phone is required", "Contact phone must be less than 20 characters"),
  photos: photos(),
  ...listingFactsShape,
});

/** The facts as columns of business_listing: pounds already pence, "not said" as null. */
export function factColumns(facts: ListingFactsInput) {
  return {
    tenure: facts.tenure ?? null,
    annualRentPence: facts.annualRent ?? null,
    leaseYearsRemaining: facts.leaseYearsRemaining ?? null,
    leaseType: facts.leaseType ?? null,
    netProfitPence: facts.netProfit ?? null,
    staffFullTime: facts.staffFullTime ?? null,
    staffPartTime: facts.staffPartTime ?? null,
    stockValuePence: facts.stockValue ?? null,
    rateableValuePence: facts.rateableValue ?? null,
    yearEstablished: facts.yearEstablished ?? null,
    reasonForSale: facts.reasonForSale || null,
    tradingHours: facts.tradingHours || null,
    accommodationIncluded: facts.accommodationIncluded ?? null,
    accommodationDescription: facts.accommodationDescription || null,
    relocatable: facts.relocatable ?? null,
    halalCertifier: facts.halalCertifier || null,
    halalStatus: facts.halalStatus ?? null,
    alcoholLicence: facts.alcoholLicence ?? null,
    paymentTerms: facts.paymentTerms,
  };
}

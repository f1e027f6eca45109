// A listing's stored key facts as the form's fields hold them (pence as
// pounds, yes/no as words), for every form that edits a listing.
import type { ListingFacts } from "./listing-facts";

export const poundsField = (pence: number | null) =>
  pence === null ? undefined : (pence / 100).toFixed(pence % 100 ? 2 : 0);
const yesNoField = (value: boolean | null) => (value === null ? undefined : value ? "yes" : "no");

export function factDefaults(listing: Omit<ListingFacts, "askingPricePence" | "annualRevenuePence">) {
  return {
    tenure: listing.tenure ?? undefined,
    annualRent: poundsField(listing.annualRentPence),
    leaseYearsRemaining: listing.leaseYearsRemaining?.toString(),
    leaseType: listing.leaseType ?? undefined,
    netProfit: poundsField(listing.netProfitPence),
    staffFullTime: listing.staffFullTime?.toString(),
    staffPartTime: listing.staffPartTime?.toString(),
    stockValue: poundsField(listing.stockValuePence),
    rateableValue: poundsField(listing.rateableValuePence),
    yearEstablished: listing.yearEstablished?.toString(),
    reasonForSale: listing.reasonForSale ?? undefined,
    tradingHours: listing.tradingHours ?? undefined,
    accommodationIncluded: yesNoField(listing.accommodationIncluded),
    accommodationDescription: listing.accommodationDescription ?? undefined,
    relocatable: yesNoField(listing.relocatable),
    halalCertifier: listing.halalCertifier ?? undefined,
    halalStatus: listing.halalStatus ?? undefined,
    alcoholLicence: yesNoField(listing.alcoholLicence),
    paymentTerms: listing.paymentTerms,
  };
}

import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { SelectField, TextField } from "~/components/ui/field";
import type { listingFactsShape } from "../sell-schema";
import { halalStatusLabels, leaseTypeLabels, paymentTermLabels, paymentTerms, tenureLabels } from "../listing-facts";

type FactFields = Record<keyof typeof listingFactsShape, FieldMetadata<unknown>>;

function Choices({ labels }: { labels: Record<string, string> }) {
  return (
    <>
      <option value="">Not said</option>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

const yesNo = { yes: "Yes", no: "No" };

/**
 * The optional UK key facts of a listing (decision 0023), as the seller on
 * /sell and staff in the back office fill them in: same names, same checks.
 */
export function KeyFactsFields({ fields, intro }: { fields: FactFields; intro: string }) {
  return (
    <fieldset className="grid gap-5 border-t border-slate-200 pt-5 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-lg font-semibold">Key facts (optional)</legend>
      <p className="text-sm text-slate-700 sm:col-span-2">{intro}</p>
      <SelectField meta={fields.tenure} label="Tenure">
        <Choices labels={tenureLabels} />
      </SelectField>
      <TextField meta={fields.annualRent} label="Annual rent (£)" inputMode="decimal" />
      <TextField meta={fields.leaseYearsRemaining} label="Lease years remaining" inputMode="numeric" />
      <SelectField meta={fields.leaseType} label="Lease type">
        <Choices labels={leaseTypeLabels} />
      </SelectField>
      <TextField meta={fields.netProfit} label="Net profit per year (£)" inputMode="decimal" />
      <TextField
        meta={fields.stockValue}
        label="Stock at valuation (£)"
        hint="On top of the asking price."
        inputMode="decimal"
      />
      <fieldset className="grid grid-cols-2 gap-3">
        <legend className="mb-1.5 text-sm font-medium">Staff</legend>
        <TextField meta={fields.staffFullTime} label="Full-time" inputMode="numeric" />
        <TextField meta={fields.staffPartTime} label="Part-time" inputMode="numeric" />
      </fieldset>
      <TextField meta={fields.rateableValue} label="Rateable value (£)" inputMode="decimal" />
      <TextField meta={fields.yearEstablished} label="Year established" inputMode="numeric" placeholder="e.g. 2012" />
      <TextField meta={fields.tradingHours} label="Trading hours" placeholder="e.g. Mon-Sat 11am-11pm" />
      <SelectField meta={fields.accommodationIncluded} label="Accommodation included">
        <Choices labels={yesNo} />
      </SelectField>
      <TextField
        meta={fields.accommodationDescription}
        label="Accommodation"
        placeholder="e.g. Two-bedroom flat above"
      />
      <SelectField meta={fields.relocatable} label="Relocatable">
        <Choices labels={yesNo} />
      </SelectField>
      <TextField meta={fields.reasonForSale} label="Reason for sale" />
      <SelectField meta={fields.halalStatus} label="Halal">
        <Choices labels={halalStatusLabels} />
      </SelectField>
      <TextField meta={fields.halalCertifier} label="Halal certifier" />
      <SelectField meta={fields.alcoholLicence} label="Alcohol licence">
        <Choices labels={yesNo} />
      </SelectField>
      <fieldset className="grid gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium">Payment terms you accept</legend>
        <p className="text-sm text-slate-700">None of them with interest. Leave them all unticked not to say.</p>
        <div className="grid gap-2 sm:grid-cols-2">
          {getCollectionProps(fields.paymentTerms, { type: "checkbox", options: [...paymentTerms] }).map(
            ({ key, ...term }) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...term} className="size-4 accent-brand-700" />
                {paymentTermLabels[term.value as keyof typeof paymentTermLabels]}
              </label>
            ),
          )}
        </div>
      </fieldset>
    </fieldset>
  );
}

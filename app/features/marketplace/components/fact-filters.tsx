import { ChevronDown } from "lucide-react";
import { Input, Label, Select } from "~/components/ui/form-controls";
import { paymentTermLabels, tenureLabels } from "../listing-facts";
import { factFilterParams, type FactFilter } from "../listing-query";
import type { ListingQuery } from "../listing-query.server";

/** Whether any key-facts filter is set or was refused: the panel then starts open. */
export function usesFactFilters(query: ListingQuery): boolean {
  return Boolean(
    query.typed ||
    query.filterErrors ||
    query.tenure ||
    query.accommodation ||
    query.relocatable ||
    query.hideUnderOffer ||
    query.newThisWeek ||
    query.priceReduced ||
    query.figuresChecked ||
    query.accepts,
  );
}

function FigureField({
  name,
  label,
  query,
  placeholder,
}: {
  name: FactFilter;
  label: string;
  query: ListingQuery;
  placeholder?: string;
}) {
  const id = `buy-${factFilterParams[name]}`;
  const error = query.filterErrors?.[name];
  const value = query.typed?.[name] ?? "";
  return (
    <div className="grid content-start gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={factFilterParams[name]}
        defaultValue={value}
        key={value}
        inputMode="decimal"
        placeholder={placeholder}
        maxLength={30}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="aria-invalid:border-red-700"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function YesBox({
  name,
  label,
  checked,
  value = "yes",
}: {
  name: FactFilter;
  label: string;
  checked: boolean;
  value?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        name={factFilterParams[name]}
        value={value}
        defaultChecked={checked}
        key={String(checked)}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

/**
 * The key-facts filters of /buy (decision 0023), in a disclosure inside the
 * filter form: plain GET fields, so they work without JavaScript and live in
 * the query string. They apply with the form's one button (decision 0071),
 * not on every change.
 */
export function FactFilters({ query }: { query: ListingQuery }) {
  return (
    <details open={usesFactFilters(query)} className="group/facts min-w-0 lg:flex-1">
      <summary className="inline-flex cursor-pointer items-center gap-1 rounded-sm text-sm font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700">
        More filters: price, turnover, profit, lease, payment terms
        <ChevronDown aria-hidden className="size-4 transition-transform group-open/facts:rotate-180" />
      </summary>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Asking price (£)</legend>
          <FigureField name="minPrice" label="From" query={query} placeholder="e.g. 20000" />
          <FigureField name="maxPrice" label="To" query={query} placeholder="e.g. 150000" />
        </fieldset>
        <FigureField name="minTurnover" label="Turnover at least (£ a year)" query={query} />
        <FigureField name="minProfit" label="Net profit at least (£ a year)" query={query} />
        <div className="grid content-start gap-1">
          <Label htmlFor="buy-tenure">Tenure</Label>
          <Select id="buy-tenure" name={factFilterParams.tenure} defaultValue={query.tenure ?? ""} key={query.tenure}>
            <option value="">Any tenure</option>
            {Object.entries(tenureLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <FigureField name="minLeaseYears" label="Lease years remaining at least" query={query} />
        <fieldset className="grid content-start gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Only show</legend>
          <YesBox name="accommodation" label="With accommodation" checked={Boolean(query.accommodation)} />
          <YesBox name="relocatable" label="Relocatable" checked={Boolean(query.relocatable)} />
          <YesBox
            name="hideUnderOffer"
            value="hide"
            label="Hide businesses under offer"
            checked={Boolean(query.hideUnderOffer)}
          />
          <YesBox name="newThisWeek" value="week" label="New this week" checked={Boolean(query.newThisWeek)} />
          <YesBox name="priceReduced" label="Price reduced" checked={Boolean(query.priceReduced)} />
          <YesBox name="figuresChecked" label="Figures checked by HBS" checked={Boolean(query.figuresChecked)} />
        </fieldset>
        <fieldset className="grid content-start gap-2 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Accepts</legend>
          <p className="text-sm text-slate-700">Sellers who accept any of the terms ticked. None with interest.</p>
          {Object.entries(paymentTermLabels).map(([term, label]) => (
            <YesBox
              key={term}
              name="accepts"
              value={term}
              label={label}
              checked={Boolean(query.accepts?.includes(term as keyof typeof paymentTermLabels))}
            />
          ))}
        </fieldset>
      </div>
    </details>
  );
}

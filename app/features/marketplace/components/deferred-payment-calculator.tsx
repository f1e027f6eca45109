import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import { formatPence } from "~/lib/money";
import { MAX_MONTHS, type Calculation, type CalculatorField } from "../deferred-payment";

// Longer schedules start folded, so that the page does not become a table.
const OPEN_UP_TO_MONTHS = 12;

function AmountField({
  name,
  label,
  hint,
  calculation,
}: {
  name: CalculatorField;
  label: string;
  hint?: string;
  calculation: Calculation;
}) {
  const id = `calc-${name}`;
  const error = calculation.errors[name];
  const value = calculation.typed[name];
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="grid content-start gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        inputMode={name === "months" ? "numeric" : "decimal"}
        maxLength={30}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className="aria-invalid:border-red-700"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The buyer's calculator (decision 0085): a plain GET form worked out by the
 * page's loader, so it works the same with JavaScript or without. Rendered
 * to HTML on the server only (payment-calculator.server.tsx): the listing's
 * page is at its first-load JavaScript budget (decision 0018).
 */
export function DeferredPaymentCalculator({ slug, calculation }: { slug: string; calculation: Calculation }) {
  const schedule = calculation.schedule;
  return (
    <section
      id="payment-calculator"
      aria-labelledby="payment-calculator-title"
      className="mt-8 scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="payment-calculator-title" className="text-xl font-semibold">
        Deferred payment calculator
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An illustration, not financial advice. No interest is charged: the profit is fixed when you agree the price.
      </p>
      <form method="get" action={`/buy/${slug}#payment-calculator`} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="calc" value="1" />
        <AmountField name="price" label="Price (£)" calculation={calculation} />
        <AmountField
          name="deposit"
          label="Deposit (£)"
          hint="Paid at the start. Empty: none."
          calculation={calculation}
        />
        <AmountField
          name="profit"
          label="Agreed fixed profit (£)"
          hint="A fixed amount agreed at the start, not interest. Empty: none."
          calculation={calculation}
        />
        <AmountField
          name="months"
          label="Number of months"
          hint={`From 1 to ${MAX_MONTHS}.`}
          calculation={calculation}
        />
        <div className="sm:col-span-2">
          <Button type="submit">Work out the instalments</Button>
        </div>
      </form>
      {schedule ? (
        <div role="status" className="mt-6">
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-700">Amount financed (price less deposit)</dt>
              <dd className="font-semibold">{formatPence(schedule.financedPence)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-700">Total price (price and fixed profit)</dt>
              <dd className="font-semibold">{formatPence(schedule.totalPence)}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-sm text-slate-700">Monthly instalment</dt>
              <dd className="text-2xl font-bold text-brand-800">
                {formatPence(schedule.instalmentPence)}
                {schedule.lastInstalmentPence !== schedule.instalmentPence ? (
                  <span className="block text-sm font-normal text-slate-700">
                    for {schedule.months.length - 1} {schedule.months.length === 2 ? "month" : "months"}, then{" "}
                    {formatPence(schedule.lastInstalmentPence)} in the last month
                  </span>
                ) : (
                  <span className="block text-sm font-normal text-slate-700">
                    for {schedule.months.length} {schedule.months.length === 1 ? "month" : "months"}
                  </span>
                )}
              </dd>
            </div>
          </dl>
          <details open={schedule.months.length <= OPEN_UP_TO_MONTHS} className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold text-brand-800">
              Month by month ({schedule.months.length} instalments)
            </summary>
            <table className="mt-2 w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-1 pr-4">
                    Month
                  </th>
                  <th scope="col" className="py-1 pr-4">
                    Instalment
                  </th>
                  <th scope="col" className="py-1">
                    Left to pay
                  </th>
                </tr>
              </thead>
              <tbody>
                {schedule.months.map((row) => (
                  <tr key={row.month} className="border-b border-slate-200 last:border-0">
                    <td className="py-1 pr-4">{row.month}</td>
                    <td className="py-1 pr-4">{formatPence(row.instalmentPence)}</td>
                    <td className="py-1">{formatPence(row.leftToPayPence)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </div>
      ) : null}
    </section>
  );
}

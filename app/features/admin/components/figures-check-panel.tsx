import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { EvidenceList, type EvidenceFile } from "~/features/selling/components/evidence-list";
import { checkedWhat, figuresCheckSchema } from "~/features/selling/evidence";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

interface Check {
  id: number;
  checkedAt: Date;
  yearEnded: string;
  turnoverChecked: boolean;
  netProfitChecked: boolean;
  annualRevenuePence: number | null;
  netProfitPence: number | null;
  note: string;
}

const pence = (value: number | null) => (value === null ? "not given" : formatPence(value));

/**
 * Staff's side of "Figures checked by HBS" (decision 0087): the seller's
 * evidence, the listing's figures to compare it with, the checks made, and the
 * form that records one. A check stands while the listing keeps the figures checked.
 */
export function FiguresCheckPanel({
  listingId,
  figures,
  checkedAt,
  files,
  checks,
  actionData,
}: {
  listingId: number;
  figures: { annualRevenuePence: number | null; netProfitPence: number | null };
  checkedAt: Date | null;
  files: EvidenceFile[];
  checks: Check[];
  actionData: IntentActionData | undefined;
}) {
  const check = useIntentForm("figures-check", figuresCheckSchema, actionData);
  return (
    <section
      aria-labelledby="figures-check-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="figures-check-heading" className="text-lg font-semibold">
        Figures checked by HBS
      </h2>
      <p className="text-sm text-slate-800">
        {checkedAt ? (
          <strong className="text-emerald-900">Shown as checked on {formatLondonDate(checkedAt)}.</strong>
        ) : (
          <strong>Not shown as checked.</strong>
        )}{" "}
        The listing says: turnover {pence(figures.annualRevenuePence)}, net profit {pence(figures.netProfitPence)}.
      </p>
      <h3 className="font-semibold">Seller&rsquo;s evidence</h3>
      <EvidenceList files={files} base={`/admin/listings/${listingId}/evidence`} />
      {files.length ? (
        <Form {...check.formProps} className="grid gap-3 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="figures-check" />
          <TextField meta={check.fields.yearEnded} label="Financial year ended" type="date" required />
          <fieldset className="grid gap-1 text-sm">
            <legend className="font-medium">Figures that match the evidence</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="turnover" value="yes" className="size-4 accent-brand-700" />
              Turnover ({pence(figures.annualRevenuePence)})
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" name="netProfit" value="yes" className="size-4 accent-brand-700" />
              Net profit ({pence(figures.netProfitPence)})
            </label>
            {check.fields.turnover.errors?.[0] ? (
              <p className="font-medium text-red-700">{check.fields.turnover.errors[0]}</p>
            ) : null}
          </fieldset>
          <TextareaField meta={check.fields.note} label="What you compared, for the record" rows={3} required />
          <FormErrors form={check.form} />
          <div>
            <Button type="submit" disabled={check.submitting}>
              Record the check
            </Button>
          </div>
        </Form>
      ) : null}
      {checks.length ? (
        <>
          <h3 className="font-semibold">Checks made</h3>
          <ul className="grid gap-2 text-sm">
            {checks.map((made) => (
              <li key={made.id} className="rounded-md bg-slate-50 p-3">
                <p className="font-medium">
                  {formatLondonDate(made.checkedAt)}: {checkedWhat(made)}
                </p>
                <p className="text-slate-700">
                  Turnover {pence(made.annualRevenuePence)}, net profit {pence(made.netProfitPence)}. {made.note}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

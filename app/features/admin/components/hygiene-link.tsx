// The business edit page's "Food hygiene rating" section (decision 0029):
// staff link the business to its FSA establishment by FHRSID, typed or picked
// from the imported establishments alike in name or postcode. Plain forms:
// they work without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { hygieneLinkSchema } from "~/features/admin/schemas";
import { hygieneRatingText } from "~/features/directory/food-hygiene";
import { formatCalendarDay } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

export interface Establishment {
  fhrsid: number;
  businessName: string;
  address: string | null;
  postcode: string | null;
  localAuthorityName: string | null;
  schemeType: string;
  ratingValue: string;
  ratingDate: string | null;
}

function describe(e: Establishment) {
  const rated = e.ratingDate ? `, ${formatCalendarDay(e.ratingDate)}` : "";
  return `${[e.address, e.postcode].filter(Boolean).join(", ") || "No address"} · ${e.localAuthorityName ?? "Unknown authority"} · ${hygieneRatingText(e)}${rated}`;
}

export function HygieneLink({
  linked,
  suggestions,
  actionData,
}: {
  linked: Establishment | null;
  suggestions: Establishment[];
  actionData: IntentActionData | undefined;
}) {
  const { form, fields, formProps, submitting } = useIntentForm("hygiene-link", hygieneLinkSchema, actionData);
  const others = suggestions.filter((s) => s.fhrsid !== linked?.fhrsid);
  return (
    <section
      aria-labelledby="hygiene-link-title"
      className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="hygiene-link-title" className="text-lg font-semibold">
        Food hygiene rating
      </h2>
      {linked ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <p>
            Linked to <strong>{linked.businessName}</strong> (FHRSID {linked.fhrsid}): {describe(linked)}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="hygiene-unlink" />
            <Button type="submit" variant="outline" size="sm">
              Unlink
            </Button>
          </Form>
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          Not linked: the business shows no food hygiene rating. Link it to its establishment in the FSA&apos;s data.
        </p>
      )}
      <Form {...formProps} className="flex flex-wrap items-start gap-3">
        <input type="hidden" name="intent" value="hygiene-link" />
        <TextField
          meta={fields.fhrsid}
          label="FHRSID"
          inputMode="numeric"
          hint="The number at the end of the business's page address on ratings.food.gov.uk"
          className="max-w-xs"
        />
        <Button type="submit" disabled={submitting} className="mt-6">
          {submitting ? "Linking..." : "Link"}
        </Button>
        <FormErrors form={form} />
      </Form>
      {others.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Suggestions from the imported FSA data, by name and postcode</h3>
          <ul className="grid gap-2">
            {others.map((s) => (
              <li
                key={s.fhrsid}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 p-3 text-sm"
              >
                <span>
                  <strong>{s.businessName}</strong> (FHRSID {s.fhrsid}) · {describe(s)}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="hygiene-link" />
                  <input type="hidden" name="fhrsid" value={s.fhrsid} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`Link this one: ${s.businessName}, FHRSID ${s.fhrsid}`}
                  >
                    Link this one
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/form-controls";
import type { IntentActionData } from "~/lib/use-intent-form";
import { confidentialFigureKeys, confidentialFigures, firstShownFigures } from "../confidential";

/**
 * Confidential sale (decision 0033), for the seller's edit page and the back
 * office alike: a plain form with its own intent, so it works without
 * JavaScript; the server checks it and says what is wrong.
 */
export function ConfidentialForm({
  listing,
  suggestedTitle,
  actionData,
}: {
  listing: { confidential: boolean; confidentialTitle: string | null; confidentialFigures: string[] };
  suggestedTitle: string;
  actionData?: IntentActionData;
}) {
  const errors = actionData?.intent === "confidential" ? actionData.result.error : undefined;
  const titleError = errors?.confidentialTitle?.[0];
  const shown: string[] = listing.confidential ? listing.confidentialFigures : firstShownFigures;
  return (
    <Form method="post" noValidate className="grid gap-4" aria-labelledby="confidential-heading">
      <input type="hidden" name="intent" value="confidential" />
      <div>
        <h2 id="confidential-heading" className="text-lg font-semibold">
          Confidential sale
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Buyers see only a generic title, the postcode district and the figures you tick below — never the name,
          address, full postcode or photos — until they accept the listing&apos;s non-disclosure agreement. This takes
          effect at once.
        </p>
      </div>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          name="confidential"
          value="yes"
          defaultChecked={listing.confidential}
          className="size-4 accent-brand-700"
        />
        Keep this listing confidential
      </label>
      <div className="grid gap-1.5">
        <Label htmlFor="confidential-title">Generic title</Label>
        <Input
          id="confidential-title"
          name="confidentialTitle"
          maxLength={120}
          defaultValue={listing.confidentialTitle ?? suggestedTitle}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? "confidential-title-hint confidential-title-error" : "confidential-title-hint"}
        />
        <p id="confidential-title-hint" className="text-sm text-slate-600">
          What buyers see instead of the name, e.g. &ldquo;Confidential: established takeaway in South Wales&rdquo;.
        </p>
        {titleError ? (
          <p id="confidential-title-error" className="text-sm font-medium text-red-700">
            {titleError}
          </p>
        ) : null}
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Figures buyers may see</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {confidentialFigureKeys.map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="confidentialFigures"
                value={key}
                defaultChecked={shown.includes(key)}
                className="size-4 accent-brand-700"
              />
              {confidentialFigures[key].label}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" variant="outline">
          Save confidentiality
        </Button>
      </div>
    </Form>
  );
}

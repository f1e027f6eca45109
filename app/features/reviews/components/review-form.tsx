import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { MAX_REVIEW_LENGTH, MIN_REVIEW_LENGTH, REVIEW_POLICY_PATH, reviewSchema } from "../review-rules";

export interface ReviewDefaults {
  rating: number;
  body: string;
  visited: string | null;
}

/**
 * Writing or editing a review: the stars are a group of real radio buttons
 * (keyboard, screen readers and no JavaScript all work), the text a textarea.
 */
export function ReviewForm({
  businessName,
  defaults,
  maxMonth,
  actionData,
}: {
  businessName: string;
  defaults: ReviewDefaults | null;
  maxMonth: string;
  actionData?: IntentActionData;
}) {
  const { form, fields, submitting, formProps } = useIntentForm("save", reviewSchema, actionData, {
    rating: defaults ? String(defaults.rating) : undefined,
    body: defaults?.body,
    visited: defaults?.visited ?? undefined,
  });
  const ratingError = fields.rating.errors?.[0];
  const chosen = fields.rating.value ?? fields.rating.initialValue;
  return (
    <Form {...formProps} className="grid gap-5">
      <input type="hidden" name="intent" value="save" />
      {/* A radiogroup (not a fieldset, which may not) says it is required and when it is wrong. */}
      <div
        role="radiogroup"
        aria-labelledby={`${fields.rating.id}-legend`}
        aria-describedby={ratingError ? fields.rating.errorId : undefined}
        aria-required
        aria-invalid={ratingError ? true : undefined}
        className="grid gap-2"
      >
        <p id={`${fields.rating.id}-legend`} className="text-sm font-medium text-slate-800">
          Your rating of {businessName}{" "}
          <span aria-hidden className="text-red-700">
            *
          </span>
        </p>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={`${fields.rating.key}-${n}`}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-checked:border-brand-800 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={chosen === String(n)}
                className="size-4 accent-brand-700"
              />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={fields.rating.errorId} className="text-sm font-medium text-red-700">
            {ratingError}
          </p>
        ) : null}
      </div>
      <TextareaField
        meta={fields.body}
        label="Your review"
        hint={`What was your own experience? ${MIN_REVIEW_LENGTH} to ${MAX_REVIEW_LENGTH.toLocaleString("en-GB")} characters, text only, no links.`}
        rows={8}
        required
      />
      <TextField
        meta={fields.visited}
        type="month"
        label="Month of your visit (optional)"
        hint="For example 2026-03."
        max={maxMonth}
        className="max-w-xs"
      />
      <p className="text-sm text-slate-700">
        Write only about your own genuine experience. We do not publish reviews written in return for a discount, gift,
        payment or anything else. Read{" "}
        <Link to={REVIEW_POLICY_PATH} className="font-medium text-brand-800 underline">
          our review policy
        </Link>{" "}
        for what we check and publish.
      </p>
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending…" : defaults ? "Save changes" : "Publish review"}
        </Button>
      </div>
    </Form>
  );
}

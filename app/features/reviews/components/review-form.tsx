import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Star } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FileField, FormErrors, TextareaField } from "~/components/ui/field";
import { Label, Select } from "~/components/ui/form-controls";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import {
  FIRST_VISIT_YEAR,
  MAX_REVIEW_LENGTH,
  MAX_REVIEW_PHOTOS,
  MIN_REVIEW_LENGTH,
  REVIEW_POLICY_PATH,
  reviewSchema,
  visitFields,
} from "../review-rules";

export interface ReviewDefaults {
  rating: number;
  body: string;
  visited: string | null;
  photos: { id: number; url: string }[];
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

const monthValue = (index: number) => String(index + 1).padStart(2, "0");

/** One of the visit's two lists; the pair's message, under both, is named by `error`. */
function VisitList({
  meta,
  label,
  options,
  error,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  options: [value: string, text: string][];
  error: string | undefined;
}) {
  const { key, ...props } = getSelectProps(meta);
  return (
    <div className="grid gap-1">
      <Label htmlFor={meta.id} className="font-normal text-slate-700">
        {label}
      </Label>
      <Select
        key={key}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={error}
        className="aria-invalid:border-red-700"
      >
        <option value="">Not given</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * Writing or editing a review: the stars are real radio buttons in a group
 * (keyboard, screen readers and no JavaScript all work; CSS draws them as
 * stars), the text a textarea, the month of the visit two lists.
 */
export function ReviewForm({
  businessName,
  defaults,
  maxMonth,
  actionData,
}: {
  businessName: string;
  defaults: ReviewDefaults | null;
  /** This month on London's calendar, "2026-11": the newest year the lists offer. */
  maxMonth: string;
  actionData?: IntentActionData;
}) {
  const { form, fields, submitting, formProps } = useIntentForm("save", reviewSchema, actionData, {
    rating: defaults ? String(defaults.rating) : undefined,
    body: defaults?.body,
    visited: visitFields(defaults?.visited ?? null),
  });
  const ratingError = fields.rating.errors?.[0];
  const chosen = fields.rating.value ?? fields.rating.initialValue;
  const visit = fields.visited.getFieldset();
  const visitError = fields.visited.errors?.[0];
  // Every year the server takes, newest first; a month later this year is refused with its message.
  const newestYear = Number(maxMonth.slice(0, 4));
  const years = Array.from({ length: newestYear - FIRST_VISIT_YEAR + 1 }, (_, i) => String(newestYear - i));
  return (
    <Form {...formProps} encType="multipart/form-data" className="grid gap-5">
      <input type="hidden" name="intent" value="save" />
      {/* A fieldset with the radiogroup role, so that it may also say it is required and when it is wrong. */}
      <fieldset
        role="radiogroup"
        aria-labelledby={`${fields.rating.id}-legend`}
        aria-describedby={ratingError ? fields.rating.errorId : undefined}
        aria-required
        aria-invalid={ratingError ? true : undefined}
      >
        <legend id={`${fields.rating.id}-legend`} className="mb-1 text-sm font-medium text-slate-800">
          Your rating of {businessName}{" "}
          <span aria-hidden className="text-red-700">
            *
          </span>
        </legend>
        {/* The radio button covers its star, unseen: a tap or click lands on it; app.css fills the stars. */}
        <div className="star-rating flex w-fit">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={`${fields.rating.key}-${n}`}
              className="relative rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
            >
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={chosen === String(n)}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <Star aria-hidden className="size-9" strokeWidth={1.5} />
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={fields.rating.errorId} className="mt-1 text-sm font-medium text-red-700">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        meta={fields.body}
        label="Your review"
        hint={`What was your own experience? ${MIN_REVIEW_LENGTH} to ${MAX_REVIEW_LENGTH.toLocaleString("en-GB")} characters, text only, no links.`}
        rows={8}
        required
      />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Month of your visit (optional)</legend>
        <div className="grid max-w-sm grid-cols-2 gap-3">
          <VisitList
            meta={visit.month}
            label="Month"
            options={MONTHS.map((name, i) => [monthValue(i), name])}
            error={visitError ? fields.visited.errorId : undefined}
          />
          <VisitList
            meta={visit.year}
            label="Year"
            options={years.map((year) => [year, year])}
            error={visitError ? fields.visited.errorId : undefined}
          />
        </div>
        {visitError ? (
          <p id={fields.visited.errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {visitError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium text-slate-800">Photos (optional)</legend>
        {defaults?.photos.length ? (
          <ul className="flex flex-wrap gap-3">
            {defaults.photos.map((photo, i) => (
              <li key={photo.id} className="grid gap-1">
                <img
                  src={photo.url}
                  alt={`Your photo ${i + 1}`}
                  width={96}
                  height={96}
                  className="size-24 rounded-md object-cover"
                />
                <label className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name={fields.removePhoto.name}
                    value={photo.id}
                    className="size-4 accent-brand-700"
                  />
                  Remove
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <FileField
          meta={fields.photos}
          label={`Add photos: up to ${MAX_REVIEW_PHOTOS} in all, JPEG, PNG or WebP, 5 MB each`}
          accept="image/jpeg,image/png,image/webp"
          multiple
        />
        <p className="text-sm text-slate-700">
          Photos of the food, the place or the menu from your visit. Their location and camera details are removed.
        </p>
      </fieldset>
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

import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { CategoryOptions } from "./category-options";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/form-controls";
import { HoneypotField } from "~/components/forms/honeypot";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { MAX_PHOTOS, PHOTO_TYPES } from "~/lib/forms/form-rules";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";
import { cn } from "~/lib/utils";
import {
  confidentialFigureKeys,
  confidentialFigures,
  firstShownFigures,
  suggestedConfidentialTitle,
} from "../confidential";
import { LAST_STEP, SELL_STEPS, STEP_FIELD, SUBMIT_STEP, stepForAnswer, stepOfField } from "../sell-steps";
import { useUploadProgress } from "../upload-progress";
import { KeyFactsFields } from "./key-facts-fields";
import { SellPriceGuide } from "~/features/selling/components/price-guide";
import { typedPence, type PriceGuide } from "~/features/selling/price-guide";

export const SELL_FAILURE = "Failed to submit your listing. Please try again.";

/** How long the success panel stays before the empty form returns (spec section 9). */
export const SELL_SUCCESS_MS = 5000;

function SellSuccess({ again, signedIn }: { again?: boolean; signedIn: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-center gap-3 rounded-lg bg-brand-50 p-8 text-center outline-none"
    >
      <CheckCircle2 aria-hidden className="size-12 text-brand-700" />
      <p className="text-2xl font-semibold text-brand-900">Success!</p>
      <p className="max-w-prose text-slate-800">
        Your business listing has been submitted for review. A member of our team will be in contact with you soon.
      </p>
      {signedIn || again ? (
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          {/* A member's submission is theirs: My listings shows where it stands (decision 0030). */}
          {signedIn ? (
            <Link to="/my-listings" className={buttonVariants()}>
              Go to My listings
            </Link>
          ) : null}
          {again ? (
            <Link to="/sell" className={buttonVariants({ variant: "outline" })}>
              List another business
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** While photos go up (with JavaScript only): how far, as a bar and in words. */
function UploadProgress() {
  const progress = useUploadProgress();
  if (progress === undefined) return null;
  const percent = Math.round(progress * 100);
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <label htmlFor="sell-upload-progress" className="text-sm font-medium text-slate-800" aria-live="polite">
        Uploading photos… {percent}%
      </label>
      <progress id="sell-upload-progress" max={100} value={percent} className="h-2 w-full accent-brand-700" />
    </div>
  );
}

function PhotosField({ meta }: { meta: FieldMetadata<unknown> }) {
  // Errors about one photo are kept under "photos[n]"; show the first of any.
  const error = Object.values(meta.allErrors ?? {}).flat()[0];
  const { key, ...props } = getInputProps(meta, { type: "file" });
  return (
    <div className="grid content-start gap-1.5 sm:col-span-2">
      <Label htmlFor={meta.id}>Photos (optional)</Label>
      <Input
        key={key}
        {...props}
        multiple
        accept={PHOTO_TYPES.join(",")}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${meta.id}-hint${error ? ` ${meta.errorId}` : ""}`}
        className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-900 aria-invalid:border-red-700"
      />
      <p id={`${meta.id}-hint`} className="text-sm text-slate-600">
        Up to {MAX_PHOTOS} JPEG, PNG or WebP photos, 5 MB each at most. Only our team sees them until your listing is
        published.
      </p>
      {error ? (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Where the seller is: the three steps, the one on screen marked. */
function StepList({ step }: { step: number }) {
  return (
    <ol aria-label="Steps" className="mb-6 grid grid-cols-3 gap-2 text-sm">
      {SELL_STEPS.map(({ title }, index) => {
        const number = index + 1;
        return (
          <li
            key={title}
            aria-current={number === step ? "step" : undefined}
            className={cn(
              "border-t-4 pt-2 leading-snug",
              number <= step ? "border-brand-700 text-slate-900" : "border-slate-200 text-slate-600",
              number === step && "font-semibold",
            )}
          >
            <span className="block text-xs">Step {number}</span>
            {title}
          </li>
        );
      })}
    </ol>
  );
}

/** One step's fields, under its heading; the other steps' fields stay in the form, hidden, with their values. */
function Step({ number, shown, children }: { number: number; shown: number; children: ReactNode }) {
  const id = `sell-step-${number}`;
  return (
    <div
      role="group"
      hidden={number !== shown}
      aria-labelledby={id}
      className="grid gap-5 sm:col-span-2 sm:grid-cols-2"
    >
      <h3 id={id} tabIndex={-1} className="text-lg font-semibold outline-none sm:col-span-2">
        Step {number} of {LAST_STEP}: {SELL_STEPS[number - 1]!.title}
      </h3>
      {children}
    </div>
  );
}

/**
 * "Confidential until you decide" (decisions 0033, 0069), chosen with the
 * listing: the same choice as the seller's edit page. Without the box ticked
 * the title and the figures are not needed, so they fold away (where the
 * browser cannot, they stay shown and are ignored).
 */
function ConfidentialChoice({
  fields,
  signedIn,
}: {
  fields: Record<"confidential" | "confidentialTitle" | "confidentialFigures" | "category", FieldMetadata<unknown>>;
  signedIn: boolean;
}) {
  const { key, ...box } = getInputProps(fields.confidential, { type: "checkbox", value: "yes" });
  const category = typeof fields.category.value === "string" ? fields.category.value : "";
  const suggested = category ? suggestedConfidentialTitle({ category, postcode: null }) : null;
  return (
    <fieldset className="group grid gap-4 rounded-md border border-slate-200 p-4 sm:col-span-2">
      <legend className="px-1 font-semibold">Confidential sale</legend>
      <p className="text-sm text-slate-700">
        Buyers see only a generic title and the figures you tick — never the name, address or photos — until they accept
        the listing&apos;s non-disclosure agreement.{" "}
        {/* A member's listing is theirs to change (decision 0033); a visitor's, staff change on request. */}
        {signedIn ? "You can change this later in My listings." : "To change it later, ask our team."}
      </p>
      <label className="flex items-center gap-2 font-medium">
        <input key={key} {...box} className="size-4 accent-brand-700" />
        Keep my listing confidential
      </label>
      <div className="grid gap-4 group-has-[#sell-confidential:not(:checked)]:hidden">
        <TextField
          meta={fields.confidentialTitle}
          label="Generic title"
          hint={`What buyers see instead of the name.${suggested ? ` Left empty, it is “${suggested}”.` : ""}`}
          maxLength={120}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Figures buyers may see</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {getCollectionProps(fields.confidentialFigures, { type: "checkbox", options: confidentialFigureKeys }).map(
              ({ key: figureKey, ...figure }) => (
                <label key={figureKey} className="flex items-center gap-2 text-sm">
                  <input {...figure} className="size-4 accent-brand-700" />
                  {confidentialFigures[figure.value as keyof typeof confidentialFigures].label}
                </label>
              ),
            )}
          </div>
        </fieldset>
      </div>
    </fieldset>
  );
}

// As on the seller's edit page, the figures first shown should the seller choose confidentiality.
const FIRST_VALUES = { confidentialFigures: firstShownFigures };

/** The form's field a message is about: "photos[1]" is about the photo picker, "photos". */
const fieldOf = (name: string) => name.split(/[[.]/)[0]!;

/** A field of the form by its name, as Conform names its id. */
const fieldElement = (name: string) => document.getElementById(`sell-${name}`);

/**
 * 'Sell your business' (spec sections 2–5) in three steps (decision 0069):
 * the business; its figures and optional key facts; photos, contact and the
 * confidential choice. Every step's fields are in the one form, so the
 * values of the steps not on screen go with each post. Without JavaScript,
 * Continue and Back post to the server, which checks the steps before the
 * one asked for; with it, the same checks run here and the step changes in
 * place. Submit Listing checks every step again, here and on the server.
 * On success the 'Success!' panel replaces the form for 5 s, then the empty
 * form returns; without JavaScript the panel stays, with a link to list
 * another business.
 */
export function SellForm({
  actionData,
  signedIn,
  priceGuides,
}: {
  actionData?: EnquiryActionData;
  signedIn: boolean;
  /** The fair price guide of each category (decision 0086), shown with the figures. */
  priceGuides: Record<string, PriceGuide>;
}) {
  // A step chosen in the browser, until the server answers again.
  const [moved, setMoved] = useState<{ after: EnquiryActionData | undefined; step: number; focus: string | null }>();
  const { fetcher, formProps, form, fields, answer, checks, submitting } = useEnquiryForm({
    id: "sell",
    schema: "listingSubmission",
    actionData,
    toasts: { failure: { title: "Error", description: SELL_FAILURE } },
    validate: (loaded, formData) => loaded.validateSellForm(formData, step),
    defaultValue: FIRST_VALUES,
  });
  const step: number = moved && moved.after === answer ? moved.step : stepForAnswer(answer);
  const succeeded = fetcher.data?.outcome === "success";
  const reset = useEffectEvent(() => {
    setMoved(undefined);
    fetcher.reset();
  });
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(reset, SELL_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);
  // After a step changes here: the first field with a message, else the step's heading, as a new page would start.
  useEffect(() => {
    if (!moved) return;
    const target = (moved.focus && fieldElement(moved.focus)) || document.getElementById(`sell-step-${moved.step}`);
    target?.focus();
  }, [moved]);

  /** Continue, Back and Submit Listing with JavaScript: the server's checks, run here first. */
  const go = async (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const button = event.currentTarget;
    const formElement = button.form!;
    let loaded;
    try {
      loaded = await checks();
    } catch {
      // Without the checks, the server checks the step as it does without JavaScript.
      formElement.requestSubmit(button);
      return;
    }
    const target = button.value === SUBMIT_STEP ? LAST_STEP : Number(button.value);
    const result = loaded.validateSellForm(new FormData(formElement, button), step);
    const wrong = [...new Set(Object.keys(result.status === "error" ? (result.error ?? {}) : {}).map(fieldOf))].filter(
      (name) => name !== "",
    );
    if (wrong.length === 0) {
      if (button.value === SUBMIT_STEP) formElement.requestSubmit(button);
      else setMoved({ after: answer, step: target, focus: null });
      return;
    }
    // Each message shows under its field, on the first step that has one; later steps' fields stay unchecked.
    // A field is checked whole, so that choosing other photos checks them again at once, as typing does.
    const first = Math.min(...wrong.map((name) => stepOfField(name) ?? LAST_STEP));
    for (const name of wrong) form.validate({ name });
    const focus = wrong.find((name) => stepOfField(name) === first) ?? null;
    if (first !== step) setMoved({ after: answer, step: first, focus });
    else if (focus) fieldElement(focus)?.focus();
  };

  if (answer?.outcome === "success") return <SellSuccess again={!succeeded} signedIn={signedIn} />;
  const stepButton = { type: "submit", name: STEP_FIELD, onClick: go } as const;
  return (
    <fetcher.Form
      action="/sell"
      encType="multipart/form-data"
      {...formProps}
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <StepList step={step} />
      </div>
      <Step number={1} shown={step}>
        <TextField meta={fields.businessName} label="Business Name" autoComplete="organization" required />
        <SelectField meta={fields.category} label="Category" required>
          <option value="">Select a category</option>
          <CategoryOptions />
        </SelectField>
        <TextField meta={fields.location} label="Location" hint="Town or city, e.g. Newport" required />
        <div className="hidden sm:block" />
        <TextareaField
          meta={fields.description}
          label="Description"
          hint="What the business does, its premises, staff, lease and why you are selling."
          rows={6}
          required
          className="sm:col-span-2"
        />
      </Step>
      <Step number={2} shown={step}>
        <TextField
          meta={fields.askingPrice}
          label="Asking Price (£)"
          inputMode="decimal"
          placeholder="e.g. 45000"
          required
        />
        <TextField
          meta={fields.annualRevenue}
          label="Turnover (£)"
          hint="A year's sales."
          inputMode="decimal"
          placeholder="e.g. 120000"
          required
        />
        {/* For the category of step 1; with the figures as typed (without JavaScript, as last sent). */}
        <div className="sm:col-span-2">
          <SellPriceGuide
            guides={priceGuides}
            category={typeof fields.category.value === "string" ? fields.category.value : ""}
            own={{ profit: typedPence(fields.netProfit.value), turnover: typedPence(fields.annualRevenue.value) }}
          />
        </div>
        <KeyFactsFields
          fields={fields}
          intro="What buyers look for first. Leave out anything you would rather discuss in person; buyers see your figures as yours, not checked by HBS, until you send us evidence from My listings and we check them."
        />
      </Step>
      <Step number={3} shown={step}>
        <PhotosField meta={fields.photos} />
        <TextField meta={fields.contactName} label="Contact Name" autoComplete="name" required />
        <TextField
          meta={fields.contactEmail}
          label="Contact Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
        />
        <TextField
          meta={fields.contactPhone}
          label="Contact Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
        />
        <div className="hidden sm:block" />
        <ConfidentialChoice fields={fields} signedIn={signedIn} />
        <UploadProgress />
      </Step>
      <HoneypotField />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      {/* The way on first: Enter in a field presses the first button of the form. */}
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center">
        {step < LAST_STEP ? (
          <Button
            {...stepButton}
            value={step + 1}
            // A step is only checked: photos, were any chosen, are not sent with it.
            formEncType="application/x-www-form-urlencoded"
            size="lg"
            className="w-full sm:w-auto"
          >
            Continue
          </Button>
        ) : (
          <Button {...stepButton} value={SUBMIT_STEP} size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? "Submitting..." : "Submit Listing"}
          </Button>
        )}
        {step > 1 ? (
          <Button
            {...stepButton}
            value={step - 1}
            formEncType="application/x-www-form-urlencoded"
            variant="outline"
            size="lg"
            className="w-full sm:w-auto"
          >
            Back
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

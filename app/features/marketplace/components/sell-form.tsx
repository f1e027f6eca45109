import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { CategoryOptions } from "./category-options";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useEffectEvent, useRef } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/form-controls";
import { HoneypotField } from "~/features/enquiries/components/honeypot";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { MAX_PHOTOS, PHOTO_TYPES } from "~/features/enquiries/form-rules";
import { useEnquiryForm } from "~/features/enquiries/use-enquiry-form";
import { useUploadProgress } from "../upload-progress";
import { KeyFactsFields } from "./key-facts-fields";

export const SELL_FAILURE = "Failed to submit your listing. Please try again.";

/** How long the success panel stays before the empty form returns (spec section 9). */
export const SELL_SUCCESS_MS = 5000;

function SellSuccess({ again }: { again?: boolean }) {
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
      {again ? (
        <Link to="/sell" className={buttonVariants({ variant: "outline", className: "mt-2" })}>
          List another business
        </Link>
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

/**
 * 'Sell your business' (spec sections 2–5): every field of a listing
 * submission, optional photos, then the optional key facts. On success the 'Success!' panel replaces
 * the form for 5 s, then the empty form returns; without JavaScript the panel
 * stays, with a link to list another business.
 */
export function SellForm({ actionData }: { actionData?: EnquiryActionData }) {
  const { fetcher, formProps, form, fields, answer, submitting } = useEnquiryForm({
    id: "sell",
    schema: "listingSubmission",
    actionData,
    toasts: { failure: { title: "Error", description: SELL_FAILURE } },
  });
  const succeeded = fetcher.data?.outcome === "success";
  const reset = useEffectEvent(() => fetcher.reset());
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(reset, SELL_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  if (answer?.outcome === "success") return <SellSuccess again={!succeeded} />;
  return (
    <fetcher.Form
      action="/sell"
      encType="multipart/form-data"
      {...formProps}
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <TextField meta={fields.businessName} label="Business Name" autoComplete="organization" required />
      <SelectField meta={fields.category} label="Category" required>
        <option value="">Select a category</option>
        <CategoryOptions />
      </SelectField>
      <TextField meta={fields.location} label="Location" hint="Town or city, e.g. Newport" required />
      <div className="hidden sm:block" />
      <TextField
        meta={fields.askingPrice}
        label="Asking Price (£)"
        inputMode="decimal"
        placeholder="e.g. 45000"
        required
      />
      <TextField
        meta={fields.annualRevenue}
        label="Annual Revenue (£)"
        inputMode="decimal"
        placeholder="e.g. 120000"
        required
      />
      <TextareaField
        meta={fields.description}
        label="Description"
        hint="What the business does, its premises, staff, lease and why you are selling."
        rows={6}
        required
        className="sm:col-span-2"
      />
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
      <PhotosField meta={fields.photos} />
      <KeyFactsFields
        fields={fields}
        intro="What buyers look for first. Leave out anything you would rather discuss in person; buyers see your figures as yours, not checked by HBS."
      />
      <HoneypotField />
      <UploadProgress />
      <div className="sm:col-span-2">
        <FormErrors form={form} />
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
          {submitting ? "Submitting..." : "Submit Listing"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

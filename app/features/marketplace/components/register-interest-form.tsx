import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { HoneypotField } from "~/components/forms/honeypot";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";

/** What the form needs of a listing. */
export interface InterestListing {
  slug: string;
  title: string;
}

/** Where the form posts: the listing's own page, whose action stores it. */
export function registerInterestAction(slug: string) {
  return `/buy/${slug}`;
}

/** One fetcher per listing, shared by the form and the dialog around it. */
export const fetcherKey = (slug: string) => `listing-interest:${slug}`;

export const SHARED_WITH_SELLER_NOTE = "The seller of this business will also see these details, to contact you.";

export const LISTING_INTEREST_FAILURE = "Failed to submit your registration. Please try again.";
const SUCCESS_MESSAGE =
  "Your interest has been successfully sent. A member of the team will be in contact with you soon.";

function InterestSuccess() {
  // Focus moves here as the form goes, so keyboard and screen-reader users
  // are not left on nothing.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-center gap-3 rounded-lg bg-brand-50 p-6 text-center outline-none"
    >
      <CheckCircle2 aria-hidden className="size-10 text-brand-700" />
      <p className="text-lg font-semibold text-brand-900">Success!</p>
      <p className="text-slate-800">{SUCCESS_MESSAGE}</p>
    </div>
  );
}

export interface RegisterInterestFormProps {
  listing: InterestListing;
  /** What the action answered a form posted without JavaScript. */
  actionData?: EnquiryActionData;
  /** Drawn before the submit button, e.g. a Cancel button. */
  secondaryAction?: ReactNode;
  /** A signed-in member's own details (the root's `contact`): the fields start with them. */
  member?: { fullName: string; email: string; phone: string } | null;
}

/**
 * The register-interest form of a listing: Full Name, Email, Contact Number,
 * and the listing's title as `businessTitle` (the server uses the listing of
 * the URL, not this). It posts to the listing's page, so it also works
 * without JavaScript; with it, the spec's toasts and messages appear in place.
 * A signed-in member's fields start with the details of their profile, which
 * they may change; their page is then reloaded, so that it says they enquired.
 */
export function RegisterInterestForm({ listing, actionData, secondaryAction, member }: RegisterInterestFormProps) {
  const revalidator = useRevalidator();
  const { fetcher, formProps, form, fields, answer, submitting } = useEnquiryForm({
    id: fetcherKey(listing.slug),
    schema: "listingInterest",
    actionData,
    defaultValue: member ? { fullName: member.fullName, email: member.email, contactNumber: member.phone } : undefined,
    toasts: {
      success: { title: "Success!", description: SUCCESS_MESSAGE },
      failure: { title: "Error", description: LISTING_INTEREST_FAILURE },
    },
    onSuccess: member ? () => void revalidator.revalidate() : undefined,
  });
  if (answer?.outcome === "success") return <InterestSuccess />;
  return (
    <fetcher.Form action={registerInterestAction(listing.slug)} {...formProps} className="relative grid gap-4">
      <input type="hidden" name="businessTitle" value={listing.title} />
      <TextField meta={fields.fullName} label="Full Name" autoComplete="name" required />
      <TextField meta={fields.email} label="Email" type="email" inputMode="email" autoComplete="email" required />
      <TextField
        meta={fields.contactNumber}
        label="Contact Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
      />
      <HoneypotField />
      {/* UK GDPR transparency: said before the details are sent (decision 0030). */}
      <p className="text-sm text-slate-700">{SHARED_WITH_SELLER_NOTE}</p>
      <FormErrors form={form} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Register Interest"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

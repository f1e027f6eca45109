import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { HoneypotField } from "~/components/forms/honeypot";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";

export const PACKAGE_INTEREST_FAILURE = "Failed to submit your request. Please try again.";
export const PACKAGE_INTEREST_SUCCESS = {
  title: "Success!",
  description: "Your submission has been received. Someone will be in contact ASAP.",
};

/** Where the form posts: the package's own page, whose action stores it. */
export function packageInterestAction(slug: string) {
  return `/packages/${slug}`;
}

/** One fetcher per package, shared by the form and the dialog around it. */
export function packageInterestKey(slug: string) {
  return `package-interest:${slug}`;
}

export function packageInterestTitle(name: string) {
  return `Get Started with ${name}`;
}

/**
 * The 'Get Started with {plan}' form (spec section 5): full name, business
 * name and address, email and phone. The package is the one in the URL.
 */
export function PackageInterestForm({
  slug,
  actionData,
  secondaryAction,
  onSuccess,
}: {
  slug: string;
  /** What the action answered a form posted without JavaScript. */
  actionData?: EnquiryActionData;
  secondaryAction?: ReactNode;
  /** Called once the submission is stored (the dialog closes then). */
  onSuccess?: () => void;
}) {
  const { fetcher, formProps, form, fields, submitting } = useEnquiryForm({
    id: packageInterestKey(slug),
    schema: "packageInterest",
    actionData,
    toasts: {
      success: PACKAGE_INTEREST_SUCCESS,
      failure: { title: "Error", description: PACKAGE_INTEREST_FAILURE },
    },
    onSuccess,
  });
  return (
    <fetcher.Form action={packageInterestAction(slug)} {...formProps} className="relative grid gap-4">
      <TextField meta={fields.fullName} label="Full Name" autoComplete="name" required />
      <TextField meta={fields.businessName} label="Business Name" autoComplete="organization" required />
      <TextField meta={fields.businessAddress} label="Business Address" autoComplete="street-address" required />
      <TextField meta={fields.email} label="Email" type="email" inputMode="email" autoComplete="email" required />
      <TextField meta={fields.phone} label="Phone" type="tel" inputMode="tel" autoComplete="tel" required />
      <HoneypotField />
      <FormErrors form={form} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Submitting..." : "Submit"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

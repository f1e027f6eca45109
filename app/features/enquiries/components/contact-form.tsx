import { CheckCircle2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import type { EnquiryActionData } from "../enquiry-kinds";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";
import { HoneypotField } from "~/components/forms/honeypot";

export const CONTACT_FAILURE = "Failed to send message. Please try again.";
const CONTACT_SUCCESS = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
};

/**
 * The contact form (spec section 2): name, email, phone (optional), subject
 * and message. With JavaScript the spec's toasts say how it went and the form
 * clears; without, the page says so above an empty form.
 */
export function ContactForm({ actionData }: { actionData?: EnquiryActionData }) {
  const { fetcher, formProps, form, fields, submitting } = useEnquiryForm({
    id: "contact",
    schema: "contact",
    actionData,
    toasts: { success: CONTACT_SUCCESS, failure: { title: CONTACT_FAILURE } },
  });
  return (
    <>
      {actionData?.outcome === "success" ? (
        <div role="status" className="mb-6 flex gap-3 rounded-lg bg-brand-50 p-4 text-brand-900">
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-brand-700" />
          <p>
            <strong className="font-semibold">{CONTACT_SUCCESS.title}</strong> {CONTACT_SUCCESS.description}
          </p>
        </div>
      ) : null}
      <fetcher.Form action="/contact" {...formProps} className="relative grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" autoComplete="name" required />
          <TextField meta={fields.email} label="Email" type="email" inputMode="email" autoComplete="email" required />
        </div>
        <TextField meta={fields.phone} label="Phone (optional)" type="tel" inputMode="tel" autoComplete="tel" />
        <TextField meta={fields.subject} label="Subject" required />
        <TextareaField meta={fields.message} label="Message" rows={6} required />
        <HoneypotField />
        <FormErrors form={form} />
        <div>
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Sending..." : "Send Message"}
          </Button>
        </div>
      </fetcher.Form>
    </>
  );
}

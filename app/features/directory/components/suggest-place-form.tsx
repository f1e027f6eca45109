import { CheckCircle2 } from "lucide-react";
import { TextareaField, TextField } from "~/components/ui/field";
import { SenderFields } from "~/features/enquiries/components/sender-fields";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";
import { SUGGESTION_FAILURE } from "../report-schema";

const SUGGESTION_SUCCESS = {
  title: "Suggestion sent",
  description: "Thank you. The team will check it, and add it if it is halal and not listed yet.",
};

/** "Suggest a place" (decision 0092): posted to its own page, so it works without JavaScript. */
export function SuggestPlaceForm({
  actionData,
  member,
}: {
  actionData?: EnquiryActionData;
  /** A signed-in member's own details (the root's `contact`): the fields start with them. */
  member?: { fullName: string; email: string } | null;
}) {
  const { fetcher, formProps, form, fields, submitting, answer } = useEnquiryForm({
    id: "place-suggestion",
    schema: "placeSuggestion",
    actionData,
    defaultValue: member ? { name: member.fullName, email: member.email } : undefined,
    toasts: { success: SUGGESTION_SUCCESS, failure: { title: SUGGESTION_FAILURE } },
  });
  return (
    <>
      {answer?.outcome === "success" ? (
        <div role="status" className="mb-6 flex gap-3 rounded-lg bg-brand-50 p-4 text-brand-900">
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-brand-700" />
          <p>
            <strong className="font-semibold">{SUGGESTION_SUCCESS.title}.</strong> {SUGGESTION_SUCCESS.description}
          </p>
        </div>
      ) : null}
      <fetcher.Form action="/halal-network-space/suggest" {...formProps} className="relative grid gap-4">
        <TextField meta={fields.placeName} label="The place's name" required />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.where} label="Town or postcode" autoComplete="off" required />
          <TextField meta={fields.what} label="What it is" hint="For example: Turkish restaurant, butcher" required />
        </div>
        <TextareaField
          meta={fields.whyHalal}
          label="Why do you think it is halal?"
          hint="For example: a certificate on the wall, what staff told you, its website"
          rows={4}
          required
        />
        <SenderFields
          name={fields.name}
          email={fields.email}
          form={form}
          submitting={submitting}
          send="Send suggestion"
        />
      </fetcher.Form>
    </>
  );
}

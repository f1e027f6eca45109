import { CheckCircle2 } from "lucide-react";
import { SelectField, TextareaField } from "~/components/ui/field";
import { SenderFields } from "~/features/enquiries/components/sender-fields";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { useEnquiryForm } from "~/lib/forms/use-enquiry-form";
import { REPORT_FAILURE, reportChangeLabels, reportChanges } from "../report-schema";

const REPORT_SUCCESS = {
  title: "Report sent",
  description: "Thank you. The team will check it before anything here changes.",
};

/**
 * "Report a change": a disclosure with a form to the business page's own
 * action, so it works without JavaScript. Staff decide in the back office.
 */
export function ReportChange({ slug, actionData }: { slug: string; actionData?: EnquiryActionData }) {
  const { fetcher, formProps, form, fields, submitting, answer } = useEnquiryForm({
    id: "business-report",
    schema: "businessReport",
    actionData,
    toasts: { success: REPORT_SUCCESS, failure: { title: REPORT_FAILURE } },
  });
  return (
    <details open={Boolean(answer)} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <summary className="cursor-pointer font-semibold text-brand-800">Report a change</summary>
      <p className="mt-2 text-sm text-slate-700">
        Is something here no longer right? Tell us and the team will check it. Nothing changes until they have.
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Closed down? When three signed-in members report it within a month, this page says &ldquo;Reported closed — not
        yet checked&rdquo; until the team has checked.
      </p>
      {answer?.outcome === "success" ? (
        <div role="status" className="mt-4 flex gap-3 rounded-lg bg-brand-50 p-4 text-brand-900">
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-brand-700" />
          <p>
            <strong className="font-semibold">{REPORT_SUCCESS.title}.</strong> {REPORT_SUCCESS.description}
          </p>
        </div>
      ) : null}
      <fetcher.Form action={`/halal-network-space/${slug}`} {...formProps} className="relative mt-4 grid gap-4">
        <SelectField meta={fields.change} label="What has changed" required>
          <option value="">Choose…</option>
          {reportChanges.map((c) => (
            <option key={c} value={c}>
              {reportChangeLabels[c]}
            </option>
          ))}
        </SelectField>
        <TextareaField meta={fields.details} label="What did you see?" rows={4} required />
        <SenderFields name={fields.name} email={fields.email} form={form} submitting={submitting} send="Send report" />
      </fetcher.Form>
    </details>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { rejectSchema } from "~/features/admin/schemas";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

interface Revision {
  id: number;
  sentAt: string;
  fields: { key: string; label: string; before: string; after: string }[];
}

/** Staff's view of a seller's changes to a published listing: each field before and after, approve or reject. */
export function RevisionReview({ revision, actionData }: { revision: Revision; actionData?: IntentActionData }) {
  const reject = useIntentForm("revision-reject", rejectSchema, actionData);
  return (
    <section aria-labelledby="revision-heading" className="rounded-xl border-2 border-sky-300 bg-white p-6">
      <h2 id="revision-heading" className="text-lg font-semibold">
        Changes from the seller
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Sent {revision.sentAt}. Buyers see the published version until you approve these.
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each changed field, as published and as the seller wants it</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Field
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Published
              </th>
              <th scope="col" className="py-2 font-semibold">
                Seller's change
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {revision.fields.map((field) => (
              <tr key={field.key}>
                <th scope="row" className="py-2 pr-4 font-medium">
                  {field.label}
                </th>
                <td className="py-2 pr-4 whitespace-pre-line text-slate-700">{field.before}</td>
                <td className="py-2 whitespace-pre-line">{field.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
        <Form method="post">
          <input type="hidden" name="intent" value="revision-approve" />
          <input type="hidden" name="revisionId" value={revision.id} />
          <Button type="submit">Approve changes</Button>
        </Form>
        <Form {...reject.formProps} className="grid gap-3">
          <input type="hidden" name="intent" value="revision-reject" />
          <input type="hidden" name="revisionId" value={revision.id} />
          <TextareaField
            meta={reject.fields.reason}
            label="Reason for rejecting the changes"
            hint="The seller receives this by e-mail."
            rows={2}
            required
          />
          <div>
            <Button type="submit" variant="destructive">
              Reject changes
            </Button>
          </div>
        </Form>
      </div>
    </section>
  );
}

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

/** Who sent the changes, in the words staff read. */
const wording = {
  seller: {
    title: "Changes from the seller",
    waiting: "Buyers see the published version until you approve these.",
    change: "Seller's change",
    told: "The seller receives this by e-mail.",
  },
  // A business owner's halal details (decision 0036).
  owner: {
    title: "Halal details from the owner",
    waiting: "Visitors see the published details until you approve these. Check them against the certifier.",
    change: "Owner's proposal",
    told: "The owner receives this by e-mail.",
  },
};

/** Staff's view of a seller's (or owner's) changes: each field before and after, approve or reject. */
export function RevisionReview({
  revision,
  actionData,
  from = "seller",
}: {
  revision: Revision;
  actionData?: IntentActionData;
  from?: keyof typeof wording;
}) {
  const words = wording[from];
  const reject = useIntentForm("revision-reject", rejectSchema, actionData);
  return (
    <section aria-labelledby="revision-heading" className="rounded-xl border-2 border-sky-300 bg-white p-6">
      <h2 id="revision-heading" className="text-lg font-semibold">
        {words.title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Sent {revision.sentAt}. {words.waiting}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Each changed field, as published and as sent</caption>
          <thead className="text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Field
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Published
              </th>
              <th scope="col" className="py-2 font-semibold">
                {words.change}
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
            hint={words.told}
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

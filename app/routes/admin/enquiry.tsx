import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { Label, Select } from "~/components/ui/form-controls";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { addEnquiryNote, getEnquiry, setEnquiryStatus } from "~/features/admin/enquiries.server";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { enquiryStatusSchema, noteSchema } from "~/features/admin/schemas";
import { enquiryFields, enquiryReference, enquirySender } from "~/features/enquiries/emails.server";
import { enquiryKindLabels, enquiryStatusLabels, type EnquiryStatus } from "~/features/enquiries/enquiry-kinds";
import { formatLondonDateTime } from "~/lib/dates";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/enquiry";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getEnquiry(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  const { enquiry, notes } = found;
  return {
    id: enquiry.id,
    reference: enquiryReference(enquiry.id),
    kind: enquiryKindLabels[enquiry.kind],
    subject: enquiry.subject,
    status: enquiry.status,
    listingId: enquiry.listingId,
    businessId: enquiry.businessId,
    isSubmission: enquiry.kind === "listing_submission",
    fromMember: enquiry.userId !== null,
    received: formatLondonDateTime(enquiry.createdAt),
    fields: enquiryFields(enquiry.kind, enquiry.fields),
    // A package enquiry often becomes a subscription: the link starts its form with the sender.
    subscribeEmail: enquiry.kind === "package_interest" ? enquirySender(enquiry.kind, enquiry.fields).email : "",
    notes: notes.map((n) => ({ ...n, createdAt: formatLondonDateTime(n.createdAt) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  const back = `/admin/enquiries/${id}`;
  const schema = intent === "note" ? noteSchema : enquiryStatusSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  if ("body" in submission.value) {
    if (!(await addEnquiryNote(admin, id, submission.value.body))) throw data(null, { status: 404 });
    return redirectWithToast(back, { type: "success", title: "Note added" });
  }
  if (!(await setEnquiryStatus(admin, id, submission.value.status))) throw data(null, { status: 404 });
  return redirectWithToast(back, {
    type: "success",
    title: `Status: ${enquiryStatusLabels[submission.value.status]}`,
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.reference ?? "Enquiry"} | HBS back office` },
];

function NoteForm({ actionData }: { actionData?: IntentActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("note", noteSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="note" />
      <TextareaField meta={fields.body} label="Add a note" hint="Only staff see notes." rows={3} required />
      <FormErrors form={form} />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          Add note
        </Button>
      </div>
    </Form>
  );
}

export default function AdminEnquiry({ loaderData: enquiry, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/enquiries" className="font-semibold text-brand-800 hover:underline">
          ← Enquiries
        </Link>
      </p>
      <AdminHeading title={`${enquiry.reference}: ${enquiry.subject}`}>
        <Badge variant={enquiry.status === "new" ? "accent" : "outline"}>{enquiryStatusLabels[enquiry.status]}</Badge>
      </AdminHeading>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="fields-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="fields-heading" className="mb-1 text-lg font-semibold">
            {enquiry.kind}
          </h2>
          <p className="mb-4 text-sm text-slate-700">
            Received {enquiry.received}
            {enquiry.fromMember ? " from a signed-in member" : ""}
          </p>
          <dl className="grid gap-3 text-sm">
            {enquiry.fields.map((field) => (
              <div key={field.label}>
                <dt className="font-semibold text-slate-900">{field.label}</dt>
                <dd className="whitespace-pre-wrap break-words text-slate-800">{field.value}</dd>
              </div>
            ))}
          </dl>
          {enquiry.subscribeEmail ? (
            <Link
              to={`/admin/subscriptions?${new URLSearchParams({ email: enquiry.subscribeEmail })}`}
              className="mt-4 inline-block font-semibold text-brand-800 hover:underline"
            >
              Create a subscription for this sender
            </Link>
          ) : null}
          {enquiry.isSubmission && enquiry.listingId ? (
            <Link
              to={`/admin/listings/${enquiry.listingId}`}
              className="mt-4 inline-block font-semibold text-brand-800 hover:underline"
            >
              Review the listing and its photos
            </Link>
          ) : null}
          {enquiry.businessId ? (
            <p className="mt-4 text-sm">
              Nothing in the directory has changed.{" "}
              <Link
                to={`/admin/directory/${enquiry.businessId}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                Check and edit the business
              </Link>
            </p>
          ) : null}
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="status-heading" className="mb-4 text-lg font-semibold">
              Status
            </h2>
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="status" />
              <div className="grid flex-1 gap-1.5">
                <Label htmlFor="enquiry-status">Status</Label>
                <Select id="enquiry-status" name="status" defaultValue={enquiry.status} key={enquiry.status}>
                  {(Object.keys(enquiryStatusLabels) as EnquiryStatus[]).map((s) => (
                    <option key={s} value={s}>
                      {enquiryStatusLabels[s]}
                    </option>
                  ))}
                </Select>
              </div>
              <Button type="submit" disabled={navigation.state === "submitting"}>
                Update
              </Button>
            </Form>
          </section>
          <section aria-labelledby="notes-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="notes-heading" className="mb-4 text-lg font-semibold">
              Notes
            </h2>
            {enquiry.notes.length ? (
              <ol className="mb-4 grid gap-3 text-sm">
                {enquiry.notes.map((note) => (
                  <li key={note.id} className="rounded-md bg-slate-50 p-3">
                    <p className="whitespace-pre-wrap break-words text-slate-900">{note.body}</p>
                    <p className="mt-1 text-slate-700">
                      {note.author ?? "Former staff"}, {note.createdAt}
                    </p>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="mb-4 text-sm text-slate-700">No notes yet.</p>
            )}
            <NoteForm actionData={actionData as IntentActionData | undefined} />
          </section>
        </div>
      </div>
    </>
  );
}

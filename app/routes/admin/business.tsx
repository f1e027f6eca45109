import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { SessionUser } from "~/features/account/session.server";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import {
  getDirectoryBusiness,
  hoursForm,
  linkBusinessHygiene,
  saveDirectoryBusiness,
} from "~/features/admin/directory.server";
import { CertificatePhotos } from "~/features/admin/components/certificate-photos";
import { ClosureDecision } from "~/features/admin/components/closure-decision";
import { waitingCertificates } from "~/features/directory/certificates.server";
import { HygieneLink } from "~/features/admin/components/hygiene-link";
import { closureReportsOf } from "~/features/directory/closures.server";
import { hygieneSuggestions, linkedEstablishment } from "~/features/directory/food-hygiene.server";
import {
  Checkbox,
  EvidenceFields,
  HoursFields,
  ImageFields,
  VisitFields,
  visitDefaults,
} from "~/features/admin/components/business-evidence-fields";
import { idParam, readStaffForm } from "~/features/admin/form.server";
import { businessSchema, hygieneLinkSchema, rejectSchema } from "~/features/admin/schemas";
import { decideHalalProposal, pendingHalalProposalOf } from "~/features/owners/owner.server";
import { RevisionReview } from "~/features/selling/components/revision-review";
import { formatCalendarDay, formatLondonDateTime } from "~/lib/dates";
import { EVIDENCE_RULES_PATH, evidenceLevelLabel } from "~/features/directory/evidence-level";
import { ReviewWarningForm } from "~/features/reviews/components/review-warning-form";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { SELL_FORM_LIMITS } from "~/features/marketplace/listing-submission.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/business";

/** "new", or the id of an existing business. */
const idOrNew = (value: string) => (value === "new" ? null : idParam(value));

export async function loader({ params }: Route.LoaderArgs) {
  const id = idOrNew(params.id);
  if (id === null) {
    return { business: null, closureReports: [], certificates: [], hours: null, hygiene: null, proposal: null };
  }
  const business = await getDirectoryBusiness(id);
  if (!business) throw data(null, { status: 404 });
  const [hours, linked, suggestions, proposal, closureReports, certificates] = await Promise.all([
    hoursForm(id),
    linkedEstablishment(business.fhrsid),
    hygieneSuggestions(business),
    pendingHalalProposalOf(id),
    business.reportedClosedAt ? closureReportsOf(business) : [],
    waitingCertificates(id),
  ]);
  return {
    business,
    closureReports,
    certificates,
    hours,
    hygiene: { linked, suggestions },
    proposal: proposal && { ...proposal, sentAt: formatLondonDateTime(proposal.sentAt) },
  };
}

/** The "Food hygiene rating" section's two forms: link by FHRSID, or unlink (decision 0029). */
async function hygieneAction(admin: SessionUser, id: number | null, formData: FormData) {
  if (id === null) throw data(null, { status: 404 });
  const unlink = formData.get("intent") === "hygiene-unlink";
  const submission = parseWithZod(formData, { schema: hygieneLinkSchema });
  if (!unlink && submission.status !== "success") {
    return data<IntentActionData>({ intent: "hygiene-link", result: submission.reply() }, { status: 400 });
  }
  const linked = await linkBusinessHygiene(
    admin,
    id,
    unlink || submission.status !== "success" ? null : Number(submission.value.fhrsid),
  );
  if (!linked.ok) {
    return data<IntentActionData>(
      { intent: "hygiene-link", result: submission.reply({ fieldErrors: { fhrsid: [linked.message] } }) },
      { status: linked.missing ? 404 : 400 },
    );
  }
  return redirectWithToast(`/admin/directory/${id}`, {
    type: "success",
    title: unlink ? "Food hygiene rating unlinked" : "Food hygiene rating linked",
  });
}

export async function action(args: Route.ActionArgs) {
  const id = idOrNew(args.params.id);
  const sent = await readStaffForm(args, { ...SELL_FORM_LIMITS, maxFiles: 1 });
  if (sent.refused) return sent.refused;
  const { admin, intent, formData } = sent;
  if (intent === "hygiene-link" || intent === "hygiene-unlink") return hygieneAction(admin, id, formData);
  if (id !== null && (intent === "revision-approve" || intent === "revision-reject")) {
    return decideHalalDetails(admin, id, intent, formData);
  }
  const submission = parseWithZod(formData, { schema: businessSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent: "save", result: submission.reply() }, { status: 400 });
  }
  const saved = await saveDirectoryBusiness(admin, id, submission.value);
  if (!saved.ok) {
    return data<IntentActionData>(
      { intent: "save", result: submission.reply({ fieldErrors: saved.fieldErrors }) },
      { status: saved.fieldErrors[""] ? 404 : 400 },
    );
  }
  return redirectWithToast(`/admin/directory/${saved.id}`, {
    type: "success",
    title: id === null ? "Business added" : "Business saved",
  });
}

/** Staff's decision on the owner's halal details (decision 0036). */
async function decideHalalDetails(
  admin: { id: string; email: string },
  id: number,
  intent: "revision-approve" | "revision-reject",
  formData: FormData,
) {
  let decision: { approve: true } | { approve: false; reason: string } = { approve: true };
  if (intent === "revision-reject") {
    const submission = parseWithZod(formData, { schema: rejectSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    decision = { approve: false, reason: submission.value.reason };
  }
  const proposalId = Number(formData.get("revisionId"));
  const decided = Number.isSafeInteger(proposalId) && (await decideHalalProposal(admin, id, proposalId, decision));
  return redirectWithToast(
    `/admin/directory/${id}`,
    decided
      ? {
          type: "success",
          title: decision.approve ? "Halal details approved and published" : "Halal details rejected",
          description: "The owner has been e-mailed.",
        }
      : { type: "error", title: "These details are no longer waiting" },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.business?.name ?? "New business"} | HBS back office` },
];

export default function AdminBusiness({
  loaderData: { business, closureReports, certificates, hours, hygiene, proposal },
  actionData,
}: Route.ComponentProps) {
  const yesNo = (value: boolean | null | undefined) =>
    value === null || value === undefined ? undefined : value ? "yes" : "no";
  const { form, fields, formProps, submitting } = useIntentForm(
    "save",
    businessSchema,
    actionData as IntentActionData | undefined,
    business
      ? {
          name: business.name,
          category: business.category,
          description: business.description,
          town: business.town,
          address: business.address ?? undefined,
          postcode: business.postcode ?? undefined,
          latitude: business.latitude?.toString(),
          longitude: business.longitude?.toString(),
          phone: business.phone ?? undefined,
          website: business.website ?? undefined,
          halalStatus: business.halalStatus ?? undefined,
          halalCertifierBody: business.halalCertifierBody ?? undefined,
          halalCertifier: business.halalCertifier ?? undefined,
          halalCertificateNumber: business.halalCertificateNumber ?? undefined,
          halalCertificateExpires: business.halalCertificateExpires ?? undefined,
          halalSlaughter: business.halalSlaughter ?? undefined,
          halalStunned: yesNo(business.halalStunned),
          halalEvidence: business.halalEvidence ?? undefined,
          halalCheckedOn: business.halalCheckedOn ?? undefined,
          alcoholServed: yesNo(business.alcoholServed),
          halalMeatSupplier: business.halalMeatSupplier ?? undefined,
          ...visitDefaults(business),
          ...hours,
          featured: business.featured ? "on" : undefined,
          published: business.published ? "on" : undefined,
          ownerEmail: business.ownerEmail ?? undefined,
        }
      : { published: "on" },
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/directory" className="font-semibold text-brand-800 hover:underline">
          ← Directory
        </Link>
      </p>
      <AdminHeading title={business?.name ?? "Add a business"}>
        {business?.published ? (
          <Link
            to={`/halal-network-space/${business.slug}`}
            className="text-sm font-semibold text-brand-800 hover:underline"
          >
            View on the site
          </Link>
        ) : null}
      </AdminHeading>
      {business?.reportedClosedAt ? (
        <ClosureDecision businessId={business.id} reportedAt={business.reportedClosedAt} reports={closureReports} />
      ) : null}
      {business ? <CertificatePhotos businessId={business.id} photos={certificates} /> : null}
      {proposal ? (
        <div className="mb-6">
          <RevisionReview revision={proposal} actionData={actionData as IntentActionData | undefined} from="owner" />
        </div>
      ) : null}
      <Form
        {...formProps}
        encType="multipart/form-data"
        className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6"
      >
        <input type="hidden" name="intent" value="save" />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.name} label="Name" required />
          <SelectField meta={fields.category} label="Category" required>
            <option value="">Choose…</option>
            <option value="food">Food &amp; Dining</option>
            <option value="other">Services</option>
          </SelectField>
        </div>
        <TextareaField meta={fields.description} label="Description" rows={5} required />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.town} label="Town" required />
          <TextField meta={fields.address} label="Address" />
          <TextField meta={fields.postcode} label="Postcode" />
          <div className="grid grid-cols-2 gap-3">
            <TextField meta={fields.latitude} label="Latitude" inputMode="decimal" />
            <TextField meta={fields.longitude} label="Longitude" inputMode="decimal" />
          </div>
          <TextField meta={fields.phone} label="Phone" type="tel" />
          <TextField meta={fields.website} label="Website" hint="Starting with https:// or http://" />
        </div>
        {business ? (
          <p className="text-sm">
            Evidence level shown now: <strong>{evidenceLevelLabel(business.evidenceLevel)}</strong>
            {business.lastConfirmedOn
              ? `, last confirmed by a diner on ${formatCalendarDay(business.lastConfirmedOn)}`
              : ""}
            . Worked out from these facts by{" "}
            <Link to={EVIDENCE_RULES_PATH} className="font-semibold text-brand-800 underline">
              the published rules
            </Link>
            .
          </p>
        ) : null}
        <EvidenceFields fields={fields} />
        <VisitFields fields={fields} />
        <HoursFields fields={fields} />
        <ImageFields image={business?.image ?? null} fields={fields} />
        <div className="flex flex-wrap gap-6">
          <Checkbox meta={fields.published} label="Published in the directory" />
          <Checkbox meta={fields.featured} label="Featured" />
        </div>
        <div className="max-w-md">
          <TextField
            meta={fields.ownerEmail}
            label="Owner's e-mail"
            type="email"
            hint="The member who may buy promotion for this business online; a paid promotion features it whatever the box above says."
          />
        </div>
        <FormErrors form={form} />
        <div>
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving..." : business ? "Save changes" : "Add business"}
          </Button>
        </div>
      </Form>
      {hygiene ? (
        <HygieneLink
          linked={hygiene.linked}
          suggestions={hygiene.suggestions}
          actionData={actionData as IntentActionData | undefined}
        />
      ) : null}
      {business ? <ReviewWarningForm businessId={business.id} warning={business.reviewWarning} /> : null}
    </>
  );
}

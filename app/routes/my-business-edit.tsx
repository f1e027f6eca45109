import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileField, FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { clientIpContext } from "~/context";
import { sendCertificatePhoto } from "~/features/directory/certificates.server";
import {
  EvidenceFields,
  HoursFields,
  ImageFields,
  VisitFields,
  visitDefaults,
} from "~/features/admin/components/business-evidence-fields";
import { hoursForm } from "~/features/admin/directory.server";
import { SELL_FORM_LIMITS } from "~/features/marketplace/listing-submission.server";
import {
  editOwnBusiness,
  proposeHalal,
  requireOwnedBusiness,
  waitingHalalProposal,
} from "~/features/owners/owner.server";
import { halalProposalSchema, ownerEditSchema } from "~/features/owners/schemas";
import { formatLondonDateTime } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-business-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, business } = await requireOwnedBusiness(request, params.id);
  const proposal = await waitingHalalProposal(user.id, business.id);
  return {
    business,
    hours: await hoursForm(business.id),
    proposal: proposal && { ...proposal, sentAt: formatLondonDateTime(proposal.sentAt) },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, business } = await requireOwnedBusiness(request, params.id);
  const form = await formOrRefusal(request, { ...SELL_FORM_LIMITS, maxFiles: 1 });
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  if (intent === "halal") {
    const submission = parseWithZod(form, { schema: halalProposalSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const { certificatePhoto, ...halal } = submission.value;
    // The photo first: one that cannot be read refuses the form, and nothing is proposed.
    const photo = certificatePhoto?.size
      ? await sendCertificatePhoto(user, business.id, certificatePhoto, context.get(clientIpContext))
      : null;
    if (photo !== null && photo !== "sent") {
      const error =
        photo === "rate-limited"
          ? "Too many photos sent. Please try again later."
          : photo === "not-found"
            ? "The certificate photo goes to the business's page once it is published."
            : photo.error;
      return data<IntentActionData>(
        {
          intent,
          result: submission.reply({ fieldErrors: { certificatePhoto: [error] }, hideFields: ["certificatePhoto"] }),
        },
        { status: 400 },
      );
    }
    const outcome = await proposeHalal(user, business.id, halal);
    if (!outcome) throw data(null, { status: 404 });
    return redirectWithToast(
      "/my-businesses",
      outcome === "sent"
        ? {
            type: "success",
            title: "Halal details sent for checking",
            description: "The page shows the current details until our team has checked yours.",
          }
        : photo === "sent"
          ? { type: "success", title: "Certificate photo sent for checking" }
          : { type: "success", title: "Nothing has changed" },
    );
  }
  const submission = parseWithZod(form, { schema: ownerEditSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>(
      { intent: "edit", result: submission.reply({ hideFields: ["image"] }) },
      { status: 400 },
    );
  }
  const saved = await editOwnBusiness(user, business.id, submission.value);
  if (!saved) throw data(null, { status: 404 });
  if (!saved.ok) {
    return data<IntentActionData>(
      { intent: "edit", result: submission.reply({ fieldErrors: saved.fieldErrors, hideFields: ["image"] }) },
      { status: 400 },
    );
  }
  return redirectWithToast(
    "/my-businesses",
    saved.changed
      ? { type: "success", title: "Your page is updated", description: "Visitors see the changes now." }
      : { type: "success", title: "Nothing has changed" },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Edit ${loaded?.business.name ?? "your business"} | HBS` },
  { name: "robots", content: "noindex" },
];

const yesNo = (value: boolean | null | undefined) =>
  value === null || value === undefined ? undefined : value ? "yes" : "no";

export default function MyBusinessEdit({
  loaderData: { business, hours, proposal },
  actionData,
}: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  const edit = useIntentForm("edit", ownerEditSchema, answer, {
    description: business.description,
    phone: business.phone ?? undefined,
    website: business.website ?? undefined,
    ...visitDefaults(business),
    ...hours,
  });
  const halalNow = proposal?.values ?? {
    halalStatus: business.halalStatus,
    halalCertifierBody: business.halalCertifierBody,
    halalCertifier: business.halalCertifier,
    halalCertificateNumber: business.halalCertificateNumber,
    halalCertificateExpires: business.halalCertificateExpires,
    halalSlaughter: business.halalSlaughter,
    halalStunned: business.halalStunned,
    alcoholServed: business.alcoholServed,
    halalMeatSupplier: business.halalMeatSupplier,
  };
  const halal = useIntentForm("halal", halalProposalSchema, answer, {
    halalStatus: halalNow.halalStatus ?? undefined,
    halalCertifierBody: halalNow.halalCertifierBody ?? undefined,
    halalCertifier: halalNow.halalCertifier ?? undefined,
    halalCertificateNumber: halalNow.halalCertificateNumber ?? undefined,
    halalCertificateExpires: halalNow.halalCertificateExpires ?? undefined,
    halalSlaughter: halalNow.halalSlaughter ?? undefined,
    halalStunned: yesNo(halalNow.halalStunned),
    alcoholServed: yesNo(halalNow.alcoholServed),
    halalMeatSupplier: halalNow.halalMeatSupplier ?? undefined,
  });
  return (
    <>
      <MemberPageHeader
        title={`Edit ${business.name}`}
        description="Your changes are published at once; halal details are checked by our team first."
      />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,56rem)] gap-6 px-4 py-6 sm:py-10">
        <p>
          <Link to="/my-businesses" className="font-semibold text-brand-800 hover:underline">
            ← My businesses
          </Link>
        </p>
        <Card className="p-6">
          <h2 className="mb-4 text-xl font-semibold">Your page</h2>
          <Form {...edit.formProps} encType="multipart/form-data" className="grid gap-5">
            <input type="hidden" name="intent" value="edit" />
            <TextareaField meta={edit.fields.description} label="Description" rows={5} required />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField meta={edit.fields.phone} label="Phone" type="tel" autoComplete="tel" />
              <TextField meta={edit.fields.website} label="Website" hint="Starting with https:// or http://" />
            </div>
            <VisitFields fields={edit.fields} />
            <HoursFields fields={edit.fields} />
            <ImageFields image={business.image} fields={edit.fields} />
            <FormErrors form={edit.form} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={edit.submitting}>
                {edit.submitting ? "Publishing..." : "Publish changes"}
              </Button>
              <Link to="/my-businesses" className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
            </div>
          </Form>
        </Card>
        <Card className="p-6">
          <h2 className="text-xl font-semibold">Halal details</h2>
          <p className="mt-1 mb-4 text-sm text-slate-700">
            Visitors rely on these being independent of the business, so our team checks what you send before it is
            published, and may ask to see the certificate.
          </p>
          {proposal ? (
            <p role="status" className="mb-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-950">
              Your details sent {proposal.sentAt} are waiting to be checked. Sending again replaces them.
            </p>
          ) : null}
          <Form {...halal.formProps} encType="multipart/form-data" className="grid gap-5">
            <input type="hidden" name="intent" value="halal" />
            <EvidenceFields fields={halal.fields} proposal />
            <FileField
              meta={halal.fields.certificatePhoto}
              label="A photo of the certificate (optional; JPEG, PNG or WebP, up to 5 MB; only our team sees it until checked)"
              accept="image/jpeg,image/png,image/webp"
            />
            <FormErrors form={halal.form} />
            <div>
              <Button type="submit" disabled={halal.submitting}>
                Send for checking
              </Button>
            </div>
          </Form>
        </Card>
      </section>
    </>
  );
}

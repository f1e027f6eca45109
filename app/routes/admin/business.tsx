import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/form-controls";
import { AdminHeading } from "~/features/admin/components/admin-shell";
import { getDirectoryBusiness, hoursForm, saveDirectoryBusiness } from "~/features/admin/directory.server";
import { EvidenceFields, HoursFields } from "~/features/admin/components/business-evidence-fields";
import { idParam, readAdminForm } from "~/features/admin/form.server";
import { currentAdmin } from "~/features/admin/guard.server";
import { businessSchema } from "~/features/admin/schemas";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { SELL_FORM_LIMITS } from "~/features/marketplace/listing-submission.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/business";

/** "new", or the id of an existing business. */
const idOrNew = (value: string) => (value === "new" ? null : idParam(value));

export async function loader({ params }: Route.LoaderArgs) {
  const id = idOrNew(params.id);
  if (id === null) return { business: null, hours: null };
  const business = await getDirectoryBusiness(id);
  if (!business) throw data(null, { status: 404 });
  return { business, hours: await hoursForm(id) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const id = idOrNew(params.id);
  const { formData, refused } = await readAdminForm(request, { ...SELL_FORM_LIMITS, maxFiles: 1 });
  if (refused) return refused;
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

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.business?.name ?? "New business"} | HBS back office` },
];

function Checkbox({ meta, label }: { meta: Parameters<typeof getInputProps>[0]; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input key={key} {...props} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

export default function AdminBusiness({ loaderData: { business, hours }, actionData }: Route.ComponentProps) {
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
        <EvidenceFields fields={fields} />
        <HoursFields fields={fields} />
        <div className="grid gap-3">
          {business?.image ? (
            <div className="flex items-center gap-4">
              <img src={business.image} alt="" width={150} height={100} className="rounded-md object-cover" />
              <Checkbox meta={fields.removeImage} label="Remove this image" />
            </div>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor={fields.image.id}>{business?.image ? "Replace the image" : "Image"}</Label>
            <Input
              id={fields.image.id}
              name={fields.image.name}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fields.image.errors?.length ? true : undefined}
              aria-describedby={fields.image.errors?.length ? fields.image.errorId : undefined}
            />
            {fields.image.errors?.[0] ? (
              <p id={fields.image.errorId} className="text-sm font-medium text-red-700">
                {fields.image.errors[0]}
              </p>
            ) : null}
          </div>
        </div>
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
    </>
  );
}

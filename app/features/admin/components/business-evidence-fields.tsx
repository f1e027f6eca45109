import { getInputProps } from "@conform-to/react";
import { FileField, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { hoursFieldNames } from "~/features/directory/evidence-schema";
import { certifierBodies, certifierLabels, evidenceLabels } from "~/features/directory/halal";
import { priceBandLabels, priceBandWords, serviceLabels, type VisitFacts } from "~/features/directory/visit-facts";
import { WEEKDAYS } from "~/features/directory/opening-hours";

type Meta = Parameters<typeof TextField>[0]["meta"];
type EvidenceField =
  | "halalStatus"
  | "halalCertifierBody"
  | "halalCertifier"
  | "halalCertificateNumber"
  | "halalCertificateExpires"
  | "halalSlaughter"
  | "halalStunned"
  | "alcoholServed"
  | "halalMeatSupplier"
  | "halalEvidence"
  | "halalCheckedOn";

/**
 * The business editor's halal evidence (docs/decisions/0027-halal-evidence.md).
 * An owner's proposal (decision 0036) leaves out how HBS knows and when it
 * checked: those are HBS's own.
 */
export function EvidenceFields({
  fields,
  proposal = false,
}: {
  fields: Record<Exclude<EvidenceField, "halalEvidence" | "halalCheckedOn">, Meta> &
    Partial<Record<"halalEvidence" | "halalCheckedOn", Meta>>;
  proposal?: boolean;
}) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">
        {proposal ? "Halal details, as the certifier states them" : "Halal evidence (optional)"}
      </legend>
      <SelectField meta={fields.halalStatus} label="Halal">
        <option value="">Not stated</option>
        <option value="fully_halal">Fully halal</option>
        <option value="halal_options">Halal options</option>
      </SelectField>
      <SelectField meta={fields.halalCertifierBody} label="Certified by">
        <option value="">Not certified / not known</option>
        {certifierBodies.map((b) => (
          <option key={b} value={b}>
            {certifierLabels[b]}
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.halalCertifier} label="Another certifier's name" />
      <TextField meta={fields.halalCertificateNumber} label="Certificate number" />
      <TextField meta={fields.halalCertificateExpires} label="Certificate expires" type="date" />
      <SelectField meta={fields.halalSlaughter} label="Slaughter, as the certifier states">
        <option value="">Not stated</option>
        <option value="hand">By hand</option>
        <option value="machine">By machine</option>
      </SelectField>
      <SelectField meta={fields.halalStunned} label="Stunned">
        <option value="">Not stated</option>
        <option value="no">Not stunned</option>
        <option value="yes">Stunned</option>
      </SelectField>
      <SelectField meta={fields.alcoholServed} label="Alcohol served">
        <option value="">Not stated</option>
        <option value="no">No</option>
        <option value="yes">Yes</option>
      </SelectField>
      <TextField meta={fields.halalMeatSupplier} label="Meat supplier" />
      {!proposal && fields.halalEvidence && fields.halalCheckedOn ? (
        <>
          <SelectField meta={fields.halalEvidence} label="How HBS knows">
            <option value="">Not yet checked</option>
            {Object.entries(evidenceLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextField meta={fields.halalCheckedOn} label="Last checked on" type="date" />
        </>
      ) : null}
    </fieldset>
  );
}

/** The visit fields' values as a form holds them, from the business's columns. */
export function visitDefaults(business: VisitFacts) {
  const ticked = (value: boolean | null) => (value ? "on" : undefined);
  return {
    menuUrl: business.menuUrl ?? undefined,
    priceBand: business.priceBand === null ? undefined : String(business.priceBand),
    dineIn: ticked(business.dineIn),
    takeaway: ticked(business.takeaway),
    delivery: ticked(business.delivery),
    prayerSpace: business.prayerSpace === null ? undefined : business.prayerSpace ? "yes" : "no",
  };
}

/** What diners need to go (issue #47): the menu, price band, services and a prayer space. */
export function VisitFields({
  fields,
}: {
  fields: Record<"menuUrl" | "priceBand" | "dineIn" | "takeaway" | "delivery" | "prayerSpace", Meta>;
}) {
  const services = { dine_in: fields.dineIn, takeaway: fields.takeaway, delivery: fields.delivery };
  return (
    <fieldset className="grid gap-5 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-slate-900">For visitors (optional)</legend>
      <TextField meta={fields.menuUrl} label="Menu's web address" hint="Starting with https:// or http://" />
      <SelectField meta={fields.priceBand} label="Price band">
        <option value="">Not stated</option>
        {([1, 2, 3, 4] as const).map((band) => (
          <option key={band} value={String(band)}>
            {priceBandLabels[band]} {priceBandWords[band]}
          </option>
        ))}
      </SelectField>
      <SelectField meta={fields.prayerSpace} label="Prayer space">
        <option value="">Not stated</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </SelectField>
      <fieldset className="grid gap-2 sm:col-span-3">
        <legend className="text-sm font-medium">Service (none ticked: not stated)</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(Object.keys(services) as (keyof typeof services)[]).map((service) => (
            <Checkbox key={service} meta={services[service]} label={serviceLabels[service]} />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

/** The week, a line a day, and dated exceptions (docs/decisions/0028-opening-hours.md). */
export function HoursFields({
  fields,
}: {
  fields: Record<(typeof hoursFieldNames)[number] | "hoursExceptions", Meta>;
}) {
  return (
    <fieldset className="grid gap-5">
      <legend className="mb-2 text-sm font-semibold text-slate-900">Opening hours, UK time (optional)</legend>
      <p className="text-sm text-slate-700">
        Each day's periods on the 24-hour clock, e.g. 11:00-14:30, 17:00-02:00 (past midnight is fine); empty when
        closed; 00:00-24:00 for all day.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        {hoursFieldNames.map((name, i) => (
          <TextField key={name} meta={fields[name]} label={WEEKDAYS[i]!} />
        ))}
      </div>
      <TextareaField
        meta={fields.hoursExceptions}
        label="Special dates"
        rows={4}
        hint="One a line: 2026-03-20 closed Eid al-Fitr, or 2026-03-21 12:00-16:00 Eid"
      />
    </fieldset>
  );
}

export function Checkbox({ meta, label }: { meta: Parameters<typeof getInputProps>[0]; label: string }) {
  const { key, ...props } = getInputProps(meta, { type: "checkbox" });
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input key={key} {...props} className="size-4 accent-brand-700" />
      {label}
    </label>
  );
}

/** The business's photo: kept, removed or replaced (checked by its content on the server). */
export function ImageFields({
  image,
  fields,
}: {
  image: string | null;
  fields: Record<"image" | "removeImage", Meta>;
}) {
  return (
    <div className="grid gap-3">
      {image ? (
        <div className="flex items-center gap-4">
          <img src={image} alt="" width={150} height={100} className="rounded-md object-cover" />
          <Checkbox meta={fields.removeImage} label="Remove this image" />
        </div>
      ) : null}
      <FileField
        meta={fields.image}
        label={image ? "Replace the image" : "Image"}
        accept="image/jpeg,image/png,image/webp"
      />
    </div>
  );
}

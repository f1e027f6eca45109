import { Form, useNavigation } from "react-router";
import { CategoryOptions } from "~/features/marketplace/components/category-options";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/form-controls";
import { KeyFactsFields } from "~/features/marketplace/components/key-facts-fields";
import type { ListingFacts } from "~/features/marketplace/listing-facts";
import { factDefaults, poundsField } from "~/features/marketplace/fact-defaults";
import { listingEditSchema } from "../schemas";
import { ReasonForm } from "./reason-form";
import { listingTransitionLabels, type ListingTransition } from "../labels";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

export interface EditableListing extends Omit<ListingFacts, "askingPricePence" | "annualRevenuePence"> {
  id: number;
  title: string;
  category: string;
  town: string;
  postcode: string | null;
  latitude: number | null;
  longitude: number | null;
  askingPricePence: number;
  monthlyLeasePence: number | null;
  annualRevenuePence: number | null;
  description: string;
  features: string[];
  images: string[];
}

/** Every field of a listing, its images, and the seller's photos to publish. */
export function ListingEditor({
  listing,
  sellerPhotos,
  actionData,
}: {
  listing: EditableListing;
  sellerPhotos: { name: string; url: string; published: boolean }[];
  actionData?: IntentActionData;
}) {
  const { form, fields, submitting, formProps } = useIntentForm("save", listingEditSchema, actionData, {
    title: listing.title,
    category: listing.category,
    town: listing.town,
    postcode: listing.postcode ?? undefined,
    latitude: listing.latitude?.toString(),
    longitude: listing.longitude?.toString(),
    askingPrice: poundsField(listing.askingPricePence),
    monthlyLease: poundsField(listing.monthlyLeasePence),
    annualRevenue: poundsField(listing.annualRevenuePence),
    description: listing.description,
    features: listing.features.join("\n"),
    ...factDefaults(listing),
  });
  return (
    <Form {...formProps} encType="multipart/form-data" className="grid gap-5">
      <input type="hidden" name="intent" value="save" />
      <TextField meta={fields.title} label="Title" required />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField meta={fields.category} label="Category" required>
          <CategoryOptions />
        </SelectField>
        <TextField meta={fields.town} label="Town" required />
        <TextField meta={fields.postcode} label="Postcode" autoComplete="off" />
        <div className="grid grid-cols-2 gap-3">
          <TextField meta={fields.latitude} label="Latitude" inputMode="decimal" />
          <TextField meta={fields.longitude} label="Longitude" inputMode="decimal" />
        </div>
        <TextField meta={fields.askingPrice} label="Asking price (£)" inputMode="decimal" required />
        <TextField meta={fields.monthlyLease} label="Lease per month (£)" inputMode="decimal" />
        <TextField meta={fields.annualRevenue} label="Turnover (£)" inputMode="decimal" />
      </div>
      <TextareaField meta={fields.description} label="Description" rows={8} required />
      <TextareaField meta={fields.features} label="Features" hint="One per line, up to 20." rows={5} />
      <KeyFactsFields fields={fields} intro="As the seller gave them; buyers see them as the seller's figures." />

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Images on the listing</legend>
        {listing.images.length === 0 ? <p className="text-sm text-slate-700">None yet.</p> : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {listing.images.map((image, index) => (
            <li key={image} className="grid gap-1.5">
              <img
                src={image}
                alt=""
                className="aspect-[4/3] w-full rounded-md object-cover"
                width={240}
                height={180}
              />
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="keepImages"
                  value={image}
                  defaultChecked
                  className="size-4 accent-brand-700"
                />
                Keep image {index + 1}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      {sellerPhotos.length > 0 ? (
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            The seller&apos;s photos (private until published)
          </legend>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {sellerPhotos.map((photo, index) => (
              <li key={photo.name} className="grid gap-1.5">
                <img
                  src={photo.url}
                  alt=""
                  className="aspect-[4/3] w-full rounded-md object-cover"
                  width={240}
                  height={180}
                />
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="sellerPhotos"
                    value={photo.name}
                    defaultChecked={photo.published}
                    disabled={photo.published}
                    className="size-4 accent-brand-700"
                  />
                  {photo.published ? `Photo ${index + 1} is on the listing` : `Publish photo ${index + 1}`}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <div className="grid gap-1.5">
        <Label htmlFor="new-photos">Add images</Label>
        <Input
          id="new-photos"
          name="newPhotos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={fields.newPhotos.errors?.length ? fields.newPhotos.errorId : undefined}
        />
        {fields.newPhotos.errors?.[0] ? (
          <p id={fields.newPhotos.errorId} className="text-sm font-medium text-red-700">
            {fields.newPhotos.errors[0]}
          </p>
        ) : null}
      </div>
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </Form>
  );
}

/** The steps a listing can take from where it is: one button each, and a reason to reject or withdraw. */
export function ListingTransitions({
  transitions,
  featured,
  canFeature,
  underOffer,
  actionData,
}: {
  transitions: ListingTransition[];
  featured: boolean;
  canFeature: boolean;
  /** When a published listing went under offer (UK time), or null; undefined when it cannot be. */
  underOffer?: string | null;
  actionData?: IntentActionData;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        {transitions
          .filter((t) => t !== "reject" && t !== "withdraw")
          .map((transition) => (
            <Form method="post" key={transition}>
              <input type="hidden" name="intent" value={transition} />
              <Button type="submit" disabled={busy}>
                {listingTransitionLabels[transition]}
              </Button>
            </Form>
          ))}
        {canFeature ? (
          <Form method="post">
            <input type="hidden" name="intent" value={featured ? "unfeature" : "feature"} />
            <Button type="submit" variant="outline" disabled={busy}>
              {featured ? "Stop featuring" : "Feature"}
            </Button>
          </Form>
        ) : null}
        {underOffer !== undefined ? (
          <Form method="post">
            <input type="hidden" name="intent" value={underOffer ? "offer-cleared" : "under-offer"} />
            <Button type="submit" variant="outline" disabled={busy}>
              {underOffer ? "No longer under offer" : "Mark under offer"}
            </Button>
          </Form>
        ) : null}
      </div>
      {underOffer ? <p className="text-sm text-slate-700">Under offer since {underOffer}.</p> : null}
      {transitions.includes("withdraw") ? (
        <ReasonForm
          intent="withdraw"
          button={listingTransitionLabels.withdraw}
          className="grid gap-3 border-t border-slate-200 pt-4"
          label="Reason for withdrawing"
          hint="The seller receives this by e-mail and sees it in My listings. Only staff can put the listing back."
          busyLabel="Withdrawing..."
          actionData={actionData}
        />
      ) : null}
      {transitions.includes("reject") ? (
        <ReasonForm
          intent="reject"
          button={listingTransitionLabels.reject}
          className="grid gap-3 border-t border-slate-200 pt-4"
          label="Reason for rejecting"
          hint="The seller receives this by e-mail."
          busyLabel="Rejecting..."
          actionData={actionData}
        />
      ) : null}
    </div>
  );
}
